//! Properties of the RBN parser: total, lossless, and incremental reparsing equal to full parsing.

use kibitzer::syntax::rbn::RbnParse;
use proptest::prelude::*;

/// Fragments that matter to RBN's line and record structure and to its field grammars.
const FRAGMENTS: &[&str] = &[
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    " ",
    "\t",
    "%",
    "% RBN 2.2\n",
    "{",
    "}",
    "{text}\n",
    "T ",
    "H ",
    "A ",
    "P ",
    "N ",
    "B 1\n",
    "H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\n",
    "A WZ:1S2H2S4D:4SPP5H:XA\n",
    "P E:CK972:CQ!H483:\n",
    "1 forcing\n",
    ":",
    ";",
    ".",
    "+",
    "-",
    "^1",
    "!?",
    "*",
    "1S",
    "CK",
    "Y",
    "x",
    "é",
    "€",
    "😀",
    "\u{0}",
    "Q",
    "Z",
];

fn rbnish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..60).prop_map(|v| v.concat())
}

fn char_floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn lossless(text in rbnish()) {
        let parse = RbnParse::new(&text);
        prop_assert_eq!(parse.syntax().text().to_string(), text.clone());
        for error in parse.errors() {
            prop_assert!(usize::from(error.range.end()) <= text.len());
        }
    }

    #[test]
    fn incremental_equals_full(
        text in rbnish(),
        edits in prop::collection::vec((0usize..400, 0usize..20, rbnish()), 1..4),
    ) {
        let mut current = text;
        let mut parse = RbnParse::new(&current);
        for (at, len, insert) in edits {
            let start = char_floor(&current, at);
            let end = char_floor(&current, start + len);
            let mut next = String::with_capacity(current.len() + insert.len());
            next.push_str(&current[..start]);
            next.push_str(&insert);
            next.push_str(&current[end..]);
            parse.apply_edit(start..end, insert.len(), next.as_str());
            let full = RbnParse::new(&next);
            prop_assert!(parse == full, "edit {start}..{end} with {insert:?} on {current:?}");
            prop_assert_eq!(parse.syntax().text().to_string(), next.clone());
            current = next;
        }
    }
}

#[test]
fn edits_that_join_and_split_records() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("B 1\n\nB 2\n", 4, 5, ""),
        ("B 1\nB 2\n", 4, 4, "\n"),
        ("B 1\r\n\r\nB 2\r\n", 4, 4, "\n"),
        ("B 1\r\nB 2\r\n", 4, 4, "\n"),
        ("", 0, 0, "B 1\n\n"),
        ("B 1\n\n\nB 2\n\nB 3", 5, 6, "x"),
    ];
    for (text, start, end, insert) in cases {
        let mut parse = RbnParse::new(text);
        let next = format!("{}{}{}", &text[..*start], insert, &text[*end..]);
        parse.apply_edit(*start..*end, insert.len(), next.as_str());
        assert!(parse == RbnParse::new(&next), "{text:?} -> {next:?}");
    }
}
