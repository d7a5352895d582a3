//! The two front doors give one answer: after random edits typed into corpus files through the
//! language server (UTF-16 positions), the diagnostics it publishes for the current version are
//! exactly what `check --min-severity hint` finds in the same text.

mod common;
mod lsp_harness;

use common::agreement::{both_sides, position, settle, Rng};
use kibitzer::analysis::CheckOptions;
use kibitzer::diagnostic::flood::FLOOD_LIMIT;
use kibitzer::Notation;
use lsp_harness::Harness;
use serde_json::{json, Value};

/// Fragments typed into the files: pieces of PBN and RBN, blank lines, braces, quotes, accents,
/// an emoji, CR LF, an export header, inheritance, tabs.
const FRAGMENTS: &[&str] = &[
    "[Event \"x\"]\n",
    "\n\n",
    "\n",
    "\r\n",
    "{",
    "}",
    "\"",
    "é",
    "😀",
    "1S ",
    "Pass ",
    "P ",
    "SA ",
    "=1= ",
    "[Deal \"N:",
    "% EXPORT\n",
    "% PBN 2.1\n",
    "#",
    "[Contract \"4S\"]\n",
    "[Result \"9\"]\n",
    "\t",
    "[",
    "]",
    "AP",
    "X",
    ";",
    "D:",
    "A:1S2H",
    "%",
    "% kibitzer-ignore: A301\n",
    "% kibitzer-ignore: T1, X9, S011\n",
];

/// Fragments typed into LIN files: pairs of every kind (boards, calls with alerts and their
/// explanations, cards, claims, results, names, headers, unknown keys), a lone `|`, half a pair,
/// line ends, accents, an emoji, a pasted handviewer address.
const LIN_FRAGMENTS: &[&str] = &[
    "qx|o1|",
    "qx|c2,BOARD 2|",
    "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|",
    "md|1S2,,,|",
    "sv|b|",
    "sv|x|",
    "pn|Ann,Bob,Cy,Di|",
    "mb|1s|",
    "mb|p|",
    "mb|2NT!|",
    "mb|d|",
    "mb|r|",
    "mb|8z|",
    "an|strong|",
    "pc|SA|",
    "pc|h2|",
    "pc|ZZ|",
    "mc|9|",
    "mc|14|",
    "rs|4HE=,3NS-1|",
    "vg|Final,Seg 1,I,1,8,Us,0,Them,0|",
    "nt|é 😀|",
    "zz|?|",
    "|",
    "mb|",
    "pc",
    "\n",
    "\r\n",
    "pg||\n",
    "https://www.bridgebase.com/tools/handviewer.html?n=SAKQJHT98D765C432&d=n&a=1SPPP\n",
];

/// Types `edits` random edits into `file`, comparing every `every` edits; returns how many
/// comparisons were made.
async fn agree_after_edits(
    file: &str,
    uri: &'static str,
    seed: u64,
    edits: usize,
    fragments: &[&str],
) -> usize {
    let path = format!("../shared/corpus/{file}");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = kibitzer::text::decode(&bytes).expect("decodable").text;
    let notation = Notation::from_path(std::path::Path::new(file));
    let language = notation.extension();
    let (mut server, _) = Harness::start(
        uri,
        json!({}),
        json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "hint"}}),
    )
    .await;
    server.open(language, &text).await;
    let mut rng = Rng(seed);
    let mut compared = 0;
    for version in 2..(edits as i64 + 2) {
        let start = settle(&text, rng.below(text.len() + 1));
        let end = if rng.below(3) == 0 {
            settle(&text, start + 1 + rng.below(24))
        } else {
            start
        };
        let insert = if end > start && rng.below(2) == 0 {
            ""
        } else {
            fragments[rng.below(fragments.len())]
        };
        let change = json!({"range": {"start": position(&text, start), "end": position(&text, end)}, "text": insert});
        text.replace_range(start..end, insert);
        server.change(version, json!([change])).await;
        if version % 5 == 0 || version == edits as i64 + 1 {
            let published = server.diagnostics(version).await;
            let report = notation.check(&text, &CheckOptions::default());
            let letter = notation.catalogue_letter();
            if let Some(d) = report
                .diagnostics
                .iter()
                .find(|d| !d.code.applies_to(letter))
            {
                panic!("{file}: {} is found, but the catalogue does not say it is reported in {letter}: {d:?}", d.code);
            }
            let (from_server, from_check) = both_sides(&text, &published, report.diagnostics);
            if from_server != from_check {
                let only_server: Vec<_> = from_server
                    .iter()
                    .filter(|k| !from_check.contains(k))
                    .collect();
                let only_check: Vec<_> = from_check
                    .iter()
                    .filter(|k| !from_server.contains(k))
                    .collect();
                panic!(
                    "{file}, seed {seed}, version {version}: the server and check differ\n\
                     only from the server: {only_server:#?}\nonly from check: {only_check:#?}"
                );
            }
            compared += 1;
        }
    }
    compared
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pbn_files_agree_through_random_edits() {
    let files = [
        "pbn/Baker-Bridge__StandardHeader.pbn",
        "pbn/BigDeal__FIN1.pbn",
        "pbn/Bridge-Classroom__sample-defender-playout.pbn",
        "pbn/Bridge-Robot-Utilities__Match_1.pbn",
        "pbn/Redoublet-website__example.pbn",
        "pbn/bridge-pbn__test_record_with_lots_of_curlies.pbn",
    ];
    let mut compared = 0;
    for (i, file) in files.iter().enumerate() {
        compared += agree_after_edits(
            file,
            "file:///nowhere/edited.pbn",
            0x9e37 + i as u64,
            400,
            FRAGMENTS,
        )
        .await;
    }
    println!("{compared} comparisons after {} edits", files.len() * 400);
    assert!(compared > files.len() * 80, "{compared}");
}

