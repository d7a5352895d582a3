//! A conversion loses nothing silently: each construct of the standards is either written by the
//! target or reported by the conversion's read-back, and PBN to PBN keeps everything. Each test
//! is named for its construct.

mod common;

use kibitzer::convert::readback::{compare, summarize};
use kibitzer::format::{format_text, FormatOptions};
use kibitzer::model::read_pbn;
use kibitzer::Notation;

const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

/// The kinds of thing a conversion reported (the part of each summary line before its `:`).
fn kinds(losses: &[String]) -> Vec<String> {
    losses
        .iter()
        .map(|l| l.split(": ").next().unwrap_or("").to_string())
        .collect()
}

fn rich_game() -> String {
    format!(
        "[Event \"\"]\n[Site \"?\"]\n[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"All\"]\n\
         [Deal \"{DEAL}\"]\n[Declarer \"N\"]\n[Contract \"2NT\"]\n[Result \"8\"]\n\
         [Auction \"N\"]\n2NT {{20-21}} $1 Pass Pass Pass\n[Play \"E\"]\nCA $14 CT C7 C2\n+\n\
         [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS NT 9\n\
         [ScoreTable \"PairId_NS\\2R;Score_NS\\6R\"]\n1 \"+120\"\n2 \"-100\"\n"
    )
}

#[test]
fn tables_nags_empty_tags_comments_in_the_auction_and_plus_survive_pbn_to_pbn() {
    let game = rich_game();
    let converted = Notation::Pbn.convert(&game, Notation::Pbn);
    assert_eq!(converted.lost, 0, "{:?}", converted.losses);
    for kept in [
        "[Event \"\"]",
        "[Site \"?\"]",
        "{20-21}",
        "$1",
        "$14",
        "+",
        "[OptimumResultTable",
        "[ScoreTable",
        "\"-100\"",
    ] {
        assert!(converted.text.contains(kept), "{kept}: {}", converted.text);
    }
    assert!(!converted.text.contains('*'), "{}", converted.text);
}

#[test]
fn tables_and_nags_are_reported_where_the_target_cannot_hold_them() {
    let game = rich_game();
    for to in [Notation::Rbn, Notation::Lin, Notation::Dlm] {
        let converted = Notation::Pbn.convert(&game, to);
        let kinds = kinds(&converted.losses);
        assert!(
            kinds.iter().any(|k| k == "the OptimumResultTable table")
                && kinds.iter().any(|k| k == "the ScoreTable table"),
            "{to:?}: {:?}",
            converted.losses
        );
        if to == Notation::Lin {
            assert!(
                kinds.iter().any(|k| k == "a NAG or `!`/`?` on a call"),
                "{:?}",
                converted.losses
            );
        }
    }
}

#[test]
fn rbn_writes_the_nags_of_calls_and_cards_as_its_suffixes() {
    let game = format!(
        "[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n\
         [Auction \"N\"]\n1NT $2 Pass Pass Pass\n[Play \"E\"]\nC2 $7 C9 CA C3\n*\n"
    );
    let converted = Notation::Pbn.convert(&game, Notation::Rbn);
    assert!(converted.text.contains("A N:1N?PPP"), "{}", converted.text);
    assert!(converted.text.contains("P E:C2!9A3"), "{}", converted.text);
    assert!(
        !kinds(&converted.losses).iter().any(|k| k.contains("NAG")),
        "{:?}",
        converted.losses
    );
}

#[test]
fn a_short_auction_keeps_the_boundary_before_the_next_game() {
    let pbn = "[Board \"1\"]\n[Dealer \"E\"]\n[Auction \"E\"]\n1S Pass Pass\n\n\
               [Board \"2\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n";
    for via in [Notation::Rbn, Notation::Lin] {
        let there = Notation::Pbn.convert(pbn, via);
        let back = via.convert(&there.text, Notation::Pbn);
        let games = read_pbn(&back.text);
        assert_eq!(games.len(), 2, "{via:?}: {}", back.text);
        assert_eq!(back.lost, 0, "{via:?}: {:?}", back.losses);
        assert!(
            back.text.contains("1S Pass Pass *\n\n[Board \"2\"]"),
            "{}",
            back.text
        );
    }
}

