//! Checking RBN: the examples the documents call valid are clean, each R code has a triggering
//! input and a legal twin, the PBN rules apply to RBN records, and the corpus files' results.

mod common;

use kibitzer::analysis::rbn::check_rbn_text;

fn codes(text: &str) -> Vec<&'static str> {
    check_rbn_text(text, &Default::default())
        .diagnostics
        .iter()
        .filter(|d| d.code != "S011")
        .map(|d| d.code.as_str())
        .collect()
}

#[test]
fn documented_valid_examples_get_no_diagnostic() {
    let lines = [
        "T Greed Costs Contract:Richard Pavlicek",
        "T :Joe Blow",
        "T Preempts:: Fact or Fiction?:Marty Bergen",
        "D 19980131",
        "D 199709",
        "D 1996",
        "D 1955C",
        "D 20000509:091508",
        "D 20010704:1930",
        "D 20011130:24",
        "D 20011201:0",
        "D 1986120911",
        "D 20120428:072315G",
        "L Toronto ON:Royal York Hotel",
        "L Edmonton::AB:Royal Alex",
        "E Southeastern Regional:Flight A Open Pairs",
        "S Semifinal:3",
        "S R32:1",
        "F X:Butler",
        "F A:no honors or partials",
        "K Italy +999:United States +2",
        "K GIB +99 -3:Jack 97",
        "K Italy:USA1:999:22",
        "K France:Spain::-5",
        "N Wolff+Hamman:Stansby+Martel:6:US National Trials",
        "N :+Norman Kay:6",
        "B 10:7X01",
        "B 9:97-7-542",
        "B :KK",
        "B xy",
        "H W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:",
        "H S:9.AK6.AKT982.K87:K7654.J73.Q65.T6:QT2.T94.J4.AQ953:",
        "H E:T4.8642.AKT8.K65",
        "H W:K9.K9.9:3.A3.Q.4:Q82..J.A:A7.7.K8",
        "H W:43:KJ2:Q976:AT85",
        "H W:A875.632.76.8643;Q632.Q87.J842.Q2:KJT4.KJT4.AQ3.AJ;",
        "H W:A8765.QT.K9.AT87;J42.AJ7632.J.632;QT3.85.Q86.KQJ54;",
        "H E;K5.T.KQJT98.KQJT:A876.A2.765.A876;32.KQJ9876543..9:",
        "H S:A876.A2.765.A876;32.KQJ9876543..9:QJT94..A432.5432;",
        "H W;32.KQJ9876543..9:QJT94..A432.5432;K5.T.KQJT98.KQJT:",
        "H N:QJT94..A432.5432;K5.T.KQJT98.KQJT:A876.A2.765.A876;",
        "A SZ:1SP2SP:4SA",
        "A EN",
        "A WE:A",
        "A NB:1SXY",
        "A S:1SP2CP:2D",
        "C 5D:N",
        "C P",
        "C 6HR:W",
        "C 4SX:S8",
        "C N:S6",
        "C C:EM",
        "R 11",
        "R 10+620",
        "R 8-300:+4",
        "R P:-2",
        "R :66.67",
        "R 5:-1",
        "R +2140:+12.29",
        "R 7-750:7",
        "R 9-100:=",
        "I 3N=10:4S=7:6S=5:P=4:5S=3:4N=1",
        "I 10=98:95:5=91:88:-40=83:42=75:43=65",
        "M 9",
        "M BA",
        "M A:88DAC",
        "M :978A7+979A7:46435+45436",
        "M C:DCC99=:!=",
        "M :+??A",
        "M 9:?4=:?8+?9",
    ];
    for line in lines {
        assert_eq!(codes(&format!("{line}\n")), Vec::<&str>::new(), "{line}");
    }
    // The article's North-South example gives the seven of diamonds and of clubs to both hands:
    // a real duplicate, which the deal check reports.
    assert_eq!(
        codes("H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72\n"),
        ["D203", "D203"]
    );
    // Examples that need their context.
    let with_notes = "A EB:3CP3N?P:PX!R^1A\n1 Apparently lost his mind\n";
    assert_eq!(codes(with_notes), Vec::<&str>::new());
    let play = "H S:AQ2.AKT.QT9.KQJ5:843.9853.A54.743:KJ7.Q72.KJ3.AT62:T965.J64.8762.98\nC 4S:N\nP S:HQ*3J2:HK47A:DJA53:HT68C7^1\n1 A subtle falsecard\n";
    let _ = codes(play); // a made-up layout; only its shape matters here
}

