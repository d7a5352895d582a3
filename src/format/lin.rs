//! Formatting LIN: one board a line, as BBO writes it.
//!
//! Each piece (the vugraph header, each board) becomes its pairs run together on one line, keys in
//! lower case, values exactly as written; a pasted web address keeps a line of its own, with its
//! piece's pairs on the next. The line ends between pairs carry no meaning in LIN, so
//! nothing is lost; a piece with text that is no pair (an L702 error) is left as it is, since
//! joining its lines could glue the stray text to a key.

use rowan::NodeOrToken;

use super::pieces::PieceFormat;
use crate::syntax::lin::{read_piece, LinKind, LinLanguage, LinNode, LinParse, Pair, Piece};
use crate::syntax::GreenElement;

/// LIN is formatted piece by piece: each piece with nothing but pairs becomes its canonical
/// line; any other child stays as written.
impl PieceFormat for LinLanguage {
    /// The first line end between pairs (one inside a value is the value's own).
    fn kept_newline(parse: &LinParse, _text: &str) -> &'static str {
        first_newline_between_pairs(parse)
    }

    fn rewrite(children: &[GreenElement], index: usize, newline: &str) -> (Option<String>, usize) {
        let canonical = match children.get(index) {
            Some(NodeOrToken::Node(green)) => Piece::cast(LinNode::new_root(green.clone()))
                .and_then(|piece| canonical(&piece, newline)),
            _ => None,
        };
        (canonical, 1)
    }
}

/// The first line end of the file's line-end tokens (those between pairs), `\n` when none.
fn first_newline_between_pairs(parse: &LinParse) -> &'static str {
    for (node, _) in parse.chunks() {
        for element in node.children_with_tokens() {
            if let NodeOrToken::Token(token) = element {
                if token.kind() == LinKind::NEWLINE {
                    let text = token.text();
                    return if text.starts_with("\r\n") {
                        "\r\n"
                    } else if text.starts_with('\r') {
                        "\r"
                    } else {
                        "\n"
                    };
                }
            }
        }
    }
    "\n"
}

/// A piece on one line, or `None` when it holds text that is no pair. Its comment lines keep
/// lines of their own, where they stand among the pairs.
fn canonical(piece: &Piece, newline: &str) -> Option<String> {
    if piece
        .syntax()
        .children()
        .any(|n| n.kind() == LinKind::ERROR)
    {
        return None;
    }
    let mut out = String::new();
    // Where the current line of pairs started in `out` (nothing written to it yet when equal).
    let mut line_start = 0;
    let end_line = |out: &mut String, line_start: &mut usize| {
        if out.len() > *line_start {
            out.push_str(newline);
        }
        *line_start = out.len();
    };
    // The pair nodes in order, read as pairs: the children's walk below meets them one by one.
    let mut pairs = piece.pairs();
    for element in piece.syntax().children_with_tokens() {
        match element {
            NodeOrToken::Token(token) => match token.kind() {
                // An address keeps a line of its own (it runs to white space, so the pairs after
                // it in its piece cannot join its line); the piece's pairs follow on the next.
                // A comment runs to its line's end, so it too keeps its line.
                LinKind::URL | LinKind::COMMENT => {
                    end_line(&mut out, &mut line_start);
                    out.push_str(token.text());
                    out.push_str(newline);
                    line_start = out.len();
                }
                _ => {}
            },
            NodeOrToken::Node(node) => {
                if node.kind() != LinKind::PAIR {
                    return None;
                }
                let pair = pairs.next()?;
                if !pair.is_closed() {
                    return None;
                }
                // Only the blanks the scanner treats as white space go: any other character is
                // the key's.
                out.push_str(
                    &pair
                        .key_text()
                        .trim_matches([' ', '\t'])
                        .to_ascii_lowercase(),
                );
                out.push('|');
                out.push_str(pair.value());
                out.push('|');
            }
        }
    }
    end_line(&mut out, &mut line_start);
    (!out.is_empty() && reads_back(piece, &out)).then_some(out)
}

/// Whether `written`, read again, holds the piece's pairs: the same keys (in lower case) with the
/// same values, in order. Joining lines can change what a reader sees (a pair whose key is a line
/// end, `|\r|gp|`, joined after `pc|d9|` makes `pc|d9||gp|`, which reads as the value `d9|`), so
/// a line that reads otherwise is not written: the piece stays as it is.
fn reads_back(piece: &Piece, written: &str) -> bool {
    let essence = |pair: &Pair| (pair.key().to_ascii_lowercase(), pair.value().to_string());
    let again = read_piece(written);
    again.pairs.len() == piece.pairs().count()
        && again
            .pairs
            .iter()
            .zip(piece.pairs())
            .all(|(new, old)| essence(new) == essence(&old) && new.is_closed() == old.is_closed())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::pieces::format_pieces;
    use crate::format::FormatOptions;

    fn format_lin(text: &str, options: &FormatOptions) -> String {
        format_pieces::<LinLanguage>(text, options)
    }

    /// Asserts that `text` formats to `expected`, and that formatting that changes nothing.
    fn formats_to(text: &str, expected: &str) {
        let once = format_lin(text, &FormatOptions::default());
        assert_eq!(once, expected, "{text:?}");
        assert_eq!(format_lin(&once, &FormatOptions::default()), once);
    }

    #[test]
    fn one_board_a_line_with_lower_case_keys() {
        formats_to(
            "PN|a,b,c,d|st||\r\nmd|3S2,,,|\r\nmb|1C!|an|strong|\r\nqx|o2|MD|1SA,,,|",
            "pn|a,b,c,d|st||md|3S2,,,|mb|1C!|an|strong|\r\nqx|o2|md|1SA,,,|\r\n",
        );
        // A line end inside a value is the value's: the file's own is CRLF.
        let inside = "md|3S2,,,|nt|a\nb|\r\nqx|o2|\r\n";
        formats_to(inside, inside);
        // An address keeps its line; the pairs after it in its piece go on the next.
        formats_to(
            "qx|o1|md|1S2,,,| https://x.test/h?lin=qx%7Co2 mb|p|\nmb|d|",
            "qx|o1|md|1S2,,,|\nhttps://x.test/h?lin=qx%7Co2\nmb|p|mb|d|\n",
        );
        formats_to("https://x.test/h?n=SA", "https://x.test/h?n=SA\n");
        // A key of a no-break space (found by fuzzing: trimmed away as white space) is kept.
        formats_to("ah|x|\u{a0}|pc|", "ah|x|\u{a0}|pc|\n");
        // Comment lines keep their lines, before the pairs and among them.
        formats_to(
            "% made by hand\r\n%\r\nqx|o1|\r\nmd|1S2,,,|\r\n% the auction\r\nmb|p|\r\n\r\n",
            "% made by hand\r\n%\r\nqx|o1|md|1S2,,,|\r\n% the auction\r\nmb|p|\r\n",
        );
        // A pair whose key is a line end (found by fuzzing): joined after the pair before it,
        // `||` would make that pair's value hold a `|`; the piece stays as it is.
        let keyless = "qx|o1|pc|d9|\r|gp|\npc|h2|pc|hA|pg||\r\n";
        formats_to(keyless, keyless);
        let spaced = "qx|o1|pc|d9|\n |gp|pc|h2|\n";
        formats_to(spaced, spaced);
        // Stray text: the piece stays as it is.
        let stray = "md|3S2,,,|\nhello\nmb|p|\n";
        formats_to(stray, stray);
    }
}
