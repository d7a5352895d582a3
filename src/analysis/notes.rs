//! Notes: `=k=` references in the auction and play against the `[Note "k:…"]` tags of the
//! same section (N401–N405), and Notes where no section can use them (N406). A board read from
//! another notation has its references checked against its records' notes (N401 only: its
//! reader numbers the notes, so they are in range and given once).

use crate::diagnostic::Code;
use crate::diagnostic::Diagnostic;
use crate::model::board::{BoardModel, SectionKind};
use crate::model::values::newline_of;
use crate::model::written::{followed, Annotation, Origin, NOWHERE};
use crate::syntax::pbn::ast::{Section, SectionParts, TagPair};
use crate::syntax::{SyntaxKind, TextRange, TextSize};

/// A Note tag's index and where it stands, when the value is well formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NoteIndex {
    /// The index (may be out of range; that is reported separately).
    pub index: u32,
    /// The range of the index text.
    pub range: TextRange,
}

/// Reads a Note tag's `<index>:<text>`, reporting N405 and N404.
pub(crate) fn read_note(tag: &TagPair, out: &mut Vec<Diagnostic>) -> Option<NoteIndex> {
    let (raw, value_range) = tag.raw_value()?;
    // Whether the structured value, if there is one, has its `:` (read on the green tree).
    let kind_of = <crate::syntax::PbnLanguage as rowan::Language>::kind_from_raw;
    let green = tag.syntax().green();
    let colon = green
        .children()
        .filter_map(|child| child.into_node())
        .find(|node| kind_of(node.kind()) == SyntaxKind::TAG_VALUE)
        .map(|node| {
            node.children()
                .any(|child| kind_of(child.kind()) == SyntaxKind::COLON)
        });
    let index_text = match raw.split_once(':') {
        Some((index, _)) if colon != Some(false) => index,
        _ => {
            out.push(Diagnostic::new(
                Code::N405,
                value_range,
                "a Note is `<number>:<text>`, like `1:strong club`",
            ));
            return None;
        }
    };
    let range = TextRange::at(value_range.start(), TextSize::of(index_text));
    if index_text.is_empty() || !index_text.bytes().all(|b| b.is_ascii_digit()) {
        out.push(Diagnostic::new(
            Code::N405,
            if index_text.is_empty() {
                value_range
            } else {
                range
            },
            format!("`{index_text}` is not a note number: a Note is `<number>:<text>`"),
        ));
        return None;
    }
    let index = index_text.parse::<u32>().unwrap_or(u32::MAX);
    check_range(index, range, out);
    Some(NoteIndex { index, range })
}

fn check_range(index: u32, range: TextRange, out: &mut Vec<Diagnostic>) {
    if !(1..=32).contains(&index) {
        out.push(Diagnostic::new(
            Code::N404,
            range,
            format!("note number {index} is out of range: notes are numbered 1 to 32"),
        ));
    }
}