#[test]
fn irregularities_are_written_to_pbn_and_reported_by_rbn_and_lin() {
    let pbn = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\
         [Declarer \"^S\"]\n[Contract \"5HX\"]\n[Result \"^5\"]\n[Auction \"N\"]\n\
         1D ^I 1C 4S 4NT\nX 5H X Pass\nPass Pass\n[Play \"E\"]\n^L SA S2 S3 S4\n*\n"
    );
    let rbn = Notation::Pbn.convert(&pbn, Notation::Rbn);
    let back = Notation::Rbn.convert(&rbn.text, Notation::Pbn);
    assert!(!back.text.contains("^I"), "{}", back.text);
    let reported = kinds(&rbn.losses);
    for kind in [
        "the Declarer tag",
        "the Result tag",
        "an irregularity mark (`^I`, `^S`, `^R`, `^L`) on a call",
        "an irregularity mark (`^I`, `^S`, `^R`, `^L`) on a card",
    ] {
        assert!(reported.iter().any(|k| k == kind), "{kind}: {reported:?}");
    }
    // From a board model to PBN, the marks, the swapped declarer and the irregular result are
    // written (read here from the PBN itself, through the writer: PBN to RBN and back keeps
    // the rest).
    let boards = read_pbn(&pbn);
    let (written, _) = Notation::Pbn.write_boards(&boards);
    for kept in ["^I 1C", "^L SA", "[Declarer \"^S\"]", "[Result \"^5\"]"] {
        assert!(written.contains(kept), "{kept}: {written}");
    }
    assert!(compare(&boards, &read_pbn(&written)).is_empty());
}

#[test]
fn a_lin_title_names_the_board_over_the_qx_number() {
    // BBO's tourney files number qx from 1 whatever the boards are: board 33 is dealt by North,
    // none vulnerable, as its number says.
    let lin =
        "qx|o1|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|ah|Board 33|\n";
    let pbn = Notation::Lin.convert(lin, Notation::Pbn);
    assert!(pbn.text.contains("[Board \"33\"]"), "{}", pbn.text);
    let report = Notation::Lin.check(lin, &Default::default());
    assert!(
        report
            .diagnostics
            .iter()
            .all(|d| d.severity < kibitzer::diagnostic::Severity::Warning),
        "{:?}",
        report.diagnostics
    );
    // And a board name that is no number comes back through LIN.
    let named = format!("[Board \"100Deals-1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n");
    let there = Notation::Pbn.convert(&named, Notation::Lin);
    assert!(
        !kinds(&there.losses).iter().any(|k| k == "the Board tag"),
        "{:?}",
        there.losses
    );
}

#[test]
fn a_board_without_a_deal_is_not_invented_in_a_dealing_file() {
    let pbn = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
         [Deal \"{DEAL}\"]\n"
    );
    for to in [Notation::Dlm, Notation::Dup, Notation::Bri, Notation::Dge] {
        let converted = Notation::Pbn.convert(&pbn, to);
        let back = to.read_boards(&converted.text);
        assert_eq!(back.len(), 1, "{to:?}");
        // DUP and DLM number their boards, so the board left out is named; BRI and DGE do not,
        // and the boards are paired by their place.
        let named = matches!(to, Notation::Dlm | Notation::Dup);
        assert!(
            converted.losses.iter().any(|l| if named {
                l.starts_with("whole boards: 1 board (1)")
            } else {
                l.starts_with("whole boards")
            }),
            "{to:?}: {:?}",
            converted.losses
        );
    }
}

#[test]
fn an_rbn_field_past_128_characters_is_cut_and_reported() {
    let long = "word ".repeat(40);
    let pbn = format!("[Board \"4\"]\n[Event \"{}\"]\n", long.trim());
    let converted = Notation::Pbn.convert(&pbn, Notation::Rbn);
    assert!(
        converted.text.lines().all(|l| l.chars().count() <= 128),
        "{}",
        converted.text
    );
    assert!(
        kinds(&converted.losses)
            .iter()
            .any(|k| k == "the Event tag"),
        "{:?}",
        converted.losses
    );
    let check = Notation::Rbn.check(&converted.text, &Default::default());
    assert!(check.diagnostics.is_empty(), "{:?}", check.diagnostics);
}

