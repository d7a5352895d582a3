//! Formatting a notation whose text is a list of pieces (RBN records, LIN boards): each piece is
//! rewritten on its own into an edit, so that the editor can format only what a range touches,
//! and a whole file is formatted by applying every edit. What a piece becomes is the notation's
//! ([`PieceFormat`]); walking the pieces, choosing the line end and deciding what a range
//! touches are written once, here.

use super::{Eol, FormatOptions};
use crate::diagnostic::{apply_edits, TextEdit};
use crate::syntax::{GreenElement, TextRange, TextSize, TopGrammar, TopLevel};

/// How a notation formatted piece by piece rewrites the children of its top level.
pub(crate) trait PieceFormat: TopGrammar {
    /// The line end `Eol::Keep` writes: by default the text's first one.
    fn kept_newline(_parse: &TopLevel<Self>, text: &str) -> &'static str {
        Eol::Keep.newline(text)
    }

    /// What the children from `index` on become, with `newline` as line end: the text that
    /// replaces them (`None` keeps them as written) and how many children that is (one or more).
    fn rewrite(children: &[GreenElement], index: usize, newline: &str) -> (Option<String>, usize);
}

/// The edits that format `text` (`parse` must be its parse) piece by piece, with line ends as
/// `eol` asks. With `range`, only the pieces it touches: a range that starts where a piece ends
/// touches the piece after it, and that piece only, unless nothing follows. Applying every edit
/// gives [`format_pieces`] of the text.
pub(crate) fn piece_edits<G: PieceFormat>(
    parse: &TopLevel<G>,
    text: &str,
    range: Option<TextRange>,
    eol: Eol,
) -> Vec<TextEdit> {
    let newline = match eol {
        Eol::Keep => G::kept_newline(parse, text),
        _ => eol.newline(text),
    };
    let children = parse.children();
    let starts = parse.child_starts();
    let start_of = |index: usize| starts.get(index).map_or(text.len(), |&s| s as usize);
    let mut edits = Vec::new();
    let mut index = 0;
    while index < children.len() {
        let start = start_of(index).min(text.len());
        let (replacement, count) = G::rewrite(children, index, newline);
        index += count.max(1);
        let end = start_of(index).min(text.len());
        let touched = range.is_none_or(|r| {
            let (from, to) = (usize::from(r.start()), usize::from(r.end()));
            start <= to && from <= end && (from < end || end == text.len())
        });
        match replacement {
            Some(new_text) if touched && text.get(start..end) != Some(new_text.as_str()) => {
                edits.push(TextEdit {
                    range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)),
                    new_text,
                });
            }
            _ => {}
        }
    }
    edits
}

/// Formats a whole text piece by piece: every edit of [`piece_edits`] applied, so that a file
/// and an editor get the same result.
pub(crate) fn format_pieces<G: PieceFormat>(text: &str, options: &FormatOptions) -> String {
    let parse = TopLevel::<G>::new(text);
    apply_edits(text, &piece_edits(&parse, text, None, options.eol))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::lin::{LinLanguage, LinParse};

    /// Two LIN boards, each one line, with keys in upper case.
    const TWO_BOARDS: &str = "QX|o1|MD|3S2,,,|\nQX|o2|MD|1SA,,,|\n";

    #[test]
    fn a_range_touches_the_pieces_it_meets_and_all_edits_format_the_text() {
        let text = TWO_BOARDS;
        let parse = LinParse::new(text);
        let edits = piece_edits(&parse, text, None, Eol::Keep);
        assert_eq!(edits.len(), 2, "{edits:?}");
        let whole = format_pieces::<LinLanguage>(text, &FormatOptions::default());
        assert_eq!(apply_edits(text, &edits), whole);
        assert_eq!(whole, "qx|o1|md|3S2,,,|\nqx|o2|md|1SA,,,|\n");
        // A cursor where the second board starts touches that board only.
        let second = TextSize::from(text.find("QX|o2").unwrap() as u32);
        let at_second = piece_edits(&parse, text, Some(TextRange::empty(second)), Eol::Keep);
        assert_eq!(at_second.len(), 1);
        assert_eq!(at_second[0].range.start(), second);
        // A range over the end of the first board and into the second touches both.
        let across = TextRange::new(second - TextSize::from(3), second + TextSize::from(1));
        assert_eq!(piece_edits(&parse, text, Some(across), Eol::Keep).len(), 2);
        // A cursor at the very end touches the last board.
        let end = TextRange::empty(TextSize::of(text));
        assert_eq!(piece_edits(&parse, text, Some(end), Eol::Keep).len(), 1);
    }
}
