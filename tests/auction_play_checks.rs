//! The auction and play checks (families A, P and G) on small PBN games, on the standard's
//! example game, on every game of the corpus and on generated games.

use kibitzer::analysis::auction::check_auction;
use kibitzer::analysis::misreading;
use kibitzer::analysis::play::check_play;
use kibitzer::bridge::{Card, Deal, Hand, Seat};
use kibitzer::diagnostic::{Diagnostic, Severity};
use kibitzer::model::board::auction::{lower_auction, AuctionModel};
use kibitzer::model::board::context::{play_facts, GameContext, TagValue};
use kibitzer::model::board::play::{lower_play, PlayModel};
use kibitzer::model::values::read_seat;
use kibitzer::syntax::pbn::ast::{self, Game};
use kibitzer::syntax::{Parse, SyntaxKind, TextRange, TextSize};

/// Reads a Deal value simply: `N:` then four hands or `-`. Returns the deal and whether it is
/// free of errors (readable, no card twice, known hands of one size).
fn simple_deal(text: &str) -> Option<(Deal, bool)> {
    let (first, hands) = text.trim().split_once(':')?;
    let first = read_seat(first.trim())?.value;
    let mut deal = Deal::new();
    let mut seen = Hand::EMPTY;
    let mut valid = true;
    let parts: Vec<&str> = hands.split_whitespace().collect();
    if parts.len() != 4 {
        return None;
    }
    for (i, part) in parts.iter().enumerate() {
        let seat = first.offset(i);
        if *part == "-" {
            continue;
        }
        let suits: Vec<&str> = part.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        let mut hand = Hand::EMPTY;
        for (suit, ranks) in ['S', 'H', 'D', 'C'].into_iter().zip(suits) {
            for rank in ranks.chars() {
                let card = Card::from_chars(suit, rank)?;
                if seen.contains(card) {
                    valid = false;
                }
                seen.insert(card);
                hand.insert(card);
            }
        }
        deal[seat] = Some(hand);
    }
    let sizes: Vec<usize> = deal.card_counts().into_iter().flatten().collect();
    if sizes.iter().any(|&n| n != sizes[0] || n > 13) || sizes.is_empty() {
        valid = false;
    }
    Some((deal, valid))
}

/// A context built from the game's tags in a simple way (no inheritance).
fn context(game: &Game) -> GameContext {
    let mut ctx = GameContext::default();
    for tag in game.tag_pairs() {
        let Some((raw, range)) = tag.raw_value() else {
            continue;
        };
        let value = TagValue {
            text: ast::unescape(&raw),
            range,
            tag_range: tag.syntax().text_range(),
        };
        match tag.name().as_str() {
            "Dealer" if ctx.dealer_tag.is_none() => {
                ctx.dealer = read_seat(value.text.trim()).map(|r| r.value);
                ctx.dealer_tag = Some(value);
            }
            "Deal" if ctx.deal_tag.is_none() => {
                if let Some((deal, valid)) = simple_deal(&value.text) {
                    ctx.deal = Some(deal);
                    ctx.deal_is_valid = valid;
                }
                ctx.deal_tag = Some(value);
            }
            "Declarer" if ctx.declarer_tag.is_none() => ctx.declarer_tag = Some(value),
            "Contract" if ctx.contract_tag.is_none() => ctx.contract_tag = Some(value),
            "Result" if ctx.result_tag.is_none() => ctx.result_tag = Some(value),
            _ => {}
        }
    }
    ctx.read_tag_meanings();
    ctx
}

struct Checked {
    diagnostics: Vec<Diagnostic>,
    auction: Option<AuctionModel>,
    play: Option<PlayModel>,
}

fn check_game(game: &Game) -> Checked {
    let ctx = context(game);
    let mut diagnostics = Vec::new();
    let mut auction = None;
    let mut play = None;
    for section in game.sections() {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION if auction.is_none() => {
                let mut misreadings = Vec::new();
                let model = lower_auction(&section, ctx.dealer, &mut misreadings);
                misreading::report(&misreadings, &mut diagnostics);
                check_auction(&model, &ctx, &mut diagnostics);
                auction = Some(model);
            }
            SyntaxKind::PLAY_SECTION if play.is_none() => {
                let facts = play_facts(&ctx, auction.as_ref());
                let mut misreadings = Vec::new();
                let model = lower_play(&section, &facts, &mut misreadings);
                misreading::report(&misreadings, &mut diagnostics);
                check_play(&model, &ctx, &mut diagnostics);
                play = Some(model);
            }
            _ => {}
        }
    }
    Checked {
        diagnostics,
        auction,
        play,
    }
}

fn games(text: &str) -> Vec<Game> {
    Parse::new(text)
        .syntax()
        .children()
        .filter_map(Game::cast)
        .collect()
}

fn check(text: &str) -> Checked {
    let game = games(text).into_iter().next().expect("a game");
    check_game(&game)
}

const DEAL: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