#[test]
fn percent_lines_are_reported_when_the_target_does_not_hold_them() {
    let pbn = format!("% PBN 2.1\n%Creator: BridgeComposer\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n");
    let kept = Notation::Pbn.convert(&pbn, Notation::Pbn);
    assert_eq!(kept.lost, 0, "{:?}", kept.losses);
    let lin = Notation::Pbn.convert(&pbn, Notation::Lin);
    assert!(
        lin.losses
            .iter()
            .any(|l| l.contains("`%` lines") && l.contains("%Creator: BridgeComposer")),
        "{:?}",
        lin.losses
    );
}

#[test]
fn damaged_input_is_reported_as_the_source_errors() {
    // Hands written with dots in a LIN md: no hand can be read.
    let lin = "qx|o1|md|1K86.QJT7.AQT.832,975.A53.KJ93.J76,T42.2.8542.KQT54|sv|o|ah|Board 1|\n";
    let converted = Notation::Lin.convert(lin, Notation::Pbn);
    assert!(
        converted.source_errors.iter().any(|e| e.contains("L703")),
        "{:?}",
        converted.source_errors
    );
    // A DLM board whose letters run out of range.
    let dlm = Notation::Pbn
        .convert(
            &format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n"),
            Notation::Dlm,
        )
        .text;
    let broken = dlm.replacen("Board 01=", "Board 01=~", 1);
    let converted = Notation::Dlm.convert(&broken, Notation::Pbn);
    assert!(!converted.source_errors.is_empty(), "{broken}");
}

#[test]
fn convert_lossless_refuses_to_write_and_says_why() {
    let dir = common::scratch("lossless");
    let source = dir.join("rich.pbn");
    std::fs::write(&source, rich_game()).expect("written");
    let out = dir.join("rich.rbn");
    let src = source.to_string_lossy().into_owned();
    let dst = out.to_string_lossy().into_owned();
    let run = common::kibitzer(&["convert", "--lossless", "--to", "rbn", "-o", &dst, &src]);
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("the ScoreTable table"), "{stderr}");
    assert!(stderr.contains("nothing written"), "{stderr}");
    assert!(!out.exists());
    // PBN to PBN loses nothing, so it is written.
    let pbn = dir.join("again.pbn").to_string_lossy().into_owned();
    let run = common::kibitzer(&["convert", "--lossless", "--to", "pbn", "-o", &pbn, &src]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

#[cfg(unix)]
#[test]
fn convert_to_dev_null_leaves_it_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = common::scratch("devnull");
    let source = dir.join("a.pbn");
    std::fs::write(&source, rich_game()).expect("written");
    let src = source.to_string_lossy().into_owned();
    for target in ["/dev/null", "/dev/stdout"] {
        let run = common::kibitzer(&["convert", "--to", "lin", "-o", target, &src]);
        assert_eq!(run.status.code(), Some(0), "{target}");
    }
    let kind = std::fs::metadata("/dev/null").expect("meta").file_type();
    assert!(kind.is_char_device());
}

/// Every corpus PBN file converts to PBN with nothing lost, and formatting it keeps its model:
/// the formatter's read-back (in export mode a mandatory tag may only be added).
#[test]
fn pbn_to_pbn_and_fmt_keep_every_game_over_the_corpus() {
    let export = FormatOptions {
        export: true,
        ..FormatOptions::default()
    };
    let mut checked = 0;
    let corpus = common::corpus_dir().join("pbn");
    let mut paths: Vec<_> = std::fs::read_dir(&corpus)
        .expect("the corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    for path in paths {
        let Ok(source) = kibitzer::text::read_file(&path) else {
            continue;
        };
        let text = &source.text;
        let converted = Notation::Pbn.convert(text, Notation::Pbn);
        assert_eq!(
            converted.lost,
            0,
            "{}: {:?}",
            path.display(),
            converted.losses
        );
        // Strict export leaves out the empty lines inside comments, as the reference does (a
        // reader that does not follow comments would take one for the end of the game).
        let paragraphs_joined = |mut boards: Vec<kibitzer::model::board::BoardModel>| {
            for board in &mut boards {
                for comment in &mut board.commentary {
                    let lines: Vec<&str> =
                        comment.lines().filter(|l| !l.trim().is_empty()).collect();
                    *comment = lines.join("\n");
                }
            }
            boards
        };
        let boards = paragraphs_joined(read_pbn(text));
        let exported = paragraphs_joined(read_pbn(&format_text(text, &export)));
        let changed: Vec<_> = compare(&boards, &exported)
            .into_iter()
            // Export adds the Mandatory Tag Set, and writes an empty Contract as `?`.
            .filter(|l| !l.detail.ends_with("added") && !l.detail.ends_with("`` became `?`"))
            .collect();
        let lines: Vec<String> = changed.iter().map(|l| format!("{l:?}")).collect();
        assert!(
            changed.is_empty(),
            "{}: {}",
            path.display(),
            lines.join("\n")
        );
        checked += 1;
    }
    assert!(checked > 200, "{checked}");
}