/// Checks the notes of an Auction or Play section (see [`Section::notes`]) against its `=k=`
/// references.
pub(crate) fn check_section_notes(
    section: &Section,
    parts: &SectionParts,
    out: &mut Vec<Diagnostic>,
) {
    let what = if section.kind() == SyntaxKind::AUCTION_SECTION {
        "call"
    } else {
        "card"
    };
    // (index, the Note tag's range, its name range), first occurrences only.
    let mut notes: Vec<(u32, TextRange, TextRange)> = Vec::new();
    for note in section.notes_among(&parts.tag_pairs) {
        let Some(found) = read_note(&note, out) else {
            continue;
        };
        let name_range = note
            .name_and_range()
            .map_or(note.syntax().text_range(), |(_, range)| range);
        if let Some(&(_, first, _)) = notes.iter().find(|(i, _, _)| *i == found.index) {
            out.push(
                Diagnostic::new(
                    Code::N403,
                    note.syntax().text_range(),
                    format!("note {} is defined twice in this section", found.index),
                )
                .with_related(first, format!("note {} first defined here", found.index)),
            );
            continue;
        }
        notes.push((found.index, note.syntax().text_range(), name_range));
    }
    let mut used = vec![false; notes.len()];
    // The section's line end and whether it ends with one, for the fixes that add a note.
    let mut section_end: Option<(&str, bool)> = None;
    for (range, token) in &parts.note_refs {
        let range = *range;
        let text = token.text();
        let digits = text.trim_matches('=');
        let Ok(index) = digits.parse::<u32>() else {
            continue;
        };
        if !(1..=32).contains(&index) {
            check_range(index, range, out);
            continue;
        }
        match notes.iter().position(|(i, _, _)| *i == index) {
            Some(position) => used[position] = true,
            None => {
                let insert_at = section.syntax().text_range().end();
                // Read once per section: a section of many undefined references would
                // otherwise copy its whole text for each of them.
                let (eol, ends_with_newline) = *section_end.get_or_insert_with(|| {
                    // The last character, from the last token, not copied: a section may be
                    // megabytes. (Asking the text for the character at its last byte panicked
                    // when that byte was inside a character such as `é`.)
                    let ends = section
                        .syntax()
                        .last_token()
                        .and_then(|t| t.text().chars().next_back())
                        .is_some_and(|c| c == '\n' || c == '\r');
                    (newline_of(section.syntax()), ends)
                });
                let new_text = if ends_with_newline {
                    format!("[Note \"{index}:\"]{eol}")
                } else {
                    format!("{eol}[Note \"{index}:\"]")
                };
                out.push(
                    Diagnostic::new(
                        Code::N401,
                        range,
                        format!("this {what} refers to note {index}, but the section has no [Note \"{index}:…\"]"),
                    )
                    .with_unsafe_fix(
                        format!("Add note {index}"),
                        TextRange::empty(insert_at),
                        new_text,
                    ),
                );
            }
        }
    }
    for ((index, range, _), used) in notes.iter().zip(used) {
        if !used {
            out.push(Diagnostic::new(
                Code::N402,
                *range,
                format!(
                    "note {index} is not referred to by any {what} of this section (`={index}=`)"
                ),
            ));
        }
    }
}

/// N406 for a Note outside the Auction and Play sections (its value is still checked).
pub(crate) fn misplaced_note(tag: &TagPair, out: &mut Vec<Diagnostic>) {
    read_note(tag, out);
    out.push(Diagnostic::new(
        Code::N406,
        tag.syntax().text_range(),
        "a Note belongs after the Auction or Play section whose calls or cards refer to it",
    ));
}

/// N401 for a board read from another notation: each call and card that refers to a note its
/// auction or play does not give. A reference with no place in the source stands at
/// [`NOWHERE`].
pub(crate) fn check_board_notes(board: &BoardModel, out: &mut Vec<Diagnostic>) {
    if let Some(auction) = &board.auction {
        let written = auction.written();
        let calls = followed(&written).iter().map(|c| (&c.annotation, c.origin));
        let notes = board.notes(SectionKind::Auction);
        undefined_notes(calls, &notes, ("call", "auction"), out);
    }
    if let Some(play) = board.play_as_written() {
        let tricks = play.written();
        let cards = tricks.iter().flatten().map(|c| (&c.annotation, c.origin));
        let notes = board.notes(SectionKind::Play);
        undefined_notes(cards, &notes, ("card", "play"), out);
    }
}

/// The N401 of each reference in `items` to a note not among `notes`; `words` names an item
/// and its section.
fn undefined_notes<'a>(
    items: impl Iterator<Item = (&'a Annotation, Origin)>,
    notes: &[(u8, String)],
    (what, section): (&str, &str),
    out: &mut Vec<Diagnostic>,
) {
    for (annotation, origin) in items {
        let Some(index) = annotation.note else {
            continue;
        };
        if notes.iter().all(|(given, _)| *given != index) {
            out.push(Diagnostic::new(
                Code::N401,
                origin.unwrap_or(NOWHERE),
                format!(
                    "this {what} refers to note {index}, but the {section} gives no note {index}"
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::CheckOptions;
    use crate::diagnostic::Code;
    use crate::notation::Notation;

    /// Found by the property test: an undefined note reference in a section whose last
    /// character takes two bytes panicked while wording N401's fix.
    #[test]
    fn a_section_ending_in_a_wide_character_gets_its_n401() {
        let report = Notation::Pbn.check("[ [ [Auction \"N\"] =1= ] é", &CheckOptions::default());
        let n401 = report.diagnostics.iter().find(|d| d.code == Code::N401);
        let fix = n401.and_then(|d| d.fixes.first()).expect("N401 with a fix");
        assert!(fix.edits[0].new_text.starts_with('\n'), "{fix:?}");
    }
}