/// A game on the standard's example deal with the given tags and sections.
fn game(
    tags: &[(&str, &str)],
    auction: Option<(&str, &str)>,
    play: Option<(&str, &str)>,
) -> String {
    let mut text = String::new();
    let defaults = [
        ("Dealer", "N"),
        ("Deal", DEAL),
        ("Declarer", "S"),
        ("Contract", "5HX"),
        ("Result", "9"),
    ];
    for (name, value) in defaults {
        let value = tags
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(value, |(_, v)| *v);
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if let Some((seat, calls)) = auction {
        text.push_str(&format!("[Auction \"{seat}\"]\n{calls}\n"));
    }
    if let Some((seat, cards)) = play {
        text.push_str(&format!("[Play \"{seat}\"]\n{cards}\n"));
    }
    text
}

const EXAMPLE_AUCTION: &str = "1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n5C X 5H X\nPass Pass Pass\n[Note \"1:non-forcing 6-9 points, 6-card\"]\n[Note \"2:two colors: clubs and diamonds\"]";
const EXAMPLE_PLAY: &str =
    "SK =1= H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\n[Note \"1:highest of series\"]";

fn ours(d: &Diagnostic) -> bool {
    matches!(d.code.as_str().as_bytes().first(), Some(b'A' | b'P' | b'G'))
}

/// The range marked with `«…»` in `pattern`, found where `pattern` (without the marks) first
/// occurs in `text`; a pattern without marks stands for itself.
fn at(text: &str, pattern: &str) -> TextRange {
    let plain = pattern.replace(['«', '»'], "");
    let (before, inner) = match pattern.split_once('«') {
        Some((before, rest)) => (before, rest.split('»').next().unwrap_or(rest)),
        None => ("", pattern),
    };
    let start = text.find(&plain).expect("pattern in text") + before.len();
    let start = TextSize::from(start as u32);
    TextRange::new(start, start + TextSize::of(inner))
}

/// Asserts that `text` gets `code` with `severity` exactly on the range `pattern` marks.
fn triggers(text: &str, code: &str, severity: Severity, pattern: &str) -> Diagnostic {
    let checked = check(text);
    let range = at(text, pattern);
    let found = checked
        .diagnostics
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("{code} expected in\n{text}\ngot {:#?}", checked.diagnostics));
    assert_eq!(found.severity, severity, "{found:?}");
    assert_eq!(found.range, range, "{code} range in\n{text}\n{found:?}");
    found.clone()
}

/// Asserts that `text` gets no diagnostic of families A, P and G.
fn clean(text: &str) -> Checked {
    let checked = check(text);
    let mine: Vec<&Diagnostic> = checked.diagnostics.iter().filter(|d| ours(d)).collect();
    assert!(
        mine.is_empty(),
        "no diagnostics expected in\n{text}\ngot {mine:#?}"
    );
    checked
}

fn auction_game(calls: &str, contract: &str, declarer: &str) -> String {
    game(
        &[
            ("Contract", contract),
            ("Declarer", declarer),
            ("Result", ""),
        ],
        Some(("N", calls)),
        None,
    )
}

/// The shared folder beside the checkout (the corpus and the tools), as every test finds it.
fn shared() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

#[test]
fn standard_example_is_clean() {
    let text = game(&[], Some(("N", EXAMPLE_AUCTION)), Some(("W", EXAMPLE_PLAY)));
    let checked = clean(&text);
    let auction = checked.auction.expect("auction");
    assert!(auction.finished);
    assert_eq!(auction.declarer, Some(Seat::South));
    assert_eq!(
        auction.contract.map(|c| c.to_string()).as_deref(),
        Some("5HX")
    );
    assert_eq!(auction.calls.len(), 15);
    assert_eq!(auction.calls[2].annotations.note.map(|n| n.index), Some(1));
    assert!(auction.legal_next_calls().is_empty());
    let play = checked.play.expect("play");
    // Columns are W N E S; North ruffs the first trick, South wins the second, and so on.
    let winners: Vec<Option<Seat>> = play.tricks.iter().map(|t| t.winner).collect();
    assert_eq!(
        winners,
        [Seat::North, Seat::South, Seat::North, Seat::North].map(Some)
    );
    assert_eq!(play.tricks[1].leader, Some(Seat::North));
    assert_eq!(
        play.tricks[1].cards[0]
            .card()
            .map(|c| c.to_string())
            .as_deref(),
        Some("C2")
    );
    assert_eq!(play.declarer_tricks, 4);
    assert!(!play.complete);
    assert_eq!(play.next_to_play(), Some(Seat::North));
    // North is on lead with any card.
    assert_eq!(play.playable_cards().len(), 9);
}

#[test]
fn the_standard_example_file_is_clean() {
    let path = shared().join("corpus/pbn/Redoublet-website__example.pbn");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} is needed: {e}", path.display()));
    let all = games(&text);
    let first = check_game(&all[0]);
    let mine: Vec<&Diagnostic> = first.diagnostics.iter().filter(|d| ours(d)).collect();
    assert!(mine.is_empty(), "{mine:#?}");
    // The file's second game has a real slip: 3♣ after 4NT, without `^I`.
    let second = check_game(&all[1]);
    let codes: Vec<&str> = second.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["A302"]);
}

