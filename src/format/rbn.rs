//! The canonical RBN writer over the tree: fields in the order `T D L E S F K N B H A C P R I M`,
//! notes right after the A or P field they explain, upper case in the fields where case carries
//! no meaning (`D B H A C P R M`), and one empty line after each record.
//!
//! Paragraphs keep their place relative to the diagram: those before the H field stay before it
//! (after the fields that precede H), the others follow the record's fields. `%` lines stay at
//! the top of their record. A record with a line the parser rejected is written back unchanged.

use rowan::NodeOrToken;

use super::pieces::PieceFormat;
use crate::syntax::rbn::{RbnLanguage, RbnNode, Record, RecordItem, LABELS};
use crate::syntax::GreenElement;

/// The labels whose data is case-insensitive (written in upper case).
const UPPER: &str = "DBHACPRM";

/// RBN is formatted record by record. Each record, with the blank lines that follow it, becomes
/// its canonical form and one empty line; blank lines before the first record go. RBN has no
/// export form: `options.export` changes nothing.
impl PieceFormat for RbnLanguage {
    fn rewrite(children: &[GreenElement], index: usize, newline: &str) -> (Option<String>, usize) {
        let (replacement, count) = match children.get(index) {
            Some(NodeOrToken::Node(green)) => {
                let record = Record::cast(RbnNode::new_root(green.clone()));
                let blank_follows = matches!(children.get(index + 1), Some(NodeOrToken::Token(_)));
                let mut out = record.map(|r| format_record(&r)).unwrap_or_default();
                out.push('\n');
                (out, 1 + usize::from(blank_follows))
            }
            // Blank lines not after a record: the text's leading blank lines.
            _ => (String::new(), 1),
        };
        // A record kept as written may hold other line ends: all become `newline`.
        let replacement = replacement.replace("\r\n", "\n").replace('\r', "\n");
        let replacement = if newline == "\n" {
            replacement
        } else {
            replacement.replace('\n', newline)
        };
        (Some(replacement), count)
    }
}

