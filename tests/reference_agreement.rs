//! Where the differential test against the reference PBN Verifier found Kibitzer wrong, and what
//! Kibitzer does now: each case with a file that shows it and a twin that does not.
//! (The differential test itself is `scripts/test-reference-verifier.sh`.)

use kibitzer::analysis::{check_stream, CheckOptions};
use kibitzer::diagnostic::{Diagnostic, Severity};

fn check(text: &str) -> Vec<Diagnostic> {
    check_stream(text, &CheckOptions::default(), 1).diagnostics
}

fn codes(text: &str) -> Vec<(&'static str, Severity)> {
    check(text)
        .iter()
        .map(|d| (d.code.as_str(), d.severity))
        .collect()
}

const DEAL: &str = "N:AKQ2.AK2.AK2.A32 JT9.QJT9.QJT.QJT 876.876.9876.K98 543.543.543.7654";

/// A game with these tags after Dealer, Vulnerable and Deal, and then `rest` as it is.
fn game(tags: &[(&str, &str)], rest: &str) -> String {
    let mut text = format!(
        "[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[Board \"1\"]\n[West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n"
    );
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push_str(rest);
    text
}

fn contract_tags<'a>(declarer: &'a str, result: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("Scoring", "IMP"),
        ("Declarer", declarer),
        ("Contract", "1NT"),
        ("Result", result),
    ]
}

#[test]
fn notes_after_an_unrelated_tag_still_belong_to_the_auction() {
    // BridgeComposer writes `[BCNote ""]` between an auction and its notes.
    let with_tag_between = game(
        &contract_tags("N", ""),
        "[Auction \"N\"]\n1NT =1= Pass Pass Pass\n[BCNote \"\"]\n[Note \"1:15-17\"]\n",
    );
    let found = codes(&with_tag_between);
    assert!(!found.iter().any(|(c, _)| c.starts_with('N')), "{found:?}");
    let without = game(
        &contract_tags("N", ""),
        "[Auction \"N\"]\n1NT =1= Pass Pass Pass\n[Note \"1:15-17\"]\n[BCNote \"\"]\n",
    );
    assert_eq!(codes(&without), found);
    // A note with no section before it is still out of place, and the call's note undefined.
    let before = game(
        &contract_tags("N", ""),
        "[Note \"1:15-17\"]\n[Auction \"N\"]\n1NT =1= Pass Pass Pass\n",
    );
    let found = codes(&before);
    assert!(found.contains(&("N406", Severity::Warning)), "{found:?}");
    assert!(found.contains(&("N401", Severity::Error)), "{found:?}");
}

#[test]
fn notes_after_a_tag_belong_to_the_nearest_section_before_them() {
    // The play's note comes after the Play section: the auction's `=1=` has no note.
    let text = game(
        &contract_tags("N", ""),
        "[Auction \"N\"]\n1NT =1= Pass Pass Pass\n[Play \"E\"]\nHQ =2= S8 H2 H3\n[BCNote \"\"]\n[Note \"2:thinks\"]\n",
    );
    let found = check(&text);
    let undefined: Vec<&str> = found
        .iter()
        .filter(|d| d.code == "N401")
        .map(|d| &text[usize::from(d.range.start())..usize::from(d.range.end())])
        .collect();
    assert_eq!(undefined, ["=1="], "{found:?}");
}

#[test]
fn a_swapped_declarer_must_be_the_partner_of_the_auctions_declarer() {
    let auction = "[Auction \"N\"]\n1NT Pass Pass Pass\n";
    // North declares 1NT; `^S` says South played it instead: fine.
    assert!(!codes(&game(&contract_tags("^S", ""), auction))
        .iter()
        .any(|(c, _)| *c == "A309"));
    // `^N` claims a swap, but North is the auction's declarer: the file contradicts itself.
    let bad = game(&contract_tags("^N", ""), auction);
    let found = check(&bad);
    let a309 = found
        .iter()
        .find(|d| d.code == "A309")
        .unwrap_or_else(|| panic!("A309 expected: {found:?}"));
    assert_eq!(a309.severity, Severity::Error);
    assert!(a309.message.contains("`^S`"), "{}", a309.message);
    assert_eq!(a309.fixes[0].edits[0].new_text, "N");
    // An opponent with `^` is wrong too, and the fix names the swapped declarer.
    let found = check(&game(&contract_tags("^E", ""), auction));
    let a309 = found.iter().find(|d| d.code == "A309").expect("A309");
    assert_eq!(a309.fixes[0].edits[0].new_text, "^S");
}

