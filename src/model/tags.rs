//! The tags of a game as the standard defines them: the mandatory ones, the ones that are never
//! inherited, and what `#` and `##` hand from one game to the next.

use std::collections::HashMap;

use crate::syntax::pbn::ast::Game;

/// The 15 tags of the Mandatory Tag Set, in export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// Tags on which `#` and `##` are forbidden (chapter 4.8).
pub(crate) const NO_INHERITANCE: [&str; 8] = [
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Auction",
    "Play",
    "Note",
];

/// The tag values that games pass on to later games (chapter 4.8).
///
/// `#` takes the nearest earlier game's value of the tag; `##text` makes `text` the value of
/// the tag in every following game that does not give the tag itself, until a game gives the
/// tag again. A plain value or a `#` given again is that game's value only: from then on a game
/// that leaves the tag out has none (so the reference verifier reads the standard, and exports
/// such a game with the tag as `?`); a new `##` starts another run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inheritance {
    /// The latest value each tag had in an earlier game.
    last: HashMap<String, String>,
    /// Values set with `##`, for the games that omit the tag.
    sticky: HashMap<String, String>,
}

impl Inheritance {
    /// The value `#` stands for in the tag `name`, if an earlier game gave one.
    pub fn previous(&self, name: &str) -> Option<&str> {
        self.last.get(name).map(String::as_str)
    }

    /// The value a `##` in an earlier game gives the tag `name` in games that omit it.
    pub fn default_for(&self, name: &str) -> Option<&str> {
        self.sticky.get(name).map(String::as_str)
    }

    /// Every tag a `##` gave a value for games that omit it, in the export order of the
    /// Mandatory Tag Set, then by name.
    pub fn defaults(&self) -> Vec<(&str, &str)> {
        let mut defaults: Vec<(&str, &str)> = self
            .sticky
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        let rank = |name: &str| {
            MANDATORY_TAGS
                .iter()
                .position(|m| *m == name)
                .unwrap_or(MANDATORY_TAGS.len())
        };
        defaults.sort_by(|a, b| rank(a.0).cmp(&rank(b.0)).then(a.0.cmp(b.0)));
        defaults
    }

    /// Whether nothing is inherited.
    pub fn is_empty(&self) -> bool {
        self.last.is_empty() && self.sticky.is_empty()
    }

    /// Takes in the tags of `game`, which follows the games seen so far.
    pub fn advance(&mut self, game: &Game) {
        let mut seen: Vec<String> = Vec::new();
        for tag in game.tag_pairs() {
            let name = tag.name();
            if name.is_empty() || NO_INHERITANCE.contains(&name.as_str()) || seen.contains(&name) {
                continue;
            }
            let Some(value) = tag.value() else { continue };
            let resolved = if let Some(text) = value.strip_prefix("##") {
                self.sticky.insert(name.clone(), text.to_string());
                text.to_string()
            } else {
                // Given again, the tag no longer falls back on its `##` value.
                self.sticky.remove(&name);
                if value == "#" {
                    self.last.get(&name).cloned().unwrap_or_default()
                } else {
                    value
                }
            };
            if self.last.get(&name) != Some(&resolved) {
                self.last.insert(name.clone(), resolved);
            }
            seen.push(name);
        }
        for (name, value) in &self.sticky {
            if !seen.contains(name) && self.last.get(name) != Some(value) {
                self.last.insert(name.clone(), value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Parse;

    /// The Date each game of `text` leaves to the games after it that omit the tag, and what
    /// `#` stands for there.
    fn dates(text: &str) -> Vec<(Option<String>, Option<String>)> {
        let parse = Parse::new(text);
        let mut inherited = Inheritance::default();
        let mut out = Vec::new();
        for game in parse.syntax().children().filter_map(Game::cast) {
            inherited.advance(&game);
            out.push((
                inherited.default_for("Date").map(str::to_string),
                inherited.previous("Date").map(str::to_string),
            ));
        }
        out
    }

    #[test]
    fn a_double_hash_value_holds_until_the_tag_is_given_again() {
        let some = |s: &str| Some(s.to_string());
        let text = "[Date \"##2007.03.10\"]\n[Board \"1\"]\n\n[Board \"2\"]\n\n\
                    [Date \"2007.03.11\"]\n[Board \"3\"]\n\n[Board \"4\"]\n\n\
                    [Date \"##2007.03.12\"]\n[Board \"5\"]\n\n[Date \"#\"]\n[Board \"6\"]\n";
        assert_eq!(
            dates(text),
            [
                (some("2007.03.10"), some("2007.03.10")),
                (some("2007.03.10"), some("2007.03.10")),
                // A plain value ends the `##`: game 4, which leaves Date out, has none, but
                // `#` would still find game 3's.
                (None, some("2007.03.11")),
                (None, some("2007.03.11")),
                (some("2007.03.12"), some("2007.03.12")),
                // `#` takes the value and ends the run as well.
                (None, some("2007.03.12")),
            ]
        );
    }
}