#[test]
fn a301_invalid_call() {
    let bad = auction_game("1D Pass P Pass", "1D", "N");
    let d = triggers(&bad, "A301", Severity::Error, "Pass «P» Pass");
    assert!(
        d.message.contains("`Pass` was probably meant"),
        "{}",
        d.message
    );
    assert_eq!(d.fixes[0].edits[0].new_text, "Pass");
    // The probable meaning is used: the auction still ends, with no other complaint.
    let checked = check(&bad);
    assert_eq!(checked.diagnostics.len(), 1, "{:#?}", checked.diagnostics);
    clean(&auction_game("1D Pass Pass Pass", "1D", "N"));

    let bad = auction_game("1N Pass Pass Pass", "1NT", "N");
    let d = triggers(&bad, "A301", Severity::Error, "«1N» Pass");
    assert_eq!(d.fixes[0].edits[0].new_text, "1NT");
    clean(&auction_game("1NT Pass Pass Pass", "1NT", "N"));

    let bad = auction_game("1D Dbl Pass Pass Pass", "1DX", "N");
    let d = triggers(&bad, "A301", Severity::Error, "Dbl");
    assert_eq!(d.fixes[0].edits[0].new_text, "X");
    clean(&auction_game("1D X Pass Pass Pass", "1DX", "N"));

    let bad = auction_game("1D X R Pass Pass Pass", "1DXX", "N");
    triggers(&bad, "A301", Severity::Error, "X «R» Pass");
    clean(&auction_game("1D X XX Pass Pass Pass", "1DXX", "N"));

    let bad = auction_game("1D Pass Foo Pass Pass Pass", "1D", "N");
    triggers(&bad, "A301", Severity::Error, "Foo");
}

#[test]
fn lower_case_calls_and_cards_are_legal() {
    clean(&auction_game(
        "1d pass 1nt pass\npass x xx ap",
        "1NTXX",
        "S",
    ));
    let text = game(
        &[("Contract", "5hx")],
        Some(("n", &EXAMPLE_AUCTION.to_lowercase().replace("note", "Note"))),
        Some(("w", "sk h3 s4 s3\nc5 c2 c6 ck")),
    );
    clean(&text);
}

#[test]
fn a302_insufficient_bid() {
    let bad = auction_game("1D 1S 1H Pass\nPass Pass", "1H", "S");
    let d = triggers(&bad, "A302", Severity::Error, "1S «1H»");
    assert!(
        d.message.starts_with("1♥ is insufficient after 1♠"),
        "{}",
        d.message
    );
    clean(&auction_game("1D 1S ^I 1H Pass\nPass Pass", "1H", "S"));
}

#[test]
fn a303_illegal_double() {
    let bad = auction_game("1D Pass X Pass\nPass Pass", "1D", "N");
    let d = triggers(&bad, "A303", Severity::Error, "Pass «X» Pass");
    assert_eq!(d.message, "South doubles partner's 1♦");
    clean(&auction_game("1D X Pass Pass\nPass", "1DX", "N"));
    let bad = auction_game("X 1D Pass Pass\nPass", "1D", "E");
    triggers(&bad, "A303", Severity::Error, "«X» 1D");
}

#[test]
fn a304_illegal_redouble() {
    let bad = auction_game("1D Pass Pass XX\nPass Pass Pass", "1D", "N");
    let d = triggers(&bad, "A304", Severity::Error, "Pass «XX»");
    assert_eq!(d.message, "West redoubles, but 1♦ has not been doubled");
    clean(&auction_game("1D X XX Pass\nPass Pass", "1DXX", "N"));
}

#[test]
fn a305_call_after_end() {
    let bad = auction_game("1D Pass Pass Pass\nPass", "1D", "N");
    triggers(&bad, "A305", Severity::Error, "Pass\n«Pass»");
    let diags = check(&bad).diagnostics;
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(&bad[diags[0].range.start().into()..], "Pass\n");
    clean(&auction_game("1D Pass Pass Pass", "1D", "N"));
    let bad = auction_game("1D AP 1H", "1D", "N");
    triggers(&bad, "A305", Severity::Error, "AP «1H»");
    clean(&auction_game("1D AP", "1D", "N"));
}

#[test]
fn a306_auction_unfinished() {
    let bad = auction_game("1D Pass 1NT", "1D", "N");
    triggers(&bad, "A306", Severity::Warning, "1NT");
    clean(&auction_game("1D Pass 1NT +", "1D", "N"));
    clean(&auction_game("1D Pass 1NT *", "1D", "N"));
}

