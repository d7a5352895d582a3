//! The formatter over every file of the shared corpus: idempotent, nothing lost, nothing changed
//! in meaning, and games with syntax errors left alone.
//!
//! The meaning check compares a simple model of each game read from the syntax tree (tags with
//! their values read by the analysis readers, calls, cards, annotations, notes, table cells).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kibitzer::analysis::values::{read_contract, read_result, read_seat, read_vulnerable};
use kibitzer::format::{format_game, format_text, Eol, FormatOptions, Settings};
use kibitzer::syntax::ast::{Game, Section};
use kibitzer::syntax::{Parse, SyntaxKind};
use kibitzer::text::decode;

fn corpus() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pbn");
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus {} is missing: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() > 100, "the corpus looks incomplete");
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let text = decode(&bytes).unwrap().text;
            (path, text)
        })
        .collect()
}

/// Every comment's text in the file, with how often it occurs.
fn comments(parse: &Parse) -> BTreeMap<String, usize> {
    let mut map = BTreeMap::new();
    for token in parse
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if token.kind().is_comment() || token.kind() == SyntaxKind::ESCAPE_LINE {
            // Line ends inside comments may be converted; compare the lines.
            let text = token.text().replace("\r\n", "\n").replace('\r', "\n");
            *map.entry(text).or_insert(0) += 1;
        }
    }
    map
}

/// What a game means, as far as this test reads it.
#[derive(Debug, PartialEq, Eq)]
struct Model {
    tags: BTreeMap<String, Vec<String>>,
    calls: Vec<String>,
    cards: Vec<String>,
    annotations: Vec<(String, String)>,
    notes: Vec<(String, String)>,
    cells: Vec<(String, Vec<String>)>,
}

fn upper_seat(text: &str) -> String {
    let (caret, body) = match text.strip_prefix('^') {
        Some(rest) => ("^", rest),
        None => ("", text),
    };
    match read_seat(body) {
        Some(r) => format!("{caret}{}", r.value.letter()),
        None => text.to_string(),
    }
}

/// The hands of a Deal by seat, each as its sorted cards; the text itself when unreadable.
fn deal_meaning(text: &str) -> String {
    let Some((first, rest)) = text.split_once(':') else {
        return text.to_string();
    };
    let Some(first) = read_seat(first) else {
        return text.to_string();
    };
    let hands: Vec<&str> = rest.split_whitespace().collect();
    let mut by_seat = vec![String::new(); 4];
    for (i, hand) in hands.iter().enumerate() {
        let seat = first.value.offset(i);
        let mut cards: Vec<String> = Vec::new();
        for (suit, ranks) in ["S", "H", "D", "C"].iter().zip(hand.split('.')) {
            for rank in ranks.chars() {
                cards.push(format!("{suit}{}", rank.to_ascii_uppercase()));
            }
        }
        cards.sort();
        by_seat[seat.index()] = if *hand == "-" {
            "-".into()
        } else {
            cards.join(",")
        };
    }
    by_seat.join(" ")
}

fn tag_meaning(name: &str, value: &str, declarer: Option<&str>) -> String {
    if value.starts_with('#') {
        return value.to_string();
    }
    match name {
        "Dealer" | "Declarer" | "Auction" | "Play" => upper_seat(value),
        "Vulnerable" if !value.is_empty() => read_vulnerable(value)
            .map(|r| r.value.pbn().to_string())
            .unwrap_or_else(|| value.to_string()),
        "Contract" => read_contract(value)
            .map(|r| r.value.pbn())
            .unwrap_or_else(|| value.to_string()),
        "Result" => {
            let seat = declarer.and_then(|d| read_seat(d.trim_start_matches('^')));
            match read_result(value) {
                Some(r) => match r.value.declarer_tricks(seat.map(|s| s.value)) {
                    Some(n) => format!("{}{n}", if r.value.irregular { "^" } else { "" }),
                    None => value.to_string(),
                },
                None => value.to_string(),
            }
        }
        "Deal" => deal_meaning(value),
        _ => value.to_string(),
    }
}

