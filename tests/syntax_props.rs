//! Properties of the parser: total, lossless, and incremental reparsing equal to full parsing.

mod common;

use kibitzer::syntax::{Outline, Parse};
use kibitzer::text::decode;
use proptest::prelude::*;

/// Fragments that matter to PBN's lexer and splitter, to build nasty inputs quickly.
const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "\"",
    "\\",
    "{",
    "}",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    ";",
    "%",
    "[Event \"x\"]",
    "[Auction \"N\"]",
    "[Play \"W\"]",
    "[Note \"1:a\"]",
    "[Deal \"N:AK.Q.J.T - - -\"]",
    "[ScoreTable \"Rank\\2R;Score\"]",
    "[OptimumResultTable \"Declarer;Result\"]",
    "[MyData \"x\"]",
    "N 7",
    "{x}",
    "{\n\n}",
    "Event",
    "1S",
    "SK",
    "Pass",
    "=1=",
    "$3",
    "^I",
    "^R",
    "!?",
    "*",
    "+",
    "-",
    "é",
    "€",
    "😀",
    "\u{0}",
    "\u{7f}",
    "\n\n",
    " \t\n",
];

fn pbnish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80).prop_map(|v| v.concat())
}

fn assert_lossless(text: &str) {
    let parse = Parse::new(text);
    assert_eq!(parse.syntax().text().to_string(), text);
    for error in parse.errors() {
        assert!(u32::from(error.range.end()) as usize <= text.len());
    }
}

/// Checks that the splitter cut `text` where the parser would: no chunk holds, outside a comment
/// the parser reads, a semi-empty line (which would end a game), and only the last chunk may
/// end inside a comment that is never closed.
fn assert_chunks_are_games(text: &str) {
    use kibitzer::syntax::SyntaxKind;
    let parse = Parse::new(text);
    let chunks: Vec<_> = parse
        .syntax()
        .children()
        .filter(|n| matches!(n.kind(), SyntaxKind::GAME | SyntaxKind::TRIVIA))
        .collect();
    for (index, chunk) in chunks.iter().enumerate() {
        // Whether only spaces and tabs have come since the last line end read by the parser.
        let mut line_blank_so_far = false;
        for token in chunk
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
        {
            match token.kind() {
                SyntaxKind::NEWLINE => {
                    assert!(
                        !line_blank_so_far,
                        "a semi-empty line inside the chunk {:?} of\n{text:?}",
                        chunk.text().to_string()
                    );
                    line_blank_so_far = true;
                }
                SyntaxKind::WHITESPACE if token.text().bytes().all(|b| b == b' ' || b == b'\t') => {
                }
                _ => line_blank_so_far = false,
            }
            let unclosed_comment =
                token.kind() == SyntaxKind::COMMENT_BLOCK && !token.text().ends_with('}');
            if unclosed_comment {
                assert_eq!(
                    index + 1,
                    chunks.len(),
                    "an unclosed comment ends a chunk before the last in\n{text:?}"
                );
            }
        }
    }
}

/// Applies `old[range] = insert` to a parse, an outline and the text, and compares the
/// incremental results with full parses of the new text.
fn edit_and_compare(
    state: &mut (Parse, Outline),
    text: &mut String,
    range: std::ops::Range<usize>,
    insert: &str,
) {
    let (parse, outline) = state;
    let old_starts = outline.child_starts().to_vec();
    let old_blank: Vec<bool> = (0..old_starts.len()).map(|i| outline.is_blank(i)).collect();
    text.replace_range(range.clone(), insert);
    parse.apply_edit(range.clone(), insert.len(), text.as_str());
    let mut visited = Vec::new();
    let splice = outline.apply_edit_with(range.clone(), insert.len(), text.as_str(), |i, c| {
        visited.push((i, c.start, c.node.clone(), c.errors.to_vec()));
    });
    let full = Parse::new(text);
    assert!(
        *parse == full,
        "incremental parse differs from full parse after editing\n{text:?}"
    );
    assert_eq!(parse.green(), full.green());
    assert_eq!(parse.syntax().text().to_string(), *text);

    // The outline follows the edit like the parse does, and agrees with it.
    assert_eq!(
        *outline,
        Outline::new(text),
        "outline after editing\n{text:?}"
    );
    assert_eq!(*outline, full.outline());
    assert_eq!(outline.child_starts(), full.child_starts());
    assert_eq!(outline.errors(), full.errors());
    for (i, child) in full.children().iter().enumerate() {
        assert_eq!(outline.is_blank(i), child.as_token().is_some());
        assert_eq!(outline.child_range(i), full.child_range(i));
    }
    // The splice names the replaced children exactly: those before it are the old ones,
    // those after it the old ones shifted by the edit.
    let delta = insert.len() as i64 - (range.end - range.start) as i64;
    let new_range = splice.new_range();
    assert_eq!(
        old_starts.len() - splice.removed.len() + splice.inserted,
        outline.child_count()
    );
    assert_eq!(
        &outline.child_starts()[..new_range.start],
        &old_starts[..splice.removed.start]
    );
    for (new, old) in (new_range.end..outline.child_count()).zip(splice.removed.end..) {
        assert_eq!(
            outline.child_starts()[new] as i64,
            old_starts[old] as i64 + delta
        );
        assert_eq!(outline.is_blank(new), old_blank[old]);
    }
    // Every new game or comment chunk was shown to the visitor, with its tree and errors.
    let chunks: Vec<usize> = new_range.filter(|&i| !outline.is_blank(i)).collect();
    assert_eq!(visited.iter().map(|v| v.0).collect::<Vec<_>>(), chunks);
    for (i, start, node, errors) in visited {
        assert_eq!(start, outline.child_starts()[i]);
        assert_eq!(full.children()[i].as_node(), Some(&node));
        let absolute: Vec<_> = errors
            .into_iter()
            .map(|mut e| {
                e.range += kibitzer::syntax::TextSize::from(start);
                e
            })
            .collect();
        assert_eq!(absolute, outline.errors_in(i));
    }
}

