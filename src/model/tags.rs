//! The tags of a game as the standard defines them: the mandatory ones, the ones that are never
//! inherited, and what `#` and `##` hand from one game to the next.

use std::collections::HashMap;

use crate::syntax::ast::Game;

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
pub const NO_INHERITANCE: [&str; 8] = [
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
/// the tag in every following game that does not give the tag itself, until redefined.
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
            let resolved = if value == "#" {
                self.last.get(&name).cloned().unwrap_or_default()
            } else if let Some(text) = value.strip_prefix("##") {
                self.sticky.insert(name.clone(), text.to_string());
                text.to_string()
            } else {
                if let Some(sticky) = self.sticky.get_mut(&name) {
                    sticky.clone_from(&value);
                }
                value
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