fn nag_of(kind: SyntaxKind, text: &str, card: bool) -> String {
    if kind != SyntaxKind::SUFFIX {
        return text.to_string();
    }
    let base = ["!", "?", "!!", "??", "!?", "?!"]
        .iter()
        .position(|&s| s == text)
        .unwrap()
        + 1;
    format!("${}", if card { base + 6 } else { base })
}

fn model(game: &Game) -> Model {
    let mut m = Model {
        tags: BTreeMap::new(),
        calls: Vec::new(),
        cards: Vec::new(),
        annotations: Vec::new(),
        notes: Vec::new(),
        cells: Vec::new(),
    };
    let declarer = game
        .tag_pairs()
        .find(|t| t.name() == "Declarer")
        .and_then(|t| t.value());
    for tag in game.tag_pairs() {
        let name = tag.name();
        let value = tag.raw_value().map(|v| v.0).unwrap_or_default();
        if name == "Note" {
            continue;
        }
        if name == "Auction" {
            // A rotated import auction names the dealer instead; compared through the calls.
            m.tags.entry(name).or_default();
            continue;
        }
        let meaning = tag_meaning(&name, &value, declarer.as_deref());
        m.tags.entry(name).or_default().push(meaning);
    }
    for section in game.sections() {
        let kind = section.kind();
        let card = kind == SyntaxKind::PLAY_SECTION;
        for note in section.notes() {
            let value = note.raw_value().map(|v| v.0).unwrap_or_default();
            m.notes.push((format!("{kind:?}"), value));
        }
        if kind == SyntaxKind::SUPPLEMENTAL_SECTION {
            let name = section.tag().map(|t| t.name()).unwrap_or_default();
            let cells = section.data().map(|t| t.text().to_string()).collect();
            m.cells.push((name, cells));
            continue;
        }
        section_items(&section, card, &mut m);
    }
    for list in m.tags.values_mut() {
        list.sort();
    }
    m.notes.sort();
    m.annotations.sort();
    m
}

fn section_items(section: &Section, card: bool, m: &mut Model) {
    let mut calls: Vec<String> = Vec::new();
    let mut active = false;
    let mut passes = 0;
    for item in section.items() {
        let text = item.token.text().to_ascii_uppercase();
        let token = item.token.kind();
        for mark in &item.marks {
            m.annotations
                .push((format!("{}:{}", text, mark.text()), String::new()));
        }
        for a in &item.annotations {
            m.annotations
                .push((text.clone(), nag_of(a.kind(), a.text(), card)));
        }
        if token == SyntaxKind::STAR {
            continue;
        }
        if card {
            m.cards.push(text);
            continue;
        }
        match text.as_str() {
            "-" if calls.is_empty() => continue,
            "AP" => {
                let needed = if active { 3 } else { 4 };
                for _ in passes..needed {
                    calls.push("PASS".into());
                }
                continue;
            }
            "PASS" => passes += 1,
            _ => {
                active = true;
                passes = 0;
            }
        }
        calls.push(text);
    }
    m.calls.extend(calls);
}

fn models(text: &str) -> Vec<Model> {
    let parse = Parse::new(text);
    parse
        .syntax()
        .children()
        .filter_map(Game::cast)
        .map(|g| model(&g))
        .collect()
}

