//! `kibitzer fmt` is idempotent on whole games built from the grammar's parts: every call and
//! card of a full auction and play followed by any run of comments (brace and `;`), NAGs,
//! suffixes and note references in any order, in import and in export mode. (Two of the
//! reference verifier's own test games once changed order on a second run: suffixes and NAGs
//! after one call were sorted apart on the first pass and together on the second.)

use kibitzer::format::{format_text, FormatOptions};
use proptest::prelude::*;

const HEAD: &str = "[Event \"x\"]\n[Site \"y\"]\n[Date \"2020.01.01\"]\n[Board \"1\"]\n\
[West \"a\"]\n[North \"b\"]\n[East \"c\"]\n[South \"d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
[Scoring \"IMP\"]\n[Declarer \"S\"]\n[Contract \"5HX\"]\n[Result \"9\"]\n";

const CALLS: [&str; 15] = [
    "1D", "1S", "3H", "4S", "4NT", "X", "Pass", "Pass", "5C", "X", "5H", "X", "Pass", "Pass",
    "Pass",
];

const CARDS: [&str; 28] = [
    "SK", "H3", "S4", "S3", "C5", "C2", "C6", "CK", "S2", "H6", "S5", "S7", "C8", "CA", "CT", "C4",
    "D2", "DA", "DT", "D3", "D4", "DK", "H5", "H7", "-", "-", "-", "H2",
];

/// What may follow a call or card (the note references are 1 and 2, given below).
const ANNOTATIONS: [&str; 14] = [
    "{c}",
    "{two\nlines}",
    ";line comment\n",
    "$1",
    "$2",
    "$7",
    "$13",
    "$20",
    "!",
    "?",
    "!!",
    "?!",
    "=1=",
    "=2=",
];

/// A section's items, each followed by its annotations, four to a line.
fn section(items: &[&str], annotations: &[Vec<usize>]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        out.push_str(item);
        for &a in &annotations[i] {
            out.push(' ');
            out.push_str(ANNOTATIONS[a]);
        }
        out.push(if i % 4 == 3 { '\n' } else { ' ' });
    }
    out
}

fn game(auction: &[Vec<usize>], play: &[Vec<usize>]) -> String {
    format!(
        "{HEAD}[Auction \"N\"]\n{}\n[Note \"1:one\"]\n[Note \"2:two\"]\n[Play \"W\"]\n{}\n*\n\
         [Note \"1:lead\"]\n[Note \"2:ruff\"]\n",
        section(&CALLS, auction),
        section(&CARDS, play)
    )
}

fn annotations(n: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    proptest::collection::vec(proptest::collection::vec(0..ANNOTATIONS.len(), 0..4), n..=n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn formatting_twice_is_formatting_once(
        auction in annotations(CALLS.len()),
        play in annotations(CARDS.len()),
        export in any::<bool>(),
    ) {
        let text = game(&auction, &play);
        let options = FormatOptions { export, ..FormatOptions::default() };
        let once = format_text(&text, &options);
        let twice = format_text(&once, &options);
        prop_assert_eq!(&twice, &once, "input:\n{}", text);
    }
}