/// A parse and an outline of `text`.
fn both(text: &str) -> (Parse, Outline) {
    (Parse::new(text), Outline::new(text))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_parse_losslessly(text in any::<String>()) {
        assert_lossless(&text);
    }

    #[test]
    fn pbn_like_strings_parse_losslessly(text in pbnish()) {
        assert_lossless(&text);
    }

    #[test]
    fn games_end_where_the_parser_sees_a_semi_empty_line(text in pbnish()) {
        assert_chunks_are_games(&text);
    }

    #[test]
    fn arbitrary_bytes_decode_and_parse_losslessly(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(source) = decode(&bytes) {
            assert_lossless(&source.text);
        }
    }

    #[test]
    fn incremental_equals_full_on_pbn_like_text(
        text in pbnish(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..6, pbnish()), 1..6),
    ) {
        let mut text = text;
        let mut parse = both(&text);
        for (at, delete, insert) in edits {
            let len = text.len();
            let start = floor(&text, at.index(len + 1));
            let end = floor(&text, (start + delete).min(len));
            let insert: String = insert.chars().take(6).collect();
            edit_and_compare(&mut parse, &mut text, start..end, &insert);
        }
    }
}

fn floor(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A small deterministic generator, so the corpus edit test is the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn thousands_of_random_edits_on_corpus_files_match_full_parses() {
    const INSERTS: &[&str] = &[
        "\n",
        "\n\n",
        " \n",
        "{",
        "}",
        "\"",
        "[",
        "]",
        "x",
        "%",
        ";",
        "\r\n",
        "[Event \"e\"]\n",
        "Pass ",
        "{a\n\nb}",
        "\t",
        "é",
    ];
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let files = common::corpus_files("pbn", "pbn");
    let mut edits = 0;
    // Medium-sized files keep the full-parse oracle affordable; every tenth file is taken.
    for path in files.iter().step_by(10) {
        let bytes = std::fs::read(path).expect("readable");
        let source = decode(&bytes).expect("decodes");
        if source.text.len() > 60_000 {
            continue;
        }
        let mut text = source.text;
        let mut parse = both(&text);
        for _ in 0..150 {
            let len = text.len();
            let start = floor(&text, rng.below(len + 1));
            let end = match rng.below(3) {
                0 => start,
                _ => floor(&text, (start + rng.below(8)).min(len)),
            };
            let insert = if rng.below(4) == 0 {
                ""
            } else {
                INSERTS[rng.below(INSERTS.len())]
            };
            edit_and_compare(&mut parse, &mut text, start..end, insert);
            edits += 1;
        }
    }
    assert!(edits >= 1000, "only {edits} edits were made");
}

#[test]
fn edits_that_join_or_split_line_ends_and_blank_runs() {
    let cases: &[(&str, std::ops::Range<usize>, &str)] = &[
        // A `\n` inserted after a lone `\r` makes one CRLF line end across the old boundary.
        ("A\r\rB", 2..2, "\n"),
        ("A\r\r[Board \"1\"]\r", 2..2, "\n"),
        // The blank line between two games gets text: the games merge.
        ("[Board \"1\"]\n\n[Board \"2\"]\n", 12..12, "x"),
        // A line of a game becomes blank: the game splits.
        ("[Board \"1\"]\nPass\n[Board \"2\"]\n", 12..16, ""),
        // An opened comment swallows the blank lines after it, then is closed again.
        ("[A \"1\"]\n\n[B \"2\"]\n\n[C \"3\"]\n", 8..8, "{"),
        ("{[A \"1\"]\n\n[B \"2\"]\n\n[C \"3\"]\n", 0..1, ""),
        // Everything is deleted.
        ("[A \"1\"]\n\n[B \"2\"]\n", 0..17, ""),
    ];
    for (text, range, insert) in cases {
        let mut text = text.to_string();
        let mut parse = both(&text);
        edit_and_compare(&mut parse, &mut text, range.clone(), insert);
    }
}

#[test]
fn outline_build_shows_every_chunk_once_on_several_threads() {
    // Over a MiB, so that the parallel path runs.
    let game = "[Event \"e\"]\n[Board \"1\"]\n[Auction \"N\"]\n1S Pass\n{note\n\nstill note}\n\n\n";
    let text = format!("{{head}}\n\n{}[Event \"unclosed\n", game.repeat(20_000));
    assert!(text.len() > 1 << 20);
    let full = Parse::with_threads(&text, 1);
    for threads in [1, 3] {
        let (outline, seen) = Outline::build(&text, threads, &|chunk| {
            assert_eq!(
                &text[chunk.start as usize..][..chunk.text.len()],
                chunk.text
            );
            (chunk.start, chunk.node.clone(), chunk.errors.len())
        });
        assert_eq!(outline, full.outline());
        assert_eq!(seen.len(), full.children().len());
        for (i, seen) in seen.into_iter().enumerate() {
            match (seen, &full.children()[i]) {
                (None, child) => assert!(child.as_token().is_some()),
                (Some((start, node, errors)), child) => {
                    assert_eq!(start, full.child_starts()[i]);
                    assert_eq!(child.as_node(), Some(&node));
                    assert_eq!(errors, outline.errors_in(i).len());
                }
            }
        }
    }
}

#[test]
fn an_outline_edit_that_does_not_fit_reparses_everything() {
    let text = "[A \"1\"]\n\n[B \"2\"]\n";
    let mut outline = Outline::new(text);
    let new = "[C \"3\"]\n";
    // The range runs past the old text: the whole outline is rebuilt and reported so.
    let splice = outline.apply_edit(0..99, new.len(), new);
    assert_eq!(splice.removed, 0..3);
    assert_eq!(splice.inserted, 1);
    assert_eq!(outline, Outline::new(new));
}

/// A line of section data past the parser's cap (its rest is one unread piece of text, S003)
/// ends where it would without the cap, so games and comments start where they did: a comment
/// opened past the cap still swallows the blank line after it, one closed on its line does not,
/// and a `{` inside a string opens nothing. Edits near the cap reparse like the whole text.
#[test]
fn a_section_line_past_the_cap_keeps_games_and_comments_where_they_were() {
    use kibitzer::syntax::DATA_LINE_CAP;
    let long = "SA H2 ".repeat(DATA_LINE_CAP / 6 + 10);
    let endings = [
        "{runs on\n\nover a blank line} S3\n\n[Board \"2\"]\n",
        "{closed} {\"} H4\n\n[Board \"2\"]\n",
        "\"a {string\n\n[Board \"2\"]\n",
        "[Note \"1:x\"] {\n\n}\n\n[Board \"2\"]\n",
        "\r\n\r\n[Board \"2\"]\r\n",
    ];
    for (head, tag) in [
        ("[Play \"N\"]\n", "play"),
        ("[ScoreTable \"A\"]\n1 ", "table"),
    ] {
        for ending in endings {
            let text = format!("[Board \"1\"]\n{head}{long}{ending}");
            assert_lossless(&text);
            assert_chunks_are_games(&text);
            let parse = Parse::new(&text);
            let cut = parse
                .errors()
                .iter()
                .find(|e| e.message.contains("is not read"))
                .unwrap_or_else(|| panic!("{tag}: no error for the unread rest"));
            let line_start = text.find(head).unwrap() + head.len();
            let line_start = text[..line_start].rfind('\n').unwrap() + 1;
            assert!(usize::from(cut.range.start()) - line_start > DATA_LINE_CAP);
            assert!(usize::from(cut.range.start()) - line_start < DATA_LINE_CAP + 8);
            assert_eq!(
                parse.children().len(),
                Parse::new(&text.replace(&long, "SA H2 ")).children().len(),
                "{tag}: the games are not those of the short line, ending {ending:?}"
            );
            let mut state = both(&text);
            let mut edited = text.clone();
            let near = line_start + DATA_LINE_CAP;
            edit_and_compare(&mut state, &mut edited, near..near + 3, "");
            edit_and_compare(&mut state, &mut edited, near - 40..near - 40, "{\n\n");
            edit_and_compare(&mut state, &mut edited, near - 40..near - 37, "");
            edit_and_compare(&mut state, &mut edited, line_start..line_start, "\n");
        }
    }
}