/// (R code, an input that triggers it, its legal twin).
const R_CASES: &[(&str, &str, &str)] = &[
    ("R901", "Z unknown\n", "N unknown\n"),
    ("R902", "D 2001-07-04\n", "D 20010704\n"),
    (
        "R902",
        "H W:AKQ.JT9.876.5432 :\n",
        "H W:AKQ.JT9.876.5432:\n",
    ),
    ("R903", "C 7NXX:N12345\n", "C 7NR:N\n"),
    ("R904", "H AKQ.JT9.876.5432\n", "H N:AKQ.JT9.876.5432\n"),
    ("R904", "A 1SP2SP\n", "A NZ:1SP2SP\n"),
    ("R904", "C 8S:N\n", "C 7S:N\n"),
    ("R904", "P N:SA2KQJ\n", "P N:SA2KQ:SJ\n"),
    ("R904", "R 14\n", "R 13\n"),
    ("R904", "M 12345678901\n", "M 1234567890\n"),
    (
        "R905",
        "{open paragraph\nB 1\n",
        "{closed paragraph}\nB 1\n",
    ),
    ("R906", "B1\n", "B 1\n"),
];

#[test]
fn each_r_code_has_a_trigger_and_a_legal_twin() {
    for (code, bad, good) in R_CASES {
        let found = codes(bad);
        assert!(
            found.contains(code),
            "{code} expected for {bad:?}, got {found:?}"
        );
        let twin = codes(good);
        assert!(
            !twin.contains(code),
            "{code} not expected for {good:?}, got {twin:?}"
        );
    }
    let r903 = check_rbn_text(&format!("F {}\n", "x".repeat(70)), &Default::default());
    let d = r903
        .diagnostics
        .iter()
        .find(|d| d.code == "R903")
        .expect("R903");
    assert_eq!(u32::from(d.range.start()), 64, "the part past the maximum");
}

#[test]
fn pbn_rules_apply_to_rbn_records() {
    let deal = "H W:KJ94.J9543.J6.JT:AT8.T82.942.A862:652.Q7.KT.K97543:\n";
    // A contract that disagrees with the auction (A308), pointing at the C field.
    let text = format!("B 1\n{deal}A NZ:PP1DP:1N2C3NA\nC 4N:N\n");
    let report = check_rbn_text(&text, &Default::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "A308")
        .expect("A308");
    assert_eq!(&text[d.range], "4N:N");
    // A card the player does not hold (P502), pointing at the card.
    let text = format!("B 1\n{deal}A NZ:PP1DP:1N2C3NA\nC 3N:N\nP S63JA:SK\n");
    let report = check_rbn_text(&text, &Default::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "P502")
        .expect("P502");
    assert_eq!(&text[d.range], "SK");
    // A note reference without its note (N401) and an insufficient bid (A302).
    assert_eq!(codes("A NZ:1S1H^1\n"), ["A302", "N401"]);
    // A duplicated card (D203) in the hands.
    assert!(codes("H N:AK:A:\n").contains(&"D203"));
    // The result and the score disagree (X801).
    assert!(codes(&format!(
        "B 1\n{deal}A NZ:PP1DP:1N2C3NA\nC 3N:N\nR 11+600\n"
    ))
    .contains(&"X801"));
}

#[test]
fn carried_values_are_not_reported_again() {
    // The second record inherits the bad deal; only the first record reports it.
    let text = "H N:AK:A:\nB 1\n\nB 2\n";
    let report = check_rbn_text(text, &Default::default());
    assert_eq!(
        report
            .diagnostics
            .iter()
            .filter(|d| d.code == "D203")
            .count(),
        1
    );
}

/// The file check parses, checks and drops one record at a time and hands its findings over in
/// batches; it must find what the editor's check of the whole tree finds, in the same order,
/// over thousands of records with syntax errors and bridge errors of every kind, with LF or
/// CRLF line ends and without a last line end.
#[test]
fn the_file_check_record_by_record_finds_what_the_whole_tree_check_finds() {
    use kibitzer::analysis::rbn::check_rbn;
    use kibitzer::syntax::rbn::RbnParse;
    let records: Vec<&str> = R_CASES
        .iter()
        .flat_map(|(_, bad, good)| [*bad, *good])
        .collect();
    let mut text = String::from("% RBN 3.0\n");
    for round in 0..300 {
        for record in &records {
            text.push_str(record);
            text.push_str(if round % 3 == 0 { "\n" } else { "\n\n" });
        }
        text.push_str("H N:AK:A:\nB x\nA NZ:1C1C\n\n");
    }
    let crlf = text.replace('\n', "\r\n");
    let unended = text.trim_end().to_string();
    for text in [text, crlf, unended] {
        let file = check_rbn_text(&text, &Default::default());
        let tree = check_rbn(&text, &RbnParse::new(&text), &Default::default());
        assert!(file.diagnostics.len() > 4000, "{}", file.diagnostics.len());
        assert_eq!(file.games, tree.games);
        assert_eq!(file.diagnostics, tree.diagnostics);
    }
}