fn format_record(record: &Record) -> String {
    // A record with a line the parser rejected, with a `{` paragraph never closed by `}`
    // (which takes in every line up to the record's end, so moving it would swallow fields), or
    // with a line so long that the end of its data is not read (a field is written from the
    // data read), is written back as it is.
    let broken = record.items().any(|i| match i {
        RecordItem::Error(_) => true,
        RecordItem::Field(field) => field.has_unread_data(),
        RecordItem::Paragraph(t) => !t.text().trim_end().ends_with('}'),
        _ => false,
    });
    if broken {
        let mut text = record.syntax().text().to_string();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        return text;
    }
    let mut percent = Vec::new();
    let mut fields: Vec<(usize, usize, String)> = Vec::new(); // (label order, sequence, line)
    let mut before_diagram = Vec::new();
    let mut after_diagram = Vec::new();
    let mut notes_for = 'A';
    let mut auction_notes = Vec::new();
    let mut play_notes = Vec::new();
    let mut seen_h = false;
    for (seq, item) in record.items().enumerate() {
        match item {
            RecordItem::Percent(t) => percent.push(t.text().to_string()),
            RecordItem::Field(field) => {
                let label = field.label();
                if label == 'P' {
                    notes_for = 'P';
                }
                if label == 'H' {
                    seen_h = true;
                }
                let value = field.value();
                let value = if UPPER.contains(label) {
                    value.to_ascii_uppercase()
                } else {
                    value
                };
                let line = if value.is_empty() {
                    label.to_string()
                } else {
                    format!("{label} {value}")
                };
                let order = LABELS.find(label).unwrap_or(LABELS.len());
                fields.push((order, seq, line));
            }
            RecordItem::Note(note) => {
                let line = format!("{} {}", note.index(), note.text());
                if notes_for == 'P' {
                    play_notes.push(line);
                } else {
                    auction_notes.push(line);
                }
            }
            RecordItem::Paragraph(t) => {
                let text = t.text().replace("\r\n", "\n").replace('\r', "\n");
                if seen_h {
                    after_diagram.push(text);
                } else {
                    before_diagram.push(text);
                }
            }
            RecordItem::Error(_) => {}
        }
    }
    fields.sort_by_key(|(order, seq, _)| (*order, *seq));
    let mut out = String::new();
    for line in percent {
        out.push_str(&line);
        out.push('\n');
    }
    let h_order = LABELS.find('H').unwrap_or(0);
    let p_order = LABELS.find('P').unwrap_or(LABELS.len());
    // Notes read before any P line belong to the auction; without an A line they must still be
    // written before the first P line, or a second run would give them to the play.
    let has_auction = fields.iter().any(|(_, _, line)| line.starts_with('A'));
    let mut paragraphs_written = false;
    for (order, _, line) in &fields {
        if !has_auction && *order >= p_order {
            for note in std::mem::take(&mut auction_notes) {
                out.push_str(&note);
                out.push('\n');
            }
        }
        if *order >= h_order && !paragraphs_written {
            for p in before_diagram.drain(..) {
                out.push_str(&p);
                out.push('\n');
            }
            paragraphs_written = true;
        }
        out.push_str(line);
        out.push('\n');
        let label = line.chars().next().unwrap_or(' ');
        let notes = match label {
            'A' => std::mem::take(&mut auction_notes),
            'P' => std::mem::take(&mut play_notes),
            _ => Vec::new(),
        };
        for note in notes {
            out.push_str(&note);
            out.push('\n');
        }
    }
    for line in before_diagram
        .into_iter()
        .chain(auction_notes)
        .chain(play_notes)
        .chain(after_diagram)
    {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::TextEdit;
    use crate::format::pieces::{format_pieces, piece_edits};
    use crate::format::{Eol, FormatOptions};
    use crate::syntax::rbn::RbnParse;
    use crate::syntax::{TextRange, TextSize};

    fn format_rbn(text: &str, options: &FormatOptions) -> String {
        format_pieces::<RbnLanguage>(text, options)
    }

    #[test]
    fn orders_labels_places_notes_and_upper_cases() {
        // Note 1 comes after P in the input, so it explains the play; the paragraph stands
        // before H, so it stays before the diagram.
        let input = "% RBN\np s:hq3j2\n1 falsecard\nb 3\nN a+b:c+d\nA sz:1sp\n{intro}\nH s:akq.jt9.876.5432:\n2 n\n\n\n";
        let expected = "% RBN\nN a+b:c+d\nB 3\n{intro}\nH S:AKQ.JT9.876.5432:\nA SZ:1SP\nP S:HQ3J2\n1 falsecard\n2 n\n\n";
        let out = format_rbn(input, &FormatOptions::default());
        assert_eq!(out, expected);
        assert_eq!(
            format_rbn(&out, &FormatOptions::default()),
            out,
            "idempotent"
        );
    }

    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let mut out = text.to_string();
        for edit in edits.iter().rev() {
            let range = usize::from(edit.range.start())..usize::from(edit.range.end());
            out.replace_range(range, &edit.new_text);
        }
        out
    }

    #[test]
    fn edits_give_the_formatted_text_and_touch_only_what_changes() {
        let input = "\n\nB 1\nh n:akq.jt9.876.5432:\n\n\nB 2\nA NZ:P\n\nb 3\n";
        let parse = RbnParse::new(input);
        let edits = piece_edits(&parse, input, None, Eol::Keep);
        assert_eq!(
            apply(input, &edits),
            format_rbn(input, &FormatOptions::default())
        );
        // The leading blank lines, record 1 (case, two blank lines) and record 3 (case): not 2.
        assert_eq!(edits.len(), 3, "{edits:?}");
        let record3 = input.find("b 3").unwrap() as u32;
        let only = piece_edits(
            &parse,
            input,
            Some(TextRange::empty(TextSize::from(record3 + 1))),
            Eol::Keep,
        );
        assert_eq!(only.len(), 1);
        assert_eq!(only[0].new_text, "B 3\n\n");
        let crlf = "B 1\r\nA NZ:P\r\n";
        let edits = piece_edits(&RbnParse::new(crlf), crlf, None, Eol::Keep);
        assert_eq!(apply(crlf, &edits), "B 1\r\nA NZ:P\r\n\r\n");
    }

    #[test]
    fn line_ends_follow_the_options_like_pbn() {
        let crlf = "b 1\r\nA NZ:P\r\n";
        let keep = FormatOptions::default();
        assert_eq!(format_rbn(crlf, &keep), "B 1\r\nA NZ:P\r\n\r\n");
        let to_crlf = FormatOptions {
            eol: Eol::Crlf,
            ..FormatOptions::default()
        };
        assert_eq!(format_rbn("b 1\n", &to_crlf), "B 1\r\n\r\n");
        let to_lf = FormatOptions {
            eol: Eol::Lf,
            ..FormatOptions::default()
        };
        assert_eq!(format_rbn(crlf, &to_lf), "B 1\nA NZ:P\n\n");
    }

    #[test]
    fn records_with_unknown_lines_are_kept() {
        let input = "B 1\nZ what\nA nz";
        assert_eq!(
            format_rbn(input, &FormatOptions::default()),
            "B 1\nZ what\nA nz\n\n"
        );
    }
}