#[test]
fn a_line_over_255_characters_is_an_error() {
    let long = format!("{{{}}}\n", "x".repeat(260));
    let found = codes(&game(&contract_tags("N", ""), &long));
    assert!(found.contains(&("S006", Severity::Error)), "{found:?}");
    let short = format!("{{{}}}\n", "x".repeat(200));
    assert!(!codes(&game(&contract_tags("N", ""), &short))
        .iter()
        .any(|(c, _)| *c == "S006"));
}

#[test]
fn a_score_the_contract_and_result_contradict_is_an_error() {
    let mut tags = contract_tags("N", "7");
    tags.push(("Score", "NS 100"));
    let found = codes(&game(&tags, ""));
    assert!(found.contains(&("X801", Severity::Error)), "{found:?}");
    let mut tags = contract_tags("N", "7");
    tags.push(("Score", "NS 90"));
    assert!(!codes(&game(&tags, "")).iter().any(|(c, _)| *c == "X801"));
}

#[test]
fn a_deal_of_empty_hands_is_only_an_info() {
    // What BridgeComposer writes for a board with no diagram.
    let text = game(&contract_tags("", ""), "").replace(DEAL, "W:... ... ... ...");
    let found = codes(&text);
    assert!(found.contains(&("D207", Severity::Info)), "{found:?}");
    assert!(
        !found.iter().any(|(_, s)| *s >= Severity::Warning),
        "{found:?}"
    );
}

#[test]
fn an_end_position_needs_no_declarer() {
    // Standard 3.10: hands of fewer than 13 cards, the trump alone as Contract, and the Play
    // tag naming the first leader.
    let end = "N:AK... .AK.. ..AK. ...AK";
    let text = game(
        &[("Declarer", ""), ("Contract", "NT"), ("Result", "")],
        "[Play \"W\"]\nCA -\n",
    )
    .replace(DEAL, end);
    assert_eq!(codes(&text), []);
    // A full deal still needs its declarer to be played.
    let full = game(
        &[("Declarer", ""), ("Contract", "1NT"), ("Result", "")],
        "[Play \"E\"]\nHQ -\n",
    );
    assert!(codes(&full).contains(&("T107", Severity::Error)));
}

#[test]
fn score_values_the_standard_allows_are_read() {
    for (tag, value) in [
        ("ScoreRubber", "NS 50 / 40"),
        ("ScoreRubber", "NS 50/40 "),
        ("ScorePercentage", "NS 0."),
        ("ScorePercentage", "NS 100."),
        ("ScorePercentage", "NS 50.0 EW 50.0"),
        ("ScoreRubberHistory", "NS 0 0 / 0 EW 0 0 / 0"),
    ] {
        let mut tags = contract_tags("N", "7");
        tags.push((tag, value));
        let found = codes(&game(&tags, ""));
        assert!(
            !found.iter().any(|(c, _)| *c == "T102"),
            "{tag} {value}: {found:?}"
        );
    }
}

#[test]
fn after_a_swap_the_opening_lead_is_the_swapped_declarers_left_hand_opponent() {
    let auction = "[Auction \"N\"]\n1NT Pass Pass Pass\n";
    let play = |declarer: &str, leader: &str| {
        codes(&game(
            &contract_tags(declarer, ""),
            &format!("{auction}[Play \"{leader}\"]\nHQ S8 H2 H3\n"),
        ))
    };
    // North declares 1NT: East leads.
    assert!(!play("N", "E").iter().any(|(c, _)| *c == "P505"));
    // West led out of turn, North put down his cards and South played them: `^S`, West led.
    assert!(!play("^S", "W").iter().any(|(c, _)| *c == "P505"));
    // East's proper lead cannot have caused a swap.
    assert!(play("^S", "E").contains(&("P505", Severity::Error)));
}