#[test]
fn corpus_rbn_files_are_clean() {
    for path in common::corpus_files("rbn", "rbn") {
        let text = std::fs::read_to_string(&path).expect("readable");
        let report = check_rbn_text(&text, &Default::default());
        let found: Vec<_> = report
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.message.clone()))
            .collect();
        assert_eq!(found, vec![], "{}", path.display());
        assert!(report.games >= 1);
    }
}

#[test]
fn a_missing_space_after_a_label_has_a_fix() {
    let text = "B1\n";
    let report = check_rbn_text(text, &Default::default());
    let r906 = report
        .diagnostics
        .iter()
        .find(|d| d.code == "R906")
        .expect("R906");
    let edit = &r906.fixes[0].edits[0];
    let mut mended = text.to_string();
    mended.replace_range(
        usize::from(edit.range.start())..usize::from(edit.range.end()),
        &edit.new_text,
    );
    assert_eq!(mended, "B 1\n");
    assert!(!codes(&mended).contains(&"R906"));
}

/// A P line past the cap on a line of data: the text is kept (lossless), the data after the cap
/// is one unread token, R903 says so, and the record after it is read as usual (its date's bad
/// character is found). A line just under the cap says nothing of unread data.
#[test]
fn a_line_past_the_cap_keeps_its_rest_unread_and_says_so() {
    use kibitzer::syntax::rbn::RBN_DATA_CAP;
    use kibitzer::syntax::rbn::{RbnKind, RbnParse};
    let tricks = "SAS2S3S4:".repeat(RBN_DATA_CAP / 9 + 50);
    let text = format!("B 1\nC 3N:S\nP {tricks}\n\nB 2\nD 2001x\n");
    let parse = RbnParse::new(&text);
    assert_eq!(parse.syntax().text().to_string(), text);
    let unread: Vec<_> = parse
        .syntax()
        .descendants_with_tokens()
        .filter(|e| e.kind() == RbnKind::UNREAD)
        .collect();
    assert_eq!(unread.len(), 1);
    let unread_at = usize::from(unread[0].text_range().start());
    let data_start = text.find("P ").unwrap() + 2;
    // Cut at a trick's end, within the cap.
    assert!(unread_at - data_start <= RBN_DATA_CAP && unread_at - data_start > RBN_DATA_CAP - 9);
    assert_eq!(&text[unread_at - 1..unread_at], ":");
    let report = check_rbn_text(&text, &Default::default());
    let r903: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "R903")
        .collect();
    assert_eq!(r903.len(), 1, "{:?}", report.diagnostics);
    assert!(
        r903[0].message.contains("nothing is read"),
        "{}",
        r903[0].message
    );
    let second = text.find("D 2001x").unwrap();
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == "R902" && usize::from(d.range.start()) > second),
        "{:?}",
        report.diagnostics
    );
    // A conversion says what it leaves out.
    let (record, _) = parse.chunks().next().unwrap();
    let record = kibitzer::syntax::rbn::Record::cast(record).unwrap();
    let board = kibitzer::model::read_record(&record, &mut Default::default());
    assert!(
        board.dropped.iter().any(|d| d.contains("not read")),
        "{:?}",
        board.dropped
    );
    // Under the cap the line is too long, but read whole.
    let short = format!(
        "B 1\nC 3N:S\nP {}\n",
        "SAS2S3S4:".repeat(RBN_DATA_CAP / 9 - 50)
    );
    let report = check_rbn_text(&short, &Default::default());
    let r903 = report
        .diagnostics
        .iter()
        .find(|d| d.code == "R903")
        .unwrap();
    assert!(
        !r903.message.contains("nothing is read"),
        "{}",
        r903.message
    );
}

/// A call that refers to a note its record does not give gets N401 on the call (a note that is
/// given is no finding).
#[test]
fn a_reference_to_a_missing_note_is_found_on_the_call() {
    let deal = "H W:KJ94.J9543.J6.JT:AT8.T82.942.A862:652.Q7.KT.K97543:\n";
    let given = format!("B 1\n{deal}A NZ:1C^1P1HP:PP\n1 strong club\n");
    assert!(!codes(&given).contains(&"N401"), "{:?}", codes(&given));
    let missing = format!("B 1\n{deal}A NZ:1C^2P1HP:PP\n1 strong club\n");
    let report = check_rbn_text(&missing, &Default::default());
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "N401")
        .collect();
    assert_eq!(found.len(), 1, "{:?}", report.diagnostics);
    assert_eq!(&missing[found[0].range], "1C");
    assert!(found[0].message.contains("note 2"), "{}", found[0].message);
}
