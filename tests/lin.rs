//! LIN: every corpus file parses losslessly and checks without a crash; conversions keep the
//! deal, the calls and each seat's cards and come back stable; each check has a triggering
//! board and a clean twin.

use std::path::PathBuf;

use kibitzer::analysis::lin::check_lin_text;
use kibitzer::bridge::Seat;
use kibitzer::convert::{read_lin, read_pbn, write_lin, write_pbn_file};
use kibitzer::diagnostic::{Applicability, Diagnostic};
use kibitzer::model::board::BoardModel;
use kibitzer::model::written::{CallKind, CardKind};
use kibitzer::syntax::lin::LinParse;
use kibitzer::text::decode;

fn corpus(kind: &str) -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(kind)))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("corpus file");
            let text = decode(&bytes).map(|s| s.text).unwrap_or_default();
            (p, text)
        })
        .collect()
}

#[test]
fn every_corpus_file_parses_losslessly_and_checks() {
    let files = corpus("lin");
    assert!(files.len() >= 40, "{} LIN files", files.len());
    let mut boards = 0;
    for (path, text) in &files {
        let parse = LinParse::new(text);
        assert_eq!(
            parse.syntax().text().to_string(),
            *text,
            "{}",
            path.display()
        );
        let report = check_lin_text(text, &Default::default());
        boards += report.games;
    }
    println!("{} LIN files, {boards} boards", files.len());
    assert!(boards >= 190, "{boards} boards");
}

/// Each seat's cards in the order that seat played them.
fn cards_by_seat(board: &BoardModel) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); 4];
    for item in board.play.iter().flat_map(|p| p.written()).flatten() {
        if let (Some(seat), CardKind::Card(card)) = (item.seat, item.kind) {
            out[seat.index()].push(card.to_string());
        }
    }
    out
}

fn calls(board: &BoardModel) -> Vec<String> {
    board
        .auction
        .iter()
        .flat_map(|a| a.written())
        .map(|c| match c.kind {
            CallKind::Call(call) => call.to_string(),
            CallKind::AllPass => "AP".into(),
            CallKind::Query => "?".into(),
        })
        .collect()
}

fn hands(board: &BoardModel) -> Vec<Option<String>> {
    Seat::ALL
        .iter()
        .map(|s| {
            board
                .context
                .deal
                .as_ref()
                .and_then(|d| d.hands[s.index()])
                .map(|h| h.to_string())
        })
        .collect()
}

#[test]
fn lin_converts_to_pbn_with_the_same_deal_calls_and_cards_and_comes_back_stable() {
    let mut compared = 0;
    for (path, text) in corpus("lin") {
        let boards = read_lin(&text);
        let (pbn, _) = write_pbn_file(&boards);
        let back = read_pbn(&pbn);
        assert_eq!(back.len(), boards.len(), "{}", path.display());
        for (a, b) in boards.iter().zip(&back) {
            let board = a.fact("Board").unwrap_or("?");
            assert_eq!(hands(a), hands(b), "{} board {board}: deal", path.display());
            assert_eq!(
                calls(a),
                calls(b),
                "{} board {board}: calls",
                path.display()
            );
            assert_eq!(
                cards_by_seat(a),
                cards_by_seat(b),
                "{} board {board}: cards",
                path.display()
            );
            compared += 1;
        }
        // LIN -> PBN -> LIN -> PBN: the second PBN is the first.
        let (lin, _) = write_lin(&back);
        let (pbn_again, _) = write_pbn_file(&read_lin(&lin));
        assert_eq!(
            pbn_again,
            pbn,
            "{}: LIN -> PBN -> LIN -> PBN",
            path.display()
        );
        // LIN -> LIN is a fixed point after one pass.
        let (once, _) = write_lin(&boards);
        let (twice, _) = write_lin(&read_lin(&once));
        assert_eq!(twice, once, "{}: LIN -> LIN", path.display());
    }
    println!("{compared} boards compared");
    assert!(compared >= 190);
}

