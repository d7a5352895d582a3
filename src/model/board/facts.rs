//! What a PBN game says besides its bridge: the descriptive tags, read as facts under their
//! names with `#` and `##` followed, and the comments, read as commentary. Conversion and the
//! preview read them; the checks read the tags themselves.

use rowan::NodeOrToken;

use super::context::KEY_TAGS;
use crate::model::tags::Inheritance;
use crate::model::written::{Info, Table};
use crate::syntax::pbn::ast::{kind_of, Game};
use crate::syntax::SyntaxKind;

/// The tags besides the context's whose values are read into the structured parts of the board,
/// not kept as facts.
const STRUCTURED: [&str; 3] = ["Auction", "Play", "Note"];

/// The descriptive tags of `game` (everything not read into the structured parts, and not
/// Hidden), `#` and `##` followed: a tag the game leaves out takes the value a `##` of an earlier
/// game set. Empty and `?` values are left out.
pub(crate) fn read_facts(game: &Game, inherited: &Inheritance) -> Vec<Info> {
    let mut facts: Vec<Info> = Vec::new();
    let mut set = |name: &str, value: String| match facts.iter_mut().find(|f| f.name == name) {
        Some(fact) => fact.value = value,
        None => facts.push(Info {
            name: name.to_string(),
            value,
            origin: None,
        }),
    };
    let given: Vec<String> = game.tag_pairs().map(|t| t.name()).collect();
    for (name, value) in inherited.defaults() {
        let structured = KEY_TAGS.contains(&name) || STRUCTURED.contains(&name);
        let shown = !value.is_empty() && value != "?";
        if shown && !structured && name != "Hidden" && !given.iter().any(|g| g == name) {
            set(name, value.to_string());
        }
    }
    for tag in game.tag_pairs() {
        let name = tag.name();
        if !is_descriptive(&tag, &name) {
            continue;
        }
        let Some(mut value) = tag.value() else {
            continue;
        };
        if value == "#" {
            value = inherited.previous(&name).unwrap_or("").to_string();
        } else if let Some(v) = value.strip_prefix("##") {
            value = v.to_string();
        }
        if !value.is_empty() && value != "?" {
            set(&name, value);
        }
    }
    facts
}

/// Whether a tag pair of the game is a descriptive fact: at the game's level (not a section's
/// own tag), not a key tag, not read into the auction, play or notes, and not Hidden.
fn is_descriptive(tag: &crate::syntax::pbn::ast::TagPair, name: &str) -> bool {
    let in_section = tag
        .syntax()
        .parent()
        .is_some_and(|p| p.kind() != SyntaxKind::GAME);
    !in_section && name != "Hidden" && !KEY_TAGS.contains(&name) && !STRUCTURED.contains(&name)
}

/// The descriptive tags `game` itself gives with an empty or `?` value (not inherited ones),
/// in order.
pub(crate) fn read_vacant(game: &Game) -> Vec<Info> {
    let mut vacant: Vec<Info> = Vec::new();
    for tag in game.tag_pairs() {
        let name = tag.name();
        if !is_descriptive(&tag, &name) {
            continue;
        }
        match tag.value() {
            Some(value)
                if (value.trim().is_empty() || value.trim() == "?")
                    && !vacant.iter().any(|v| v.name == name) =>
            {
                vacant.push(Info {
                    name,
                    value: value.trim().to_string(),
                    origin: None,
                });
            }
            _ => {}
        }
    }
    vacant
}

/// The tables of `game`: each supplemental section's tag, and its lines after the tag.
pub(crate) fn read_tables(game: &Game) -> Vec<Table> {
    let mut tables = Vec::new();
    for section in game.sections() {
        if section.kind() != SyntaxKind::SUPPLEMENTAL_SECTION {
            continue;
        }
        let Some(tag) = section.tag() else { continue };
        let node = section.syntax();
        let tag_end = usize::from(tag.syntax().text_range().end() - node.text_range().start());
        let text = node.text().to_string();
        let rows = text
            .get(tag_end..)
            .unwrap_or("")
            .lines()
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|line| !line.is_empty())
            .collect();
        tables.push(Table {
            name: tag.name(),
            header: tag.value().unwrap_or_default(),
            rows,
        });
    }
    tables
}

/// The comments of the game (`{…}` without its braces, `;…` without its semicolon), in order.
pub(crate) fn read_commentary(game: &Game) -> Vec<String> {
    let mut commentary = Vec::new();
    // The green tree is walked rather than the red one: a red walk allocates a node for every
    // element of the game, which made this the costliest part of reading a board.
    collect_comments(&game.syntax().green(), &mut commentary);
    commentary
}

/// Pushes the text of every comment under `node`, in order (see [`read_commentary`]).
fn collect_comments(node: &rowan::GreenNodeData, commentary: &mut Vec<String>) {
    for child in node.children() {
        match child {
            NodeOrToken::Node(inner) => collect_comments(inner, commentary),
            NodeOrToken::Token(token) => {
                let text = token.text();
                match kind_of(token.kind()) {
                    SyntaxKind::COMMENT_BLOCK => {
                        let inner = text.strip_prefix('{').unwrap_or(text);
                        commentary.push(inner.strip_suffix('}').unwrap_or(inner).to_string());
                    }
                    SyntaxKind::COMMENT_LINE => {
                        commentary.push(text.strip_prefix(';').unwrap_or(text).trim().to_string());
                    }
                    _ => {}
                }
            }
        }
    }
}
