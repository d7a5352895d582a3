//! A board's model holds everything its notation writes, as written, for what writes or shows a
//! whole board (conversion and the preview): an alert, a quiz point and the calls after it, a
//! card shortcut, a note on an all pass, and a play no leader is known for. Each case is one
//! the corpus does not hold.

use kibitzer::ide::board_view;
use kibitzer::model::{read_lin, read_pbn, read_rbn};
use kibitzer::Notation;

const HANDS: &str = "N:AKQ.AKQ.AKQ.AKQJ:T98.JT9.JT9.T98:765.876.876.765:J432.5432.5432.2";

#[test]
fn an_rbn_quiz_point_and_the_calls_after_it_are_shown_and_written_back() {
    let text = format!("% RBN 2.2\nB 1\nH {HANDS}\nA NZ:1C*P1HY:2C^1P\n1 a note\nC 3NT:N\n");
    let boards = read_rbn(&text);
    let view = board_view(&boards[0], "rbn");
    let auction = view.auction.expect("an auction");
    assert_eq!(auction.calls, ["1C", "Pass", "1H", "?", "2C", "Pass"]);
    assert_eq!(auction.alerts, [true, false, false, false, false, false]);
    assert_eq!(auction.call_notes[4], Some(1));
    assert_eq!(auction.notes.get(&1).map(String::as_str), Some("a note"));
    // RBN writes all of it back; PBN cannot hold the quiz point and says so.
    let rbn = Notation::Rbn.convert(&text, Notation::Rbn);
    assert!(rbn.text.contains("A NZ:1C*P1HY:2C^1P"), "{}", rbn.text);
    let pbn = Notation::Rbn.convert(&text, Notation::Pbn);
    assert!(
        pbn.losses
            .iter()
            .any(|d| d.starts_with("a call: 1 board") && d.contains("quiz point")),
        "{:?}",
        pbn.losses
    );
}

#[test]
fn an_rbn_shortcut_the_hands_do_not_resolve_and_a_quiz_card_are_kept() {
    // West's `+` follows a spade lead it cannot resolve (West holds no spade higher than the
    // ten); the second trick ends in a quiz point.
    let text = format!("% RBN 2.2\nB 1\nH {HANDS}\nA NZ:1NPPP\nC 1N:N\nP E:STSAS5+:Y\n");
    let boards = read_rbn(&text);
    let play = board_view(&boards[0], "rbn").play.expect("a play");
    assert_eq!(play.leader, Some('E'));
    assert_eq!(play.tricks[0][..3], ["ST", "SA", "S5"]);
    assert_eq!(play.tricks.len(), 2, "{:?}", play.tricks);
    assert_eq!(play.tricks[1], ["?"]);
    let rbn = Notation::Rbn.convert(&text, Notation::Rbn);
    let p_line = rbn.text.lines().find(|l| l.starts_with("P ")).unwrap_or("");
    assert!(p_line.ends_with(":Y"), "{}", rbn.text);
}

#[test]
fn a_note_on_an_all_pass_is_shown_and_converted() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{}\"]\n[Auction \"N\"]\n1C Pass 1H =1= AP =2=\n\
         [Note \"1:forcing\"]\n[Note \"2:the end\"]\n",
        HANDS.replace(':', " ").replacen(' ', ":", 1)
    );
    let boards = read_pbn(&text);
    let auction = board_view(&boards[0], "pbn").auction.expect("an auction");
    assert_eq!(auction.calls, ["1C", "Pass", "1H", "AP"]);
    assert_eq!(auction.call_notes, [None, None, Some(1), Some(2)]);
    let rbn = Notation::Pbn.convert(&text, Notation::Rbn);
    assert!(rbn.text.contains("1H^1A^2"), "{}", rbn.text);
}

#[test]
fn a_lin_play_with_no_known_leader_keeps_its_cards_in_the_order_played() {
    // No auction, so no contract and no leader: the cards have no players, but they are the
    // board's all the same.
    let text = "qx|o1|md|3SAKQHAKQDAKQCAKQJ,ST98HJT9DJT9CT98,S765H876D876C765,|sv|o|\
                pc|ST|pc|SA|pc|S5|pc|S2|pc|HJ|\n";
    let boards = read_lin(text);
    let play = board_view(&boards[0], "lin").play.expect("a play");
    assert_eq!(play.leader, None);
    assert_eq!(play.tricks, [vec!["ST", "SA", "S5", "S2"], vec!["HJ"]]);
    assert!(
        play.seats.iter().flatten().all(Option::is_none),
        "{:?}",
        play.seats
    );
    assert!(play.winners.iter().all(Option::is_none));
    // LIN to LIN is formatting: the cards stay as they were written, and nothing is lost.
    let lin = Notation::Lin.convert(text, Notation::Lin);
    assert!(
        lin.text.contains("pc|ST|pc|SA|pc|S5|pc|S2|pc|HJ|"),
        "{}",
        lin.text
    );
    assert_eq!(lin.lost, 0, "{:?}", lin.losses);
}

#[test]
fn a_result_past_thirteen_tricks_is_written_on_as_given() {
    // The rules read such a count as none; conversion keeps what the file says.
    let text = format!("% RBN 2.2\nB 1\nH {HANDS}\nA NZ:1NPPP\nC 1N:N\nR 14\n");
    let boards = read_rbn(&text);
    assert_eq!(boards[0].result_tricks(), Some(14));
    let pbn = Notation::Rbn.convert(&text, Notation::Pbn);
    assert!(pbn.text.contains("[Result \"14\"]"), "{}", pbn.text);
}