#[test]
fn pbn_converts_to_lin_with_the_same_deal_calls_and_cards() {
    let mut compared = 0;
    for (path, text) in corpus("pbn").into_iter().take(120) {
        let boards = read_pbn(&text);
        let (lin, _) = write_lin(&boards);
        let back = read_lin(&lin);
        assert_eq!(back.len(), boards.len(), "{}", path.display());
        for (a, b) in boards.iter().zip(&back) {
            // LIN's md starts with the dealer: a deal without one is not comparable.
            if a.dealer().is_none() || a.context.deal.is_none() {
                continue;
            }
            assert_eq!(hands(a), hands(b), "{}: deal", path.display());
            let ours: Vec<String> = calls(a).into_iter().take_while(|c| c != "?").collect();
            let theirs: Vec<String> = calls(b).into_iter().take_while(|c| c != "?").collect();
            if !ours.contains(&"AP".to_string()) {
                assert_eq!(ours, theirs, "{}: calls", path.display());
            }
            compared += 1;
        }
    }
    println!("{compared} PBN boards through LIN");
    assert!(compared > 1000, "{compared}");
}

fn codes(text: &str) -> Vec<&'static str> {
    check_lin_text(text, &Default::default())
        .diagnostics
        .iter()
        .filter(|d| d.code != "X802")
        .map(|d| d.code.as_str())
        .collect()
}

/// North deals; South holds the top spades, West the top hearts, North the top diamonds and East
/// the top clubs (md gives South, West and North; East holds the rest).
const DEAL: &str = "md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|o|";

/// Each check, with a board that triggers it and a twin that does not.
const CASES: &[(&str, &str, &str)] = &[
    ("L701", "qx|o1|zq|1|", "qx|o1|nt|hello|"),
    ("L702", "qx|o1|oops\nmb|p|", "qx|o1|\nmb|p|"),
    (
        "L703",
        "qx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C76X,|",
        "qx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,|",
    ),
    ("L703", "qx|o1|md|9SA,,,|", "qx|o1|md|1SA,,,|"),
    ("L704", "qx|o1|sv|x|", "qx|o1|sv|b|"),
    ("L705", "qx|o1|pn|a,b,c|", "qx|o1|pn|a,b,c,d|"),
    ("L706", "qx|o1|mb|1q|", "qx|o1|mb|1n|"),
    ("L707", "qx|o1|pc|s1|", "qx|o1|pc|s10|"),
    ("L708", "qx|o1|mc|14|", "qx|o1|mc|13|"),
];

#[test]
fn each_l_code_has_a_trigger_and_a_clean_twin() {
    for (code, bad, good) in CASES {
        assert!(
            codes(bad).contains(code),
            "{code} not in {:?} for {bad:?}",
            codes(bad)
        );
        assert!(
            !codes(good).contains(code),
            "{code} in {:?} for {good:?}",
            codes(good)
        );
    }
}

/// A board of `DEAL` with `rest` after it.
fn board(rest: &str) -> String {
    format!("qx|o1|pn|S,W,N,E|{DEAL}{rest}\n")
}