/// Games built at random with every construct: through PBN they lose nothing; through RBN and
/// LIN and back, every kind of thing that differs at the end was reported by one of the two
/// conversions.
#[test]
fn generated_games_lose_nothing_unreported_through_every_notation() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut text = String::from("% PBN 2.1\n");
    for board in 1..=60 {
        text.push_str(&generated_game(board, &mut next));
        text.push('\n');
    }
    let source = read_pbn(&text);
    assert_eq!(source.len(), 60);
    let same = Notation::Pbn.convert(&text, Notation::Pbn);
    assert_eq!(same.lost, 0, "{:?}", same.losses);
    for via in [Notation::Rbn, Notation::Lin, Notation::Dup, Notation::Dlm] {
        let there = Notation::Pbn.convert(&text, via);
        let back = via.convert(&there.text, Notation::Pbn);
        let reported: Vec<String> = kinds(&there.losses)
            .into_iter()
            .chain(kinds(&back.losses))
            .collect();
        let round_trip = summarize(&compare(&source, &read_pbn(&back.text)));
        for kind in kinds(&round_trip) {
            assert!(
                reported.contains(&kind),
                "{via:?}: `{kind}` differs after the round trip but was never reported\n{round_trip:?}\nreported: {reported:?}"
            );
        }
    }
}

/// One game with a random choice of constructs: tags known and unknown with `""`/`?` values,
/// tables, NAGs and suffixes, notes, marks, comments, `+` and `*`, short and passed-out
/// auctions, Latin-1 and other non-ASCII names.
fn generated_game(board: usize, next: &mut impl FnMut(usize) -> usize) -> String {
    let mut g = String::new();
    let dealers = ["N", "E", "S", "W"];
    let dealer = dealers[(board - 1) % 4];
    g.push_str(&format!(
        "[Event \"{}\"]\n",
        ["", "?", "Club night", "Jöns Cup"][next(4)]
    ));
    g.push_str(&format!("[Board \"{board}\"]\n"));
    if next(2) == 0 {
        g.push_str(&format!(
            "[North \"{}\"]\n",
            ["Ann", "Zoë", "?", ""][next(4)]
        ));
    }
    g.push_str(&format!(
        "[Dealer \"{dealer}\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n"
    ));
    if next(3) == 0 {
        g.push_str(&format!("[MyTag \"value {}\"]\n", next(100)));
    }
    if next(4) == 0 {
        g.push_str("{A comment before the auction.}\n");
    }
    let passed_out = next(6) == 0;
    g.push_str(&format!("[Auction \"{dealer}\"]\n"));
    if passed_out {
        g.push_str("Pass Pass Pass Pass\n");
    } else {
        let nag = ["", " $1", " $3", "!", "?", " =1="][next(6)];
        let end = ["Pass Pass Pass", "Pass Pass *", "Pass +", "AP"][next(4)];
        g.push_str(&format!("1NT{nag} Pass 3NT {end}\n"));
        if nag == " =1=" {
            g.push_str("[Note \"1:forcing\"]\n");
        }
    }
    if next(3) == 0 {
        g.push_str(
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS NT 9\n",
        );
    }
    g
}