#[test]
fn a307_auction_seat_mismatch() {
    let bad = game(
        &[("Contract", "1D"), ("Declarer", "N"), ("Result", "")],
        Some(("W", "1D Pass Pass Pass")),
        None,
    );
    let d = triggers(&bad, "A307", Severity::Error, "[Auction \"«W»\"]");
    assert_eq!(d.fixes[0].edits[0].new_text, "N");
    let good = game(
        &[("Contract", "1D"), ("Declarer", "N"), ("Result", "")],
        Some(("W", "- 1D Pass Pass\nPass")),
        None,
    );
    let checked = clean(&good);
    let auction = checked.auction.expect("auction");
    assert_eq!(auction.dealer, Some(Seat::North));
    assert_eq!(auction.placeholders.len(), 1);
    assert_eq!(auction.declarer, Some(Seat::North));
}

#[test]
fn a308_contract_mismatch() {
    let bad = auction_game("1D X Pass Pass\nPass", "1D", "N");
    let d = triggers(&bad, "A308", Severity::Error, "[Contract \"«1D»\"]");
    assert_eq!(d.fixes[0].edits[0].new_text, "1DX");
    clean(&auction_game("1D X Pass Pass\nPass", "1DX", "N"));
}

#[test]
fn a309_declarer_mismatch() {
    let bad = auction_game("1D Pass 3D Pass\nPass Pass", "3D", "S");
    let d = triggers(&bad, "A309", Severity::Error, "[Declarer \"«S»\"]");
    assert_eq!(d.fixes[0].edits[0].new_text, "N");
    clean(&auction_game("1D Pass 3D Pass\nPass Pass", "3D", "N"));
    // Declarer and dummy swapped.
    clean(&auction_game("1D Pass 3D Pass\nPass Pass", "3D", "^S"));
}

#[test]
fn a310_passed_out_mismatch() {
    let bad = auction_game("AP", "1D", "");
    let d = triggers(&bad, "A310", Severity::Error, "[Contract \"«1D»\"]");
    assert_eq!(d.fixes[0].edits[0].new_text, "Pass");
    let bad = auction_game("Pass Pass Pass Pass", "Pass", "N");
    triggers(&bad, "A310", Severity::Error, "[Declarer \"«N»\"]");
    let checked = clean(&auction_game("AP", "Pass", ""));
    let auction = checked.auction.expect("auction");
    assert!(auction.passed_out && auction.finished);
    assert!(auction.all_pass.is_some());
    clean(&auction_game("Pass Pass Pass Pass", "Pass", ""));
}

#[test]
fn a311_needless_irregularity() {
    let bad = auction_game("1D ^I 1S Pass Pass\nPass", "1S", "E");
    triggers(&bad, "A311", Severity::Error, "«^I» 1S");
    clean(&auction_game("1D 1S Pass Pass\nPass", "1S", "E"));
    // The mark claims an irregularity that did not happen: the file contradicts itself.
    // `^S` with no call out of rotation after it.
    let bad = auction_game("1D Pass Pass Pass ^S", "1D", "N");
    triggers(&bad, "A311", Severity::Error, "^S");
    // West is dealer, but North opens: the standard's example (B).
    let text = game(
        &[
            ("Dealer", "W"),
            ("Contract", "1D"),
            ("Declarer", "N"),
            ("Result", ""),
        ],
        Some(("W", "^S 1D Pass Pass\nPass")),
        None,
    );
    let checked = clean(&text);
    let auction = checked.auction.expect("auction");
    assert_eq!(auction.calls[0].seat, Some(Seat::North));
    assert_eq!(auction.skipped[0].seat, Some(Seat::West));
}

#[test]
fn a312_misplaced_continuation() {
    let bad = auction_game("1D * Pass Pass Pass", "1D", "N");
    triggers(&bad, "A312", Severity::Error, "«*» Pass");
    clean(&auction_game("1D Pass *", "1D", "N"));
    let bad = auction_game("1D Pass * +", "1D", "N");
    triggers(&bad, "A312", Severity::Error, "* «+»");
    let bad = auction_game("1D + Pass", "1D", "N");
    triggers(&bad, "A312", Severity::Error, "1D «+»");
    let checked = clean(&auction_game("1D Pass +", "1D", "N"));
    let auction = checked.auction.expect("auction");
    assert_eq!(auction.next_to_call(), Some(Seat::South));
    assert_eq!(auction.legal_next_calls().len(), 1 + 33);
}

#[test]
fn g601_nag_range() {
    let bad = auction_game("1D $256 Pass Pass Pass", "1D", "N");
    triggers(&bad, "G601", Severity::Error, "$256");
    clean(&auction_game("1D $255 Pass Pass Pass", "1D", "N"));
}