#[test]
fn the_bridge_rules_apply_to_lin_boards() {
    let auction = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|";
    // North declares 4S; East leads. East holds the clubs.
    let cases: &[(&str, String, String)] = &[
        (
            "D203",
            "qx|o1|md|3SAKQJHT98D765C432,SAT8HAKQJD432C765,S765H432DAKQJCT98,|".into(),
            board(""),
        ),
        (
            "D205",
            "qx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT9,S2|".into(),
            board(""),
        ),
        (
            "A302",
            board("mb|1s|mb|p|mb|1h|mb|p|mb|p|mb|p|"),
            board("mb|1s|mb|p|mb|2h|mb|p|mb|p|mb|p|"),
        ),
        ("A303", board("mb|1s|mb|p|mb|d|"), board("mb|1s|mb|d|")),
        ("A305", board(&format!("{auction}mb|p|")), board(auction)),
        (
            "P502",
            board(&format!("{auction}pc|ha|")),
            board(&format!("{auction}pc|ca|")),
        ),
        (
            "P504",
            board(&format!("{auction}pc|ca|pc|h8|pc|c5|pc|ct|")),
            board(&format!("{auction}pc|ca|pc|c2|pc|c5|pc|ct|")),
        ),
        // East's ace of clubs wins the first trick: a claim of all 13 tricks for declarer is
        // more than remain.
        (
            "P506",
            board(&format!("{auction}pc|ca|pc|c2|pc|c5|pc|ct|mc|13|")),
            board(&format!("{auction}pc|ca|pc|c2|pc|c5|pc|ct|mc|12|")),
        ),
    ];
    for (code, bad, good) in cases {
        assert!(
            codes(bad).contains(code),
            "{code} not in {:?} for {bad:?}",
            codes(bad)
        );
        assert!(
            !codes(good).contains(code),
            "{code} in {:?} for {good:?}",
            codes(good)
        );
    }
}

/// A vugraph header whose `rs` gives `result` for the open room of board 1.
fn vugraph_header(result: &str) -> String {
    format!("vg|Final,1,I,1,1,A,0,B,0|\nrs|{result},|\npn|s,w,n,e,S,W,N,E|pg||\n")
}

/// The first finding with `code` in a LIN text (it fails when there is none).
fn finding(text: &str, code: &str) -> Diagnostic {
    check_lin_text(text, &Default::default())
        .diagnostics
        .into_iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code} in {text:?}"))
}

#[test]
fn a_vugraph_result_that_contradicts_the_claim_is_l709() {
    let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|";
    let game = format!("qx|o1|{DEAL}{play}\n");
    let bad = format!("{}{game}", vugraph_header("4SN+1"));
    let good = format!("{}{game}", vugraph_header("4SN="));
    assert!(codes(&bad).contains(&"L709"), "{:?}", codes(&bad));
    assert!(!codes(&good).contains(&"L709"), "{:?}", codes(&good));
    let d = finding(&bad, "L709");
    assert_eq!(&bad[d.range.start().into()..d.range.end().into()], "4SN+1");
    // The header's names reach the board: the open room's four.
    let boards = read_lin(&good);
    assert_eq!(boards[0].fact("South"), Some("s"));
    assert_eq!(boards[0].fact("Event"), Some("Final"));
}

/// A header with two `rs` pairs: the boards are held against the last (as the header hands it
/// down), and L709 points into that one. Found by fuzzing: the check placed the result's range
/// by the first pair and read its text from the last, and a fix range ran backwards (a panic).
#[test]
fn a_header_with_two_result_lists_is_read_by_the_last() {
    let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|";
    let game = format!("qx|o1|{DEAL}{play}\n");
    let header = "vg|Final,1,I,1,1,A,0,B,0|\nrs|1,|\nrs|4SN+1,|\npn|s,w,n,e,S,W,N,E|pg||\n";
    let text = format!("{header}{game}");
    let d = finding(&text, "L709");
    assert_eq!(&text[d.range.start().into()..d.range.end().into()], "4SN+1");
    let good = format!("{}{game}", header.replace("4SN+1", "4SN="));
    assert!(!codes(&good).contains(&"L709"), "{:?}", codes(&good));
}

/// The file check hands its findings over a run of boards at a time; L709 points back into the
/// header, before the boards that raise it. A file of two vugraph segments, large enough to be
/// checked on several threads in many runs, must still come out in text order and equal to
/// what the editor's check (one tree, sorted at the end) finds.
#[test]
fn findings_pointing_back_into_the_header_come_out_in_text_order() {
    segments_of_wrong_boards_check_in_text_order(4000);
}

