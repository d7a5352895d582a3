//! Totality: whatever the text, checking, formatting, converting and the editor features never
//! panic, and formatting stays lossless for games it cannot read (the parser's own properties are
//! in syntax_props.rs).

use kibitzer::analysis::{check_stream, check_text, CheckOptions};
use kibitzer::convert::{read_pbn, read_rbn, write_pbn_file, write_rbn};
use kibitzer::format::{format_text, Eol, FormatOptions};
use kibitzer::syntax::Parse;
use proptest::prelude::*;

/// Fragments that make up nasty PBN: broken tags, sections, annotations, irregularities,
/// comments across blank lines, `#` inheritance, non-Latin-1 text, control characters.
const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "\"",
    "\\",
    "{",
    "}",
    "\n",
    "\r\n",
    " ",
    "\t",
    ";",
    "%",
    "#",
    "##x",
    "\n\n",
    "[Event \"#\"]",
    "[Event \"##Club\"]",
    "[Dealer \"N\"]",
    "[Dealer \"e\"]",
    "[Vulnerable \"All\"]",
    "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]",
    "[Deal \"W:K.Q.J.T - - -\"]",
    "[Deal \"N:...\"]",
    "[Declarer \"S\"]",
    "[Declarer \"^W\"]",
    "[Contract \"4SX\"]",
    "[Contract \"3N\"]",
    "[Contract \"NT\"]",
    "[Result \"10\"]",
    "[Result \"NS 9 EW 4\"]",
    "[Board \"7\"]",
    "[Score \"NS 620\"]",
    "[Auction \"N\"]",
    "[Auction \"W\"]",
    "[Play \"E\"]",
    "[Play \"W\"]",
    "[Note \"1:x\"]",
    "[Note \"40:y\"]",
    "[ScoreTable \"Rank\\2R;+Score_NS;Contract\"]",
    "[OptimumResultTable \"Declarer;Result\"]",
    "1S",
    "1NT",
    "Pass",
    "P",
    "X",
    "XX",
    "AP",
    "-",
    "7NT",
    "SK",
    "HA",
    "C2",
    "S10",
    "DT",
    "=1=",
    "=0=",
    "$3",
    "$300",
    "!",
    "?!",
    "^I",
    "^S",
    "^R",
    "^L",
    "*",
    "+",
    "é",
    "€",
    "😀",
    "\u{0}",
    "\u{85}",
    "N 10 S",
    "?",
    "^5",
];

fn pbnish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..120).prop_map(|parts| parts.join(" "))
}

/// RBN-shaped text: labelled lines with the same nasty fragments in their fields.
fn rbnish() -> impl Strategy<Value = String> {
    const LABELS: &[&str] = &[
        "T", "D", "L", "E", "S", "F", "K", "N", "B", "H", "A", "C", "P", "R", "I", "M", "1", "9",
        "{", "%", "Q", "",
    ];
    const FIELDS: &[&str] = &[
        "W:AK.Q.J.T",
        "N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98",
        ";x?",
        "NZ:1S1S",
        "EN:PP1NX",
        "4SXN",
        "10+620",
        "2023.05.17",
        "20230517:1930G",
        "2021.01.0203C",
        ":C2:SK",
        "HA+-",
        "S:2",
        "é",
        "€",
        "😀",
        "::",
        "}",
        "{",
        "^",
        "1",
        "0",
        "Open:Closed",
        "a:b:c:d",
    ];
    let line = (
        prop::sample::select(LABELS),
        prop::collection::vec(prop::sample::select(FIELDS), 0..4),
    )
        .prop_map(|(label, fields)| format!("{label} {}", fields.concat()));
    prop::collection::vec(prop::option::weighted(0.85, line), 0..40).prop_map(|lines| {
        lines
            .into_iter()
            .map(|l| l.unwrap_or_default() + "\n")
            .collect::<String>()
    })
}