/// G602 by class: the standard's own (3.10: $1–$6 and $13 for calls, $7–$12 and $14 for
/// cards) is an error, as the reference verifier's Bad nag; the reference's explanation ranges
/// ($20–$93 calls', $200–$238 cards'), which the standard leaves to both, a warning.
#[test]
fn g602_nag_wrong_section() {
    for nag in [7, 8, 12, 14] {
        let bad = auction_game(&format!("1D ${nag} Pass Pass Pass"), "1D", "N");
        triggers(&bad, "G602", Severity::Error, &format!("${nag}"));
    }
    for nag in [1, 6, 13, 15, 20, 93, 94, 199, 239, 255] {
        clean(&auction_game(
            &format!("1D ${nag} Pass Pass Pass"),
            "1D",
            "N",
        ));
    }
    for nag in [1, 5, 13] {
        let bad = game(&[], None, Some(("W", &format!("SK ${nag} H3 S4 S3"))));
        triggers(&bad, "G602", Severity::Error, &format!("${nag}"));
    }
    for nag in [7, 12, 14, 15, 94, 199, 200, 238, 255] {
        clean(&game(
            &[],
            None,
            Some(("W", &format!("SK ${nag} H3 S4 S3"))),
        ));
    }
    let bad = auction_game("1D $200 Pass Pass Pass", "1D", "N");
    triggers(&bad, "G602", Severity::Warning, "$200");
    let bad = auction_game("1D $238 Pass Pass Pass", "1D", "N");
    triggers(&bad, "G602", Severity::Warning, "$238");
    let bad = game(&[], None, Some(("W", "SK $20 H3 S4 S3")));
    triggers(&bad, "G602", Severity::Warning, "$20");
    let bad = game(&[], None, Some(("W", "SK $93 H3 S4 S3")));
    triggers(&bad, "G602", Severity::Warning, "$93");
}

#[test]
fn g603_duplicate_annotation() {
    let bad = auction_game("1D ! ? Pass Pass Pass", "1D", "N");
    let d = triggers(&bad, "G603", Severity::Error, "! «?»");
    assert_eq!(&bad[d.related[0].range], "!");
    let bad = auction_game("1D =1= =2= Pass Pass Pass", "1D", "N");
    triggers(&bad, "G603", Severity::Error, "=2=");
    clean(&auction_game("1D ! =1= Pass Pass Pass", "1D", "N"));
    let bad = game(&[], None, Some(("W", "SK !? !! H3 S4 S3")));
    triggers(&bad, "G603", Severity::Error, "!!");
    clean(&game(&[], None, Some(("W", "SK !? H3 S4 S3"))));
}

/// G604: the same NAG twice, and a second judgement of one call or card, a suffix standing
/// for its NAG (`3H ! $2` says what `3H $1 $2` says, and `fmt` writes the one as the other:
/// the finding is the same before and after formatting).
#[test]
fn g604_duplicate_nag() {
    let bad = auction_game("1D $20 $20 Pass Pass Pass", "1D", "N");
    triggers(&bad, "G604", Severity::Warning, "$20 «$20» Pass");
    clean(&auction_game("1D $20 $21 Pass Pass Pass", "1D", "N"));
    for (calls, second) in [
        ("1D ! $2 Pass Pass Pass", "! «$2»"),
        ("1D $1 $2 Pass Pass Pass", "$1 «$2»"),
        ("1D $1 ! Pass Pass Pass", "$1 «!»"),
        ("1D ! $1 Pass Pass Pass", "! «$1»"),
    ] {
        let bad = auction_game(calls, "1D", "N");
        let d = triggers(&bad, "G604", Severity::Warning, second);
        assert!(
            !d.related.is_empty(),
            "{calls}: the first judgement is not shown"
        );
        let formatted = kibitzer::format::format_text(&bad, &Default::default());
        assert!(
            check(&formatted)
                .diagnostics
                .iter()
                .any(|d| d.code.as_str() == "G604"),
            "{calls}: G604 gone after formatting:\n{formatted}"
        );
    }
    // A judgement and an explanation, a note or a correction are not two judgements.
    clean(&auction_game("1D ! $20 Pass Pass Pass", "1D", "N"));
    clean(&auction_game("1D $1 $13 Pass Pass Pass", "1D", "N"));
    let bad = game(&[], None, Some(("W", "SK ! $8 H3 S4 S3")));
    triggers(&bad, "G604", Severity::Warning, "! «$8»");
    clean(&game(&[], None, Some(("W", "SK ! $200 H3 S4 S3"))));
}

fn play_game(cards: &str) -> String {
    game(&[], Some(("N", EXAMPLE_AUCTION)), Some(("W", cards)))
}

#[test]
fn p501_invalid_card() {
    let bad = play_game("S10 H3 S4 S3");
    let d = triggers(&bad, "P501", Severity::Error, "S10");
    assert_eq!(d.fixes[0].edits[0].new_text, "ST");
    // Read as ♠10, which West holds: nothing else is wrong.
    assert_eq!(check(&bad).diagnostics.len(), 1);
    clean(&play_game("ST H3 S4 S3"));
    let bad = play_game("Q H3 S4 S3");
    triggers(&bad, "P501", Severity::Error, "«Q» H3");
}

#[test]
fn p502_card_not_held() {
    let bad = play_game("SA H3 S4 S3");
    let d = triggers(&bad, "P502", Severity::Error, "SA");
    assert!(
        d.message.contains("the Deal gives it to East"),
        "{}",
        d.message
    );
    clean(&play_game("SK H3 S4 S3"));
}

