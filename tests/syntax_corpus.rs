//! Every corpus file parses without panicking, and its tree gives back its text exactly.

mod common;

use kibitzer::syntax::{Parse, SyntaxKind};
use kibitzer::text::decode;

fn check_lossless(path: &std::path::Path) -> usize {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    let source = decode(&bytes).expect("corpus file decodes");
    let parse = Parse::new(&source.text);
    let root = parse.syntax();
    assert_eq!(root.kind(), SyntaxKind::FILE);
    assert_eq!(root.text().to_string(), source.text, "{}", path.display());
    let len = source.text.len() as u32;
    let mut last = 0;
    for error in parse.errors() {
        let (start, end) = (u32::from(error.range.start()), u32::from(error.range.end()));
        assert!(
            start <= end && end <= len,
            "{}: error out of range",
            path.display()
        );
        assert!(start >= last, "{}: errors not ordered", path.display());
        last = start;
    }
    root.children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .count()
}

#[test]
fn every_corpus_pbn_file_is_lossless() {
    let files = common::corpus_files("pbn", "pbn");
    assert!(
        files.len() > 100,
        "expected the whole corpus, found {}",
        files.len()
    );
    let games: usize = files.iter().map(|f| check_lossless(f)).sum();
    assert!(games > 10_000, "expected many games, found {games}");
}

#[test]
fn other_corpus_formats_do_not_break_the_pbn_parser() {
    for (folder, ext) in [("lin", "lin"), ("rbn", "rbn")] {
        for file in common::corpus_files(folder, ext) {
            check_lossless(&file);
        }
    }
}

#[test]
fn a_file_of_typical_generated_games_has_no_syntax_error() {
    let text =
        std::fs::read_to_string(common::corpus_dir().join("pbn/Redoublet-website__example.pbn"))
            .expect("example file");
    let parse = Parse::new(&text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
}

/// The parallel parse (texts of 1 MiB or more) gives the same tree and errors as the parse on
/// one thread, however many workers take part: all corpus files joined make such a text.
#[test]
fn parallel_parse_equals_single_thread_parse() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pbn");
    let mut paths: Vec<_> = std::fs::read_dir(&folder)
        .expect("the corpus folder is needed")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    let mut text = String::new();
    for path in paths {
        let bytes = std::fs::read(&path).expect("corpus file is readable");
        text.push_str(&decode(&bytes).expect("corpus file decodes").text);
        text.push_str("\n\n");
    }
    assert!(text.len() > 2 << 20, "the joined corpus is large enough");
    let one = Parse::with_threads(&text, 1);
    assert!(
        !one.errors().is_empty(),
        "the corpus has syntax errors to compare"
    );
    for threads in [2, 3, 8] {
        let many = Parse::with_threads(&text, threads);
        assert!(many == one, "{threads} threads");
    }
    assert_eq!(one.syntax().text().to_string(), text);
}