/// LIN-shaped text: `key|value|` pairs with keys and values of real boards, half-typed ones and
/// the same nasty fragments, so that boards, vugraph headers and broken pairs all occur.
fn linish() -> impl Strategy<Value = String> {
    const PAIRS: &[&str] = &[
        "md|3SAKQHT98D7C432,S5TKAH26D378C378T,,|",
        "md|1S479QHJKAD45TC59A,,,|",
        "md||",
        "sv|o|",
        "sv|b|",
        "ah|Board 7|",
        "rh||",
        "mb|1s|",
        "mb|2NT!|",
        "mb|p|",
        "mb|d|",
        "mb|r|",
        "mb|1c|",
        "mb|8s|",
        "mb||",
        "an|five cards|",
        "pc|hK|",
        "pc|SA|",
        "pc|D2|",
        "pc|C9|",
        "pc||",
        "mc|10|",
        "pg||",
        "qx|o1,BOARD 1|",
        "vg|,'1-4',I,1,4,GIBNS,0,GIBEW,0|",
        "rs|2SN+1,3NS-1|",
        "pn|a,b,c,d|",
        "nt|note|",
        "\n",
        "\r\n",
        "|",
        "é",
        "😀",
        "md|",
        "mb|1",
        "https://www.bridgebase.com/tools/handviewer.html?lin=md|1S4,,,|",
    ];
    prop::collection::vec(prop::sample::select(PAIRS), 0..60).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn checking_never_panics(text in pbnish(), export in any::<bool>()) {
        let options = CheckOptions {
            export,
            ..CheckOptions::default()
        };
        let parse = Parse::new(&text);
        let report = check_text(&text, &parse, &options);
        let streamed = check_stream(&text, &options, 2);
        prop_assert_eq!(report.games, streamed.games);
        for d in &report.diagnostics {
            prop_assert!(u32::from(d.range.end()) as usize <= text.len());
        }
    }

    #[test]
    fn formatting_never_panics_and_settles(text in pbnish(), export in any::<bool>()) {
        let options = FormatOptions { export, eol: Eol::Keep };
        let once = format_text(&text, &options);
        let twice = format_text(&once, &options);
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn rbn_never_panics(text in rbnish()) {
        let boards = read_rbn(&text);
        let (pbn, _) = write_pbn_file(&boards);
        let _ = write_rbn(&read_pbn(&pbn));
        let _ = kibitzer::Notation::Rbn.check(&text, &CheckOptions::default());
        let once = kibitzer::notation::Notation::Rbn.format(&text, &Default::default());
        prop_assert_eq!(kibitzer::notation::Notation::Rbn.format(&once, &Default::default()), once);
    }

    #[test]
    fn editor_features_never_panic(text in pbnish(), at in any::<prop::sample::Index>()) {
        // Every game of the text, asked every question at one offset, as the server asks them;
        // each hint and range must stay inside the game.
        let parse = Parse::new(&text);
        for (node, _) in parse.chunks() {
            let len = u32::from(node.text_range().len());
            let offset = kibitzer::syntax::TextSize::from(at.index(len as usize + 1) as u32);
            for hint in kibitzer::ide::inlay_hints(&node) {
                prop_assert!(u32::from(hint.offset) <= len);
            }
            let _ = kibitzer::ide::hover(&node, offset);
            for item in kibitzer::ide::completions(&node, offset) {
                prop_assert!(u32::from(item.range.end()) <= len);
            }
            let _ = kibitzer::ide::game_symbol(&node);
            let _ = kibitzer::ide::folding_ranges(&node);
            let _ = kibitzer::ide::semantic_tokens(&node);
            let _ = kibitzer::ide::definition(&node, offset);
            let _ = kibitzer::ide::references(&node, offset, true);
        }
    }

    #[test]
    fn rbn_editor_features_never_panic(text in rbnish(), at in any::<prop::sample::Index>()) {
        // Each record with what the records before it hand down, as the server reads them.
        use kibitzer::ide::{model_hints, rbn};
        use kibitzer::syntax::rbn::{RbnParse, Record};
        let mut carry = kibitzer::model::Carry::default();
        for (node, _) in RbnParse::new(&text).chunks() {
            let Some(record) = Record::cast(node) else { continue };
            let len = u32::from(record.syntax().text_range().len());
            let offset = kibitzer::syntax::TextSize::from(at.index(len as usize + 1) as u32);
            let _ = rbn::hover(&record, &carry, offset);
            let _ = rbn::completions(Some(&record), &carry, offset);
            let _ = rbn::record_symbol(&record, &carry);
            let _ = rbn::folding_ranges(&record);
            let _ = rbn::note_definition(&record, offset);
            let _ = rbn::note_references(&record, offset, true);
            let _ = rbn::semantic_tokens(&record);
            let board = rbn::board_of(&record, &carry);
            kibitzer::model::read_record(&record, &mut carry);
            for hint in model_hints(&board) {
                prop_assert!(u32::from(hint.offset) <= len);
            }
        }
    }

    #[test]
    fn lin_editor_features_never_panic(text in linish(), at in any::<prop::sample::Index>()) {
        // Each board with what the vugraph header before it hands down, as the server reads
        // them: the hover and completions read the board lowered to a game's model.
        use kibitzer::ide::{lin, model_hints};
        use kibitzer::model::LinCarry;
        use kibitzer::syntax::lin::{LinParse, Piece};
        let mut carry = LinCarry::default();
        for (node, _) in LinParse::new(&text).chunks() {
            let Some(piece) = Piece::cast(node) else { continue };
            let len = u32::from(piece.syntax().text_range().len());
            let offset = kibitzer::syntax::TextSize::from(at.index(len as usize + 1) as u32);
            let _ = lin::hover(&piece, &carry, offset);
            for item in lin::completions(&piece, &carry, offset) {
                prop_assert!(u32::from(item.range.end()) <= len);
            }
            let _ = lin::piece_symbol(&piece, &carry);
            let _ = lin::semantic_tokens(&piece);
            if piece.is_board() {
                for hint in model_hints(&lin::board_of(&piece, &carry)) {
                    prop_assert!(u32::from(hint.offset) <= len);
                }
            } else {
                carry = LinCarry::read(piece.pairs());
            }
        }
    }

    #[test]
    fn converting_never_panics(text in pbnish()) {
        let boards = read_pbn(&text);
        let (rbn, _) = write_rbn(&boards);
        let back = read_rbn(&rbn);
        let _ = write_pbn_file(&back);
        let _ = read_rbn(&text);
    }
}

/// The cases these properties found, kept as plain tests (each was a bug: a panic, a format
/// that did not settle, or a move that changed the meaning).
#[test]
fn cases_found_by_the_properties_stay_fixed() {
    let settle = |text: &str, export: bool| {
        let options = FormatOptions {
            export,
            eol: Eol::Keep,
        };
        let once = format_text(text, &options);
        assert_eq!(format_text(&once, &options), once, "{text:?}");
        once
    };
    // An unclosed `{` at the end: nothing is appended to it.
    assert_eq!(settle("{ \n", true), "% PBN 2.1\n% EXPORT\n%\n{ \n");
    // Mixed line ends: `keep` takes the first line end of the text that stays.
    settle("\n 1S \r\n \n ;", false);
    // A Note carrying section data is not moved after the auction (it would join it).
    let kept = "[Note \"1:x\"] =1= [Auction \"N\"] AP \n";
    assert_eq!(settle(kept, false), kept);
    // A multi-byte character where an RBN date or hand field expects ASCII.
    let boards = read_rbn("DT *   € \nH N€:AK.Q.J.T\n");
    let _ = write_pbn_file(&boards);
    // RBN: a note before any A line, with two P lines, stays with the auction.
    let rbn = kibitzer::notation::Notation::Rbn.format("1 \nP \nP \n\n", &Default::default());
    assert_eq!(
        kibitzer::notation::Notation::Rbn.format(&rbn, &Default::default()),
        rbn
    );
    // RBN: an unclosed paragraph is not moved in front of fields it would swallow.
    let open = "R \n1 \n{ \n";
    assert_eq!(
        kibitzer::notation::Notation::Rbn.format(open, &Default::default()),
        format!("{open}\n")
    );
}