#[test]
fn p503_card_played_twice() {
    let bad = play_game("SK H3 S4 S3\nC5 C2 C6 CK\nSK H6 S5 S7");
    let d = triggers(&bad, "P503", Severity::Error, "«SK» H6");
    assert!(d.message.contains("trick 1"), "{}", d.message);
    assert_eq!(d.related[0].range, at(&bad, "«SK» H3"));
    clean(&play_game("SK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7"));
}

#[test]
fn p504_revoke() {
    let bad = play_game("SK H3 DT S3");
    let d = triggers(&bad, "P504", Severity::Error, "DT");
    assert_eq!(
        d.message,
        "East discards ♦10 while still holding a spade (write `^R` before the card if the revoke stood)"
    );
    clean(&play_game("SK H3 ^R DT S3"));
    clean(&play_game("SK H3 S4 S3"));
}

#[test]
fn p505_wrong_opening_leader() {
    let bad = play_game("*").replace("[Play \"W\"]", "[Play \"N\"]");
    let d = triggers(&bad, "P505", Severity::Error, "[Play \"«N»\"]");
    assert!(d.message.contains("belongs to West"), "{}", d.message);
    clean(&play_game("*"));
    // After a swap (`^N`: North became declarer), East leads.
    let swapped = game(
        &[("Declarer", "^N")],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("E", "*")),
    );
    clean(&swapped);
    let bad = game(
        &[("Declarer", "^N")],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("S", "*")),
    );
    triggers(&bad, "P505", Severity::Error, "[Play \"«S»\"]");
}

#[test]
fn p506_result_mismatch() {
    let cards = format!("{}\n*", EXAMPLE_PLAY.split("\n[").next().unwrap_or(""));
    let bad = game(
        &[("Result", "3")],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("W", &cards)),
    );
    let d = triggers(&bad, "P506", Severity::Error, "[Result \"«3»\"]");
    assert!(d.message.contains("between 4 and 13"), "{}", d.message);
    clean(&game(
        &[("Result", "9")],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("W", &cards)),
    ));
    clean(&game(
        &[("Result", "^3")],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("W", &cards)),
    ));
}

const FULL_DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 65.8765.8765.876 432.432.432.5432";

/// Thirteen tricks on FULL_DEAL, 3NT by South, West leading; every trick is led from the top of
/// a suit and followed with the lowest card of it (or the lowest card held).
fn full_play() -> (String, u8) {
    use kibitzer::bridge::Play;
    let (deal, _) = simple_deal(FULL_DEAL).expect("deal");
    let mut play = Play::new(deal, Seat::West, None);
    let mut lines = Vec::new();
    let mut leader = Seat::West;
    for _ in 0..13 {
        let mut row: [String; 4] = Default::default();
        for k in 0..4 {
            let seat = leader.offset(k);
            let mut cards = play.playable_cards(seat);
            if k > 0 {
                cards.reverse();
            }
            let card = cards[0];
            play.play(seat, card);
            row[(seat.index() + 1) % 4] = card.to_string();
        }
        lines.push(row.join(" "));
        leader = play.next_to_play().expect("winner");
    }
    (lines.join("\n"), play.tricks_won(Seat::South))
}

fn full_game(result: &str, cards: &str) -> String {
    format!(
        "[Dealer \"S\"]\n[Deal \"{FULL_DEAL}\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"{result}\"]\n[Auction \"S\"]\n3NT AP\n[Play \"W\"]\n{cards}\n"
    )
}

#[test]
fn p506_and_p507_on_a_full_play() {
    let (cards, won) = full_play();
    let good = full_game(&won.to_string(), &cards);
    let checked = clean(&good);
    let play = checked.play.expect("play");
    assert!(play.complete);
    assert_eq!(play.declarer_tricks, won);
    assert!(play.playable_cards().is_empty());
    let bad = full_game("9", &cards);
    let d = triggers(&bad, "P506", Severity::Error, "[Result \"«9»\"]");
    assert_eq!(d.fixes[0].edits[0].new_text, won.to_string());

    let bad = full_game(&won.to_string(), &format!("{cards}\nSA - - -"));
    triggers(&bad, "P507", Severity::Error, "\n«SA» - - -");
}

#[test]
fn p508_play_needs_full_deal() {
    let partial = "N:.63.AKQ987.A9732 - J973.J98742.3.K4 -";
    let bad = game(
        &[("Deal", partial)],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("W", EXAMPLE_PLAY)),
    );
    triggers(&bad, "P508", Severity::Warning, "[Play \"W\"]");
    // Three hands imply the fourth.
    let three = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -";
    clean(&game(
        &[("Deal", three)],
        Some(("N", EXAMPLE_AUCTION)),
        Some(("W", EXAMPLE_PLAY)),
    ));
}