/// Segments whose boards hold more findings than the file check keeps waiting: their boards
/// are checked again, and the findings still come out in the editor's order.
#[test]
fn findings_of_segments_too_long_to_hold_still_come_out_in_text_order() {
    segments_of_wrong_boards_check_in_text_order(20_000);
}

/// Two vugraph segments of `boards` boards, each with an unknown key and a result its `rs`
/// contradicts (an L709 pointing back into the header).
fn segments_of_wrong_boards_check_in_text_order(boards: usize) {
    let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|";
    let mut text = String::new();
    for segment in ["Semifinal", "Final"] {
        let results = "4SN+1,,".repeat(boards);
        text.push_str(&format!(
            "vg|{segment},1,I,1,{boards},A,0,B,0|\nrs|{results}|\npn|s,w,n,e,S,W,N,E|pg||\n"
        ));
        for number in 1..=boards {
            text.push_str(&format!("qx|o{number}|{DEAL}xx|y|{play}\n"));
        }
    }
    // A closed-room board after them, which the last results cover too.
    text.push_str(&format!("qx|c1|{DEAL}xx|y|{play}\n"));
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    let file = check_lin_text(&text, &Default::default()).diagnostics;
    let l709 = file.iter().filter(|d| d.code == "L709").count();
    assert_eq!(l709, 2 * boards);
    assert!(file
        .windows(2)
        .all(|w| (w[0].range.start(), w[0].range.end()) <= (w[1].range.start(), w[1].range.end())));
    let editor =
        kibitzer::analysis::lin::check_lin(&LinParse::new(&text), &Default::default()).diagnostics;
    assert_eq!(file, editor);
}

/// A handviewer address for `query`.
fn handviewer(query: &str) -> String {
    format!("https://www.bridgebase.com/tools/handviewer.html?{query}\n")
}

#[test]
fn handviewer_addresses_pasted_into_a_lin_file_are_boards() {
    // The same board three ways: as pairs, as an address carrying its LIN (percent-encoded),
    // and as an address of fields.
    let pairs = "qx|o7|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|b|mb|1s|mb|p|";
    let encoded: String = pairs
        .chars()
        .map(|c| match c {
            '|' => "%7C".to_string(),
            ',' => "%2C".to_string(),
            c => c.to_string(),
        })
        .collect();
    let lin_form = handviewer(&format!("lin={encoded}"));
    let field_form = handviewer(
        "s=SAKQJHT98D765C432&w=ST98HAKQJD432C765&n=S765H432DAKQJCT98&e=S432H765DT98CAKQJ&d=n&v=b&b=7&a=1SP",
    );
    let text = format!("{pairs}\n{lin_form}{field_form}");
    let boards = kibitzer::model::read_lin(&text);
    assert_eq!(boards.len(), 3);
    for board in &boards {
        assert_eq!(hands(board), hands(&boards[0]));
        assert_eq!(calls(board), ["1S", "Pass"]);
        assert_eq!(board.fact("Board"), Some("7"));
    }
    assert!(codes(&text).is_empty(), "{:?}", codes(&text));

    // The bridge checks see the board inside the address, and point at the whole address.
    let duplicate = handviewer("n=SAKQJHT98D765C432&e=SAH765D432CAKQJ&d=n");
    let text = format!("{pairs}\n{duplicate}");
    let report = check_lin_text(&text, &Default::default());
    let d203 = report
        .diagnostics
        .iter()
        .find(|d| d.code == "D203")
        .expect("D203 for the ace of spades twice");
    let at = pairs.len() + 1;
    assert_eq!(
        usize::from(d203.range.start())..usize::from(d203.range.end()),
        at..at + duplicate.len() - 1
    );
    assert!(d203.message.starts_with("in the handviewer address"));

    // An address that is no handviewer board is L710; its clean twin is one that is.
    assert!(codes(&handviewer("page=2")).contains(&"L710"));
    assert!(codes("https://www.bridgebase.com/\n").contains(&"L710"));
    assert!(!codes(&field_form).contains(&"L710"));
}

