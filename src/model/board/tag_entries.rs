//! A PBN game's tag pairs read once, in text order: each one's name, its value as written and
//! after `#`/`##`, and whether an earlier tag of the same name makes it ignored. Every reader
//! of a game starts here: the checker reports on the entries (names, values, inheritance,
//! repeats), and the model takes its key tags from them ([`KeyTags::of_entries`]).

use super::context::{KeyTags, TagValue, KEY_TAGS};
use crate::model::tags::{Inheritance, NO_INHERITANCE};
use crate::model::values::{value_text_of, ValueText};
use crate::syntax::pbn::ast::TagPair;
use crate::syntax::{SyntaxKind, TextRange};

/// One tag pair of a game as read.
#[derive(Debug)]
pub(crate) struct TagEntry {
    /// The pair in the tree.
    pub pair: TagPair,
    /// The name token (its text is the name; kept as the tree's token, not copied).
    pub name: rowan::GreenToken,
    /// Where the name stands.
    pub name_range: TextRange,
    /// The value as written, unescaped, and its range; `None` when the tag has no value.
    pub written: Option<(ValueText, TextRange)>,
    /// Where the value after inheritance comes from (meaningful when the tag has a value).
    pub origin: ValueOrigin,
    /// For a later tag of a name already given (Notes aside): the index of the entry that
    /// counts. The standard ignores the repeat.
    pub repeat_of: Option<usize>,
    /// A Note inside an Auction or Play section.
    pub section_note: bool,
}

/// Where a tag's value after inheritance comes from.
#[derive(Debug)]
pub(crate) enum ValueOrigin {
    /// The value as written (most tags: kept once, not copied).
    Written,
    /// `#`: the previous game's value of the tag.
    Inherited(String),
    /// `#` where no earlier game gives the tag a value: empty.
    NothingToInherit,
    /// `##text`: the text after the marks (which also becomes the inherited value).
    Own(String),
    /// `#` or `##` on a tag the standard forbids to inherit: no value can be known.
    Forbidden,
}

impl TagEntry {
    /// The tag's name.
    pub fn name(&self) -> &str {
        self.name.text()
    }

    /// Whether a repeat makes the standard ignore it.
    pub fn ignored(&self) -> bool {
        self.repeat_of.is_some()
    }

    /// The value after inheritance; `None` when the tag has none or it cannot be known.
    pub fn resolved(&self) -> Option<&str> {
        let (written, _) = self.written.as_ref()?;
        match &self.origin {
            ValueOrigin::Written => Some(written.as_str()),
            ValueOrigin::Inherited(text) | ValueOrigin::Own(text) => Some(text),
            ValueOrigin::NothingToInherit => Some(""),
            ValueOrigin::Forbidden => None,
        }
    }

    /// The value after inheritance with where it stands, when the tag counts (it is no
    /// ignored repeat) and has one.
    pub fn value(&self) -> Option<TagValue> {
        if self.ignored() {
            return None;
        }
        let (_, range) = self.written.as_ref()?;
        Some(TagValue {
            text: self.resolved()?.to_string(),
            range: *range,
            tag_range: self.pair.syntax().text_range(),
        })
    }
}

/// Reads `pairs` (a game's tag pairs in text order, those inside sections included), following
/// `#` and `##` from `inherited`. A pair without a name is left out.
pub(crate) fn read_tag_entries(
    pairs: impl IntoIterator<Item = TagPair>,
    inherited: &Inheritance,
) -> Vec<TagEntry> {
    // Sized for a usual game (a score of tags): growing it four times cost more.
    let mut entries: Vec<TagEntry> = Vec::with_capacity(24);
    for pair in pairs {
        let (name, value) = pair.name_and_value();
        let Some((name, name_range)) = name else {
            continue;
        };
        let text = name.text();
        let section_note = text == "Note"
            && pair.syntax().parent().is_some_and(|p| {
                matches!(
                    p.kind(),
                    SyntaxKind::AUCTION_SECTION | SyntaxKind::PLAY_SECTION
                )
            });
        let repeat_of = if text == "Note" {
            None
        } else {
            entries
                .iter()
                .position(|e| e.name() == text && !e.ignored())
        };
        let written = value.map(|(element, offset)| value_text_of(element, offset));
        let origin = match &written {
            Some((value, _)) => origin_of(text, value.as_str(), inherited),
            None => ValueOrigin::Written,
        };
        entries.push(TagEntry {
            pair,
            name,
            name_range,
            written,
            origin,
            repeat_of,
            section_note,
        });
    }
    entries
}