#[test]
fn p509_needless_irregularity() {
    let bad = play_game("SK H3 ^R S4 S3");
    triggers(&bad, "P509", Severity::Error, "«^R» S4");
    clean(&play_game("SK H3 S4 S3"));
    let bad = play_game("^L SK H3 S4 S3");
    triggers(&bad, "P509", Severity::Error, "«^L» SK");
    // East leads out of turn: the standard's example (D).
    let checked = clean(&play_game("SK H3 ^L S4 S3"));
    let play = checked.play.expect("play");
    assert_eq!(play.tricks[0].leader, Some(Seat::East));
    assert_eq!(play.tricks[0].winner, Some(Seat::North));
}

#[test]
fn p510_misplaced_continuation() {
    let bad = play_game("SK H3 S4 S3\n*\nC5 C2 C6 CK");
    triggers(&bad, "P510", Severity::Error, "*");
    clean(&play_game("SK H3 S4 S3\nC5 C2 C6 CK\n*"));
    let bad = play_game("SK H3 S4 S3\n+ - - -\nC5 C2 C6 CK");
    triggers(&bad, "P510", Severity::Error, "+");
    let checked = clean(&play_game("SK H3 S4 S3\n+ - - -"));
    let play = checked.play.expect("play");
    // North won the first trick and is on lead; the `+` stands in West's column.
    assert_eq!(play.next_to_play(), Some(Seat::North));
    // The standard's fragment: South has led to the trick, West plays next.
    let checked = clean(&play_game("SK H3 S4 S3\nC5 C2 C6 CK\n+ - - S7"));
    let play = checked.play.expect("play");
    assert_eq!(play.next_to_play(), Some(Seat::West));
    assert_eq!(
        play.playable_cards()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["SQ", "ST", "S2"]
    );
}

#[test]
fn p511_unknown_leader() {
    let bad = game(&[("Declarer", "")], None, Some(("?", "SK H3 S4 S3")));
    triggers(&bad, "P511", Severity::Warning, "[Play \"?\"]");
    clean(&game(&[("Declarer", "")], None, Some(("W", "SK H3 S4 S3"))));
}

#[test]
fn end_positions() {
    let deal = "N:AK... ...AK QJ... ..AK.";
    let text = |cards: &str| {
        format!(
            "[Dealer \"N\"]\n[Deal \"{deal}\"]\n[Declarer \"S\"]\n[Contract \"NT\"]\n[Result \"0\"]\n[Play \"W\"]\n{cards}\n"
        )
    };
    let checked = clean(&text("DA SK CA SJ\nDK SA CK SQ"));
    let play = checked.play.expect("play");
    assert!(play.end_position);
    assert_eq!(play.total_tricks, 2);
    assert!(play.complete);
    assert_eq!(play.defender_tricks, 2);
    triggers(
        &text("DA SK CA SJ\nDK SA CK SQ\nDA - - -"),
        "P507",
        Severity::Error,
        "«DA» - - -",
    );
    // In an end position the lead may be anyone's.
    let checked = clean(&text("SK CA SJ DA").replace("[Play \"W\"]", "[Play \"N\"]"));
    let play = checked.play.expect("play");
    assert_eq!(play.tricks[0].winner, Some(Seat::North));
    assert_eq!(play.next_to_play(), Some(Seat::North));
}

#[test]
fn corpus_runs_without_panics() {
    let folder = shared().join("corpus/pbn");
    let dir = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("the corpus {} is needed: {e}", folder.display()));
    // Per code: how many, in which files, and a few examples (run with --nocapture to review).
    let mut files: std::collections::BTreeMap<
        &'static str,
        std::collections::BTreeMap<String, usize>,
    > = Default::default();
    let mut examples: std::collections::BTreeMap<&'static str, Vec<String>> = Default::default();
    let mut paths: Vec<_> = dir.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for game in games(&text) {
            for d in check_game(&game).diagnostics {
                *files
                    .entry(d.code.as_str())
                    .or_default()
                    .entry(name.clone())
                    .or_default() += 1;
                let list = examples.entry(d.code.as_str()).or_default();
                if list.len() < 3 || !list.iter().any(|e| e.starts_with(&name)) {
                    list.push(format!(
                        "{name}@{}: {} [{}]",
                        u32::from(d.range.start()),
                        d.message,
                        text.get(d.range.start().into()..d.range.end().into())
                            .unwrap_or("?")
                    ));
                }
            }
        }
    }
    for (code, per_file) in &files {
        let total: usize = per_file.values().sum();
        println!("{code}: {total} in {} files", per_file.len());
        for (file, n) in per_file {
            println!("    {n:6} {file}");
        }
        for example in &examples[code] {
            println!("      e.g. {example}");
        }
    }
}