/// The text without white space, in lower case: what formatting LIN may not change.
fn essence(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_ascii_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

#[test]
fn formatting_keeps_every_pasted_address_and_the_boards_it_stands_for() {
    use kibitzer::format::FormatOptions;
    use kibitzer::Notation;
    let address = handviewer("n=SAKQJHT98D765C432&e=ST98HAKQJD432C765&d=n&a=1SP");
    for (path, text) in corpus("lin") {
        // An address pasted after the first line, one run into the line after it, and pairs
        // that follow an address on its line.
        let first_line = text.find('\n').map_or(text.len(), |i| i + 1);
        let pasted = format!(
            "{}{address}{} mb|p|\n{}",
            &text[..first_line],
            address.trim_end(),
            &text[first_line..]
        );
        let options = FormatOptions::default();
        let once = Notation::Lin.format(&pasted, &options);
        assert_eq!(essence(&once), essence(&pasted), "{}", path.display());
        assert_eq!(
            Notation::Lin.format(&once, &options),
            once,
            "{}",
            path.display()
        );
        assert_eq!(
            once.matches(address.trim_end()).count(),
            2,
            "{}",
            path.display()
        );
        let before = kibitzer::model::read_lin(&pasted);
        let after = kibitzer::model::read_lin(&once);
        assert_eq!(before.len(), after.len(), "{}", path.display());
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(hands(b), hands(a), "{}", path.display());
            assert_eq!(calls(b), calls(a), "{}", path.display());
        }
    }
}

/// `text` with the edits of the first fix of each diagnostic with code `code` applied.
fn fixed(text: &str, code: &str) -> String {
    let report = check_lin_text(text, &Default::default());
    let mut edits: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .filter_map(|d| d.fixes.first())
        .flat_map(|f| f.edits.clone())
        .collect();
    assert!(!edits.is_empty(), "no fix for {code} in {text:?}");
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
    let mut out = text.to_string();
    for e in edits {
        out.replace_range(
            usize::from(e.range.start())..usize::from(e.range.end()),
            &e.new_text,
        );
    }
    out
}

#[test]
fn an_unclosed_pair_and_a_result_the_play_contradicts_have_fixes() {
    // The `|` goes before the line break the unclosed value ends with.
    let unclosed = "qx|o1|mb|p\n";
    assert_eq!(fixed(unclosed, "L702"), "qx|o1|mb|p|\n");
    assert!(!codes(&fixed(unclosed, "L702")).contains(&"L702"));
    // The result's ending is set to what the claim gives; the contract and declarer stay.
    let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|9|";
    let game = format!("qx|o1|{DEAL}{play}\n");
    for (said, mended) in [("4SNx+1", "4SNx-1"), ("4SN=", "4SN-1"), ("4SN-3", "4SN-1")] {
        let text = format!("{}{game}", vugraph_header(said));
        assert_eq!(
            fixed(&text, "L709"),
            format!("{}{game}", vugraph_header(mended))
        );
        let fix = &finding(&text, "L709").fixes[0];
        assert_eq!(fix.applicability, Applicability::Unsafe);
    }
    // Another declarer is not rewritten.
    let text = format!("{}{game}", vugraph_header("4SE-1"));
    let l709 = finding(&text, "L709");
    assert!(l709.fixes.is_empty(), "{l709:?}");
}

#[test]
fn check_fix_closes_pairs_and_unsafe_fixes_mend_results() {
    let dir = std::env::temp_dir().join(format!("kibitzer-lin-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fix.lin");
    let header = vugraph_header("4SN+1");
    let play = "mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|";
    let text = format!("{header}qx|o1|{DEAL}{play}\nqx|o2|mb|p\n");
    std::fs::write(&file, &text).unwrap();
    let run = |unsafe_fixes: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"));
        command.args(["check", "--fix"]);
        if unsafe_fixes {
            command.arg("--unsafe-fixes");
        }
        command.arg(&file).output().unwrap();
        std::fs::read_to_string(&file).unwrap()
    };
    // Safe fixes only: the pair is closed, the result (a change of what the file says) is not.
    let safe = run(false);
    assert!(safe.ends_with("qx|o2|mb|p|\n"), "{safe}");
    assert!(safe.contains("rs|4SN+1,|"), "{safe}");
    let all = run(true);
    assert!(all.contains("rs|4SN=,|"), "{all}");
    assert_eq!(all.replace("rs|4SN=,|", "rs|4SN+1,|"), safe);
    std::fs::remove_dir_all(&dir).ok();
}

