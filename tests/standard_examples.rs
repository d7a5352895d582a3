//! The PBN standard's own examples (tests/fixtures/standard): the example game of chapter 1.2 as
//! printed, each irregularity of chapter 3.9 in a whole game, the deal of two hands of 3.4.11
//! and end positions (3.10), every supplemental tag of chapter 4 in the forms it gives, tag
//! value inheritance (4.8), and every table of chapter 5. The
//! standard calls them right, so they get no error and no warning; formatting them twice is
//! formatting them once; and they read as the text says. The reference verifier's step
//! (scripts/test-reference-verifier.sh) compares their verdicts and export too.

use kibitzer::analysis::CheckOptions;
use kibitzer::diagnostic::Severity;
use kibitzer::format::{format_text, FormatOptions};
use kibitzer::Notation;

#[test]
fn the_standards_examples_are_clean_and_format_stably() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/standard");
    let mut games = 0;
    for entry in std::fs::read_dir(&folder).expect("the fixtures").flatten() {
        let path = entry.path();
        let text = kibitzer::text::read_file(&path).expect("a fixture").text;
        let report = Notation::Pbn.check(&text, &CheckOptions::default());
        let loud: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity >= Severity::Warning)
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(loud.is_empty(), "{}: {loud:#?}", path.display());
        games += report.games;
        for export in [false, true] {
            let options = FormatOptions {
                export,
                ..FormatOptions::default()
            };
            let once = format_text(&text, &options);
            assert_eq!(format_text(&once, &options), once, "{}", path.display());
        }
    }
    // The example game, eight irregularities, three end positions, seven games of chapter 4's
    // tags, four inherited games and eight games with tables.
    assert_eq!(games, 31);
}

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/standard")
        .join(name);
    kibitzer::text::read_file(&path).expect("a fixture").text
}

#[test]
fn inherited_values_reach_every_game_and_hash_takes_the_redefined_value() {
    let boards = kibitzer::model::read_pbn(&fixture("inheritance-4.8.pbn"));
    let column = |name: &str| -> Vec<String> {
        boards
            .iter()
            .map(|b| b.fact(name).unwrap_or("(none)").to_string())
            .collect()
    };
    // `##` at the top holds for the games that leave the tag out; a Date given again in
    // game 3 is the value of game 3 and, through `#`, of game 4.
    assert_eq!(
        column("Date"),
        ["2007.03.10", "2007.03.10", "2007.03.11", "2007.03.11"]
    );
    assert_eq!(column("Site"), ["Amsterdam"; 4]);
    assert_eq!(column("Scoring"), ["MP"; 4]);
    // `#` takes the nearest previous game's value: game 2 the first game's players, game 4
    // the third's (which had them changed).
    assert_eq!(column("West"), ["Wim", "Wim", "Nico", "Nico"]);
    assert_eq!(column("South"), ["Sara", "Sara", "Eva", "Eva"]);
}

#[test]
fn end_positions_hold_fewer_cards_and_name_only_the_trump_suit() {
    use kibitzer::bridge::Denomination;
    use kibitzer::model::values::ContractValue;
    let boards = kibitzer::model::read_pbn(&fixture("end-positions-3.10.pbn"));
    assert_eq!(boards.len(), 3);
    // 3.4.11: West and East given, North and South left out.
    let deal = boards[0].context.deal.as_ref().expect("a deal");
    let given: Vec<bool> = deal.hands.iter().map(Option::is_some).collect();
    assert_eq!(given.iter().filter(|g| **g).count(), 2, "{given:?}");
    let expected = [
        (&boards[1], 3, 3, Denomination::NoTrump),
        (&boards[2], 2, 2, Denomination::Hearts),
    ];
    for (board, cards, tricks, trumps) in expected {
        let deal = board.context.deal.as_ref().expect("a deal");
        for hand in deal.hands.iter().flatten() {
            assert_eq!(hand.bits().count_ones(), cards);
        }
        // The Contract gives the trumps alone, and the board keeps them (the play's tricks are
        // won under them; a conversion writes them on).
        let (contract, _, _) = board.contract_given().expect("a contract");
        assert_eq!(contract, ContractValue::TrumpOnly(trumps));
        let play = board.play.as_ref().expect("a play");
        assert_eq!(play.written().len(), tricks);
    }
}

#[test]
fn an_end_position_keeps_its_trumps_through_rbn_and_lin_says_it_cannot() {
    let pbn = fixture("end-positions-3.10.pbn");
    let rbn = Notation::Pbn.convert(&pbn, Notation::Rbn);
    assert!(rbn.text.contains("\nC N:S\n"), "{}", rbn.text);
    assert!(rbn.text.contains("\nC H:E\n"), "{}", rbn.text);
    let back = Notation::Rbn.convert(&rbn.text, Notation::Pbn).text;
    let contracts = |text: &str| -> Vec<String> {
        kibitzer::model::read_pbn(text)
            .iter()
            .map(|b| b.contract().map(|c| c.pbn()).unwrap_or_default())
            .collect()
    };
    assert_eq!(contracts(&back), contracts(&pbn));
    assert_eq!(contracts(&pbn), ["", "NT", "H"]);
    // LIN has no key for a contract: the trumps are said to be left out.
    let lin = Notation::Pbn.convert(&pbn, Notation::Lin);
    assert!(
        lin.losses
            .iter()
            .any(|d| d.starts_with("the Contract tag: 2 boards (2, 3)")),
        "{:?}",
        lin.losses
    );
}