#[test]
fn generated_games_are_clean() {
    let generator = shared().join("tools/gen_pbn.py");
    let output = std::process::Command::new("python3")
        .arg(&generator)
        .args(["50", "--rich"])
        .output()
        .unwrap_or_else(|e| panic!("python3 {} is needed: {e}", generator.display()));
    assert!(
        output.status.success(),
        "{} failed: {}",
        generator.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let all = games(&text);
    assert!(all.len() >= 50);
    for game in all {
        let checked = check_game(&game);
        let mine: Vec<&Diagnostic> = checked.diagnostics.iter().filter(|d| ours(d)).collect();
        assert!(mine.is_empty(), "{mine:#?}\n{}", game.syntax());
        let play = checked.play.expect("play");
        assert!(play.complete);
    }
}

#[test]
fn real_world_spellings_are_understood() {
    // `all pass` in two words is read as `AP`.
    let bad = auction_game("1D all pass", "1D", "N");
    let d = triggers(&bad, "A301", Severity::Error, "1D «all pass»");
    assert_eq!(d.fixes[0].edits[0].new_text, "AP");
    assert_eq!(check(&bad).diagnostics.len(), 1);
    // A `*` glued to a call (an alert in some programs) is a misplaced end mark.
    let bad = auction_game("1D 1S* Pass Pass\nPass", "1S", "E");
    let d = triggers(&bad, "A312", Severity::Error, "1S«*»");
    assert!(d.message.contains("`=1=`"), "{}", d.message);
    // `--` for an unknown card.
    let bad = play_game("SK H3 S4 S3\n-- C2 C6 CK");
    let d = triggers(&bad, "P501", Severity::Error, "«--» C2");
    assert_eq!(d.fixes[0].edits[0].new_text, "-");
    assert_eq!(check(&bad).diagnostics.len(), 1);
}

/// The P509 findings a whole check gives `text` (the irregular Result is judged with the board,
/// play or none).
fn p509_findings(text: &str) -> Vec<Diagnostic> {
    kibitzer::notation::Notation::Pbn
        .check_on(text, &kibitzer::analysis::CheckOptions::default(), 1)
        .diagnostics
        .into_iter()
        .filter(|d| d.code == "P509")
        .collect()
}

/// [`p509_findings`] as (severity, the text they stand on).
fn p509_on_result(text: &str) -> Vec<(Severity, String)> {
    p509_findings(text)
        .iter()
        .map(|d| (d.severity, text[d.range].to_string()))
        .collect()
}

/// A Result marked `^` says declarer won another number of tricks than the play gives
/// (3.4.15). The reference reports *Bad result* whenever the play does not show that: an
/// error when a finished play gives exactly the Result, a warning when nothing or too little is
/// played to tell; no finding when the play shows the difference.
#[test]
fn p509_irregular_result_the_play_does_not_show() {
    let with = |result: &str, cards: Option<&str>| {
        game(
            &[("Result", result)],
            Some(("N", EXAMPLE_AUCTION)),
            cards.map(|c| ("W", c)),
        )
    };
    let four_tricks = "SK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4";
    assert_eq!(
        p509_on_result(&with("^9", None)),
        [(Severity::Warning, "^9".to_string())]
    );
    // All thirteen tricks played (a game of gen_pbn.py's): East, declarer, wins 7.
    let full = |result: &str| {
        format!(
            "[Dealer \"N\"]\n[Deal \"N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4\"]\n\
             [Declarer \"E\"]\n[Contract \"3C\"]\n[Result \"{result}\"]\n[Auction \"N\"]\n1C 1S 2C 2NT\nPass 3C Pass Pass\nPass\n\
             [Play \"S\"]\nD3 DQ D5 D8\nS3 S9 S4 SA\nDT D4 DJ D2\nH3 H5 H8 H4\nC7 CJ C6 C9\nD9 D7 DA HQ\n\
             C8 C4 CQ C2\nS5 D6 DK H9\nH6 HK HJ HT\nSQ S6 SK CK\nC5 ST CA C3\nS2 S8 S7 CT\nH7 H2 SJ HA\n"
        )
    };
    assert_eq!(
        p509_on_result(&full("^7")),
        [(Severity::Error, "^7".to_string())]
    );
    assert_eq!(check_text_fix(&full("^7")).as_deref(), Some("7"));
    assert!(p509_on_result(&full("^8")).is_empty());
    assert!(p509_on_result(&full("7")).is_empty());
    // Ended with `*` after four tricks, all South's: the rest were not played, so a Result
    // from 4 to 13 is not shown wrong, and one below 4 is.
    assert_eq!(
        p509_on_result(&with("^9", Some(&format!("{four_tricks}\n*")))),
        [(Severity::Warning, "^9".to_string())]
    );
    assert!(p509_on_result(&with("^3", Some(&format!("{four_tricks}\n*")))).is_empty());
    // Unfinished: nine tricks to come, so 4 to 13 cannot be told apart from the play.
    assert_eq!(
        p509_on_result(&with("^9", Some(four_tricks))),
        [(Severity::Warning, "^9".to_string())]
    );
    assert!(p509_on_result(&with("^1", Some(four_tricks))).is_empty());
}

/// The replacement text of the first P509 fix a whole check offers on `text`.
fn check_text_fix(text: &str) -> Option<String> {
    p509_findings(text)
        .first()
        .and_then(|d| d.fixes.first())
        .and_then(|f| f.edits.first())
        .map(|e| e.new_text.clone())
}