fn check_file(path: &Path, text: &str, options: &FormatOptions) {
    let name = path.display();
    let once = format_text(text, options);
    let twice = format_text(&once, options);
    if once != twice {
        let line = once
            .lines()
            .zip(twice.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name}: not idempotent near line {}:\n{}\n---\n{}",
            line + 1,
            once.lines()
                .skip(line.saturating_sub(3))
                .take(8)
                .collect::<Vec<_>>()
                .join("\n"),
            twice
                .lines()
                .skip(line.saturating_sub(3))
                .take(8)
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    let before = Parse::new(text);
    let after = Parse::new(&once);
    let (cb, ca) = (comments(&before), comments(&after));
    for (comment, count) in &cb {
        let found = ca.get(comment).copied().unwrap_or(0);
        assert!(found >= *count, "{name}: comment lost: {comment:?}");
    }
    assert!(
        after.errors().len() <= before.errors().len(),
        "{name}: formatting added syntax errors: {:?}",
        after.errors().first()
    );
    let (mb, ma) = (models(text), models(&once));
    assert_eq!(mb.len(), ma.len(), "{name}: number of games changed");
    for (i, (b, a)) in mb.iter().zip(&ma).enumerate() {
        assert_eq!(b, a, "{name}: game {} changed meaning", i + 1);
    }
}

#[test]
fn corpus_formats_idempotently_and_keeps_meaning() {
    for (path, text) in corpus() {
        check_file(&path, &text, &FormatOptions::default());
    }
}

#[test]
fn corpus_in_export_crlf_mode() {
    let options = FormatOptions {
        export: true,
        eol: Eol::Crlf,
    };
    for (path, text) in corpus() {
        let once = format_text(&text, &options);
        assert!(
            format_text(&once, &options) == once,
            "{}: export mode not idempotent",
            path.display()
        );
        let has_header = once
            .lines()
            .take_while(|l| l.starts_with('%'))
            .any(|l| l.trim_end() == "% EXPORT");
        assert!(
            once.is_empty() || has_header,
            "{}: no header",
            path.display()
        );
    }
}

/// The formatter's own reading must refuse every game the parser finds a syntax error in:
/// checked on the corpus and on damaged copies of its games.
#[test]
fn games_with_syntax_errors_are_left_alone() {
    let settings = Settings {
        eol: "\n",
        convert_eol: false,
        export: false,
        inherited: 0,
    };
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let inserts = [
        "\"", "[", "]", "{", "}", " x ", "\t", "=", "$", "^", "\n", "?", ";",
    ];
    let mut checked = 0;
    for (_, text) in corpus() {
        let parse = Parse::new(&text);
        for (index, child) in parse.children().iter().enumerate() {
            if child.as_node().is_none() || index % 3 != 0 {
                continue;
            }
            let range = parse.child_range(index).unwrap();
            let chunk = &text[range];
            for attempt in 0..4 {
                let mut damaged = chunk.to_string();
                if attempt > 0 {
                    let mut at = next(damaged.len());
                    while !damaged.is_char_boundary(at) {
                        at -= 1;
                    }
                    if attempt % 2 == 0 {
                        let mut end = (at + 1 + next(3)).min(damaged.len());
                        while !damaged.is_char_boundary(end) {
                            end += 1;
                        }
                        damaged.replace_range(at..end, "");
                    } else {
                        damaged.insert_str(at, inserts[next(inserts.len())]);
                    }
                }
                let chunk_parse = Parse::new(&damaged);
                if chunk_parse.children().len() == 1 && !chunk_parse.errors().is_empty() {
                    assert_eq!(
                        format_game(&damaged, &settings),
                        None,
                        "a game with a syntax error was reformatted:\n{damaged}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} damaged games were checked");
}

/// Parsed and unparsed paths agree: the language server's edits give format_text's result.
#[test]
fn document_edits_match_format_text() {
    for (path, text) in corpus().into_iter().step_by(7) {
        let options = FormatOptions::default();
        let parse = Parse::new(&text);
        let mut edits = kibitzer::format::format_document(&parse, &text, &options);
        edits.reverse();
        let mut result = text.clone();
        for edit in edits {
            result.replace_range(
                usize::from(edit.range.start())..usize::from(edit.range.end()),
                &edit.new_text,
            );
        }
        assert!(
            result == format_text(&text, &options),
            "{}: edits differ from format_text",
            path.display()
        );
    }
}