/// A value that holds a `|` of its own (`pn|…,WRANG||`, as BBO writes a player called `WRANG|`):
/// one error, on the value, saying so; the pairs after it read as meant, in this board and in
/// the boards after it, and a `|` where none may be (an empty value, a pair's end) is no such
/// value.
#[test]
fn a_pipe_inside_a_value_is_reported_on_the_value_and_the_pairs_after_it_read() {
    let text = format!(
        "qx|o1|pn|S,W,N,WRANG||{DEAL}mb|1s|mb|p|mb|p|mb|p|pg||\nqx|o2|pn|S,W,N,E|{DEAL}mb|p|mb|p|mb|p|mb|p|pg||\n"
    );
    let report = check_lin_text(&text, &Default::default());
    let errors: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == kibitzer::diagnostic::Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].code.as_str(), "L702");
    let start = usize::from(errors[0].range.start());
    let end = usize::from(errors[0].range.end());
    assert_eq!(&text[start..end], "S,W,N,WRANG|");
    assert!(
        errors[0].message.contains("holds a `|`"),
        "{}",
        errors[0].message
    );
    assert!(!codes(&text).contains(&"L701"), "{:?}", codes(&text));
    let boards = read_lin(&text);
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0].fact("East"), Some("WRANG|"));
    assert_eq!(calls(&boards[0]), ["1S", "Pass", "Pass", "Pass"]);
    assert_eq!(hands(&boards[1]), hands(&boards[0]));
    // An empty value before a pair is no `|` inside a value.
    assert!(!codes(&board("st||mb|p|")).contains(&"L702"));
}

/// Found by fuzzing: `mc|12|||pc|…` (three `|` after a value) is no value holding a `|`; read
/// so it shifted every pair after it, and formatting twice gave two texts. Formatting is done
/// in one go, and the file check and the editor's agree.
#[test]
fn three_pipes_after_a_value_are_an_empty_pair_and_formatting_settles() {
    let text = "qx|o1|pn|a,b,c,d|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|o|mb|1S|mb|p|mb|p|mb|p|pg||pc|DK|pc|DA|pc|D5|pc|D6|pg||mc|12|||pc|S7|pc|D7|pc|SJ|pc|ST|pg||\nqx|o2|pn|a,b,c,WRANG||md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n";
    let options = kibitzer::format::FormatOptions::default();
    let once = kibitzer::Notation::Lin.format(text, &options);
    let twice = kibitzer::Notation::Lin.format(&once, &options);
    assert_eq!(once, twice, "formatting twice differs");
    let parse = LinParse::new(text);
    let editor = kibitzer::analysis::lin::check_lin(&parse, &Default::default());
    let file = check_lin_text(text, &Default::default());
    let key = |d: &Diagnostic| (d.range.start(), d.range.end(), d.code, d.message.clone());
    let mut a: Vec<_> = editor.diagnostics.iter().map(key).collect();
    let mut b: Vec<_> = file.diagnostics.iter().map(key).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    // The `|||` is no value holding `|`; the name that holds one is.
    let held: Vec<&Diagnostic> = file
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("holds a `|`"))
        .collect();
    assert_eq!(held.len(), 1, "{held:#?}");
    let at = usize::from(held[0].range.start());
    assert!(text[at..].starts_with("a,b,c,WRANG|"), "{}", &text[at..]);
}