#[test]
fn a_skipped_turn_breaks_the_run_of_passes() {
    // West, North pass, East's turn is skipped, South passes: the auction goes on.
    let unfinished = game(
        &contract_tags("S", ""),
        "[Auction \"N\"]\nPass 1NT Pass Pass\n^S Pass\n",
    );
    assert!(
        codes(&unfinished).contains(&("A306", Severity::Warning)),
        "{:?}",
        codes(&unfinished)
    );
    let finished = game(
        &contract_tags("E", ""),
        "[Auction \"N\"]\nPass 1NT Pass Pass\nPass\n",
    );
    assert!(!codes(&finished).iter().any(|(c, _)| *c == "A306"));
}

#[test]
fn a_result_with_an_empty_declarer_is_an_error_even_after_an_auction() {
    // The standard writes an empty Declarer for a passed-out board: a Result then says tricks
    // were taken by nobody, whatever the auction says.
    let auction = "[Auction \"N\"]\n1NT Pass Pass Pass\n";
    let found = codes(&game(&contract_tags("", "7"), auction));
    assert!(found.contains(&("X805", Severity::Error)), "{found:?}");
    assert!(!codes(&game(&contract_tags("N", "7"), auction))
        .iter()
        .any(|(c, _)| *c == "X805"));
    // A passed-out auction: A310 says it, once.
    let passed = "[Auction \"N\"]\nPass Pass Pass Pass\n";
    let mut tags = contract_tags("", "7");
    tags[2] = ("Contract", "Pass");
    let found = codes(&game(&tags, passed));
    assert!(found.contains(&("A310", Severity::Error)), "{found:?}");
    assert!(!found.iter().any(|(c, _)| *c == "X805"), "{found:?}");
}

#[test]
fn a_brace_left_open_among_table_rows_ends_at_its_line_and_the_next_game_is_read() {
    let table = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 6\n";
    let next = game(&[("Board", "2")], "{a remark about board 2}\n");
    // The reference reads the `{` as a bad character; so does Kibitzer, taking the rest of the
    // line with it, and the rows after it are not judged again (one error, no cascade).
    let broken = format!(
        "{}{table}N S {{ see board 2\nN H 7\n\n{next}",
        game(&[], "")
    );
    let report = check_stream(&broken, &CheckOptions::default(), 1);
    assert_eq!(report.games, 2);
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(found, ["S003"], "{:?}", report.diagnostics);
    // Closed on its line, the remark is a comment out of place (B704), and the rows are judged.
    let closed = format!(
        "{}{table}N S 7 {{ see board 2 }}\nN H 7\n\n{next}",
        game(&[], "")
    );
    let report = check_stream(&closed, &CheckOptions::default(), 1);
    assert_eq!(report.games, 2);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert!(
        codes.contains(&"B704") && !codes.contains(&"S003"),
        "{codes:?}"
    );
    // Its clean twin: the remark right after the table's tag pair, where comments belong.
    let tag = table.lines().next().unwrap_or_default();
    let clean = format!(
        "{}{tag}\n{{ see board 2\n\nfor more }}\nN NT 6\nN S 7\n\n{next}",
        game(&[], "")
    );
    let report = check_stream(&clean, &CheckOptions::default(), 1);
    assert_eq!(report.games, 2);
    assert!(
        !report
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error),
        "{:?}",
        report.diagnostics
    );
}

/// GIB writes a passed-out board with an empty Play section; nothing was played, so nothing
/// needs a declarer (the reference reads it clean). A play with no contract still needs one.
#[test]
fn a_passed_out_board_with_an_empty_play_section_needs_no_declarer() {
    let gib = game(
        &[
            ("Scoring", "IMP"),
            ("Declarer", ""),
            ("Contract", "Pass"),
            ("Result", ""),
        ],
        "[Auction \"N\"]\nPass Pass Pass Pass\n[Play \"E\"]\n*\n",
    );
    assert!(
        !codes(&gib).iter().any(|(code, _)| *code == "T107"),
        "{:?}",
        codes(&gib)
    );
    let played = game(&[("Scoring", "IMP")], "[Play \"E\"]\nCK - - -\n*\n");
    assert!(
        codes(&played).contains(&("T107", Severity::Error)),
        "{:?}",
        codes(&played)
    );
}