/// Types `edits` random `fragments` into every corpus file of `folder` through a document at
/// `uri`, comparing the server with check every five edits.
async fn corpus_folder_agrees(
    folder: &str,
    uri: &'static str,
    seed: u64,
    edits: usize,
    fragments: &[&str],
) {
    let mut files: Vec<String> = std::fs::read_dir(format!("../shared/corpus/{folder}"))
        .expect("the shared corpus beside the checkout")
        .filter_map(|e| e.ok())
        .map(|e| format!("{folder}/{}", e.file_name().to_string_lossy()))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut compared = 0;
    for (i, file) in files.iter().enumerate() {
        compared += agree_after_edits(file, uri, seed + i as u64, edits, fragments).await;
    }
    println!("{compared} comparisons after {} edits", files.len() * edits);
    // One comparison every five edits, and at the end.
    assert!(compared >= files.len() * (edits / 5), "{compared}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rbn_files_agree_through_random_edits() {
    corpus_folder_agrees("rbn", "file:///nowhere/edited.rbn", 0x51f1, 300, FRAGMENTS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lin_files_agree_through_random_edits() {
    corpus_folder_agrees(
        "lin",
        "file:///nowhere/edited.lin",
        0x11e5,
        100,
        LIN_FRAGMENTS,
    )
    .await;
}

/// A file with a hint in every game: the server shows the first thousand and one summary for
/// the rest, which is what check's findings folded by the flood rule give.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_one_hint_is_folded_as_the_rule_says() {
    // East deals, but each deal is written from North: in export format, a D206 hint in every
    // game (and other export findings, folded alike).
    let games = FLOOD_LIMIT + 200;
    let mut text = String::from("% PBN 2.1\n% EXPORT\n");
    for board in 1..=games {
        text.push_str(&format!(
            "[Board \"{board}\"]\n[Dealer \"E\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n"
        ));
    }
    let (mut server, _) = Harness::start(
        "file:///nowhere/flood.pbn",
        json!({}),
        json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "hint"}}),
    )
    .await;
    let published = server.open("pbn", &text).await;
    let report = Notation::Pbn.check(&text, &CheckOptions::default());
    assert_eq!(
        report
            .diagnostics
            .iter()
            .filter(|d| d.code == "D206")
            .count(),
        games
    );
    let (from_server, from_check) = both_sides(&text, &published, report.diagnostics);
    assert_eq!(from_server, from_check);
    let d206: Vec<&Value> = published.iter().filter(|d| d["code"] == "D206").collect();
    assert_eq!(d206.len(), FLOOD_LIMIT + 1);
    let summaries: Vec<&&Value> = d206
        .iter()
        .filter(|d| {
            d["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("200 more D206"))
        })
        .collect();
    assert_eq!(summaries.len(), 1, "{:?}", summaries);
}