/// Where the value `value` of the tag `name` comes from.
fn origin_of(name: &str, value: &str, inherited: &Inheritance) -> ValueOrigin {
    if value != "#" && !value.starts_with("##") {
        return ValueOrigin::Written;
    }
    if NO_INHERITANCE.contains(&name) {
        return ValueOrigin::Forbidden;
    }
    match value.strip_prefix("##") {
        Some(own) => ValueOrigin::Own(own.to_string()),
        None => match inherited.previous(name) {
            Some(previous) => ValueOrigin::Inherited(previous.to_string()),
            None => ValueOrigin::NothingToInherit,
        },
    }
}

impl KeyTags {
    /// The key tags among `entries`: for each name the tag that counts, the first (a repeat is
    /// ignored, even when the first has no value that can be read).
    pub(crate) fn of_entries(entries: &[TagEntry]) -> KeyTags {
        let mut keys = KeyTags::default();
        let counted = entries.iter().filter(|e| !e.ignored() && !e.section_note);
        for entry in counted.filter(|e| KEY_TAGS.contains(&e.name())) {
            let value = entry.value();
            match entry.name() {
                "Dealer" => keys.dealer = value,
                "Declarer" => keys.declarer = value,
                "Contract" => keys.contract = value,
                "Result" => keys.result = value,
                "Vulnerable" => keys.vulnerable = value,
                _ => {
                    keys.deal = value;
                    keys.deal_node = entry.pair.value_node();
                }
            }
        }
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::pbn::ast::Game;
    use crate::syntax::Parse;

    /// The entries of the last game of `text`, each game handing down to the next.
    fn last_entries(text: &str) -> Vec<TagEntry> {
        let parse = Parse::new(text);
        let mut inherited = Inheritance::default();
        let mut entries = Vec::new();
        for game in parse.syntax().children().filter_map(Game::cast) {
            entries = read_tag_entries(game.tag_pairs(), &inherited);
            inherited.advance(&game);
        }
        entries
    }

    #[test]
    fn values_follow_inheritance_and_repeats_point_at_the_first() {
        let text = "[Event \"Club\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Site \"#\"]\n[Board \"##2\"]\n[Dealer \"#\"]\n[Board \"3\"]\n[Auction \"N\"]\nPass\n[Note \"1:x\"]\n";
        let entries = last_entries(text);
        let seen: Vec<(&str, Option<&str>, Option<usize>)> = entries
            .iter()
            .map(|e| (e.name(), e.resolved(), e.repeat_of))
            .collect();
        assert_eq!(
            seen,
            [
                ("Event", Some("Club"), None),
                ("Site", Some(""), None),
                ("Board", Some("2"), None),
                ("Dealer", None, None),
                ("Board", Some("3"), Some(2)),
                ("Auction", Some("N"), None),
                ("Note", Some("1:x"), None),
            ]
        );
        assert!(matches!(entries[1].origin, ValueOrigin::NothingToInherit));
        assert!(matches!(entries[3].origin, ValueOrigin::Forbidden));
        assert!(entries[6].section_note);
        // The repeat has no value that counts; the key tags take the first Dealer even though
        // its value cannot be known.
        assert_eq!(entries[4].value(), None);
        let keys = KeyTags::of_entries(&entries);
        assert_eq!(keys.dealer, None);
    }
}
