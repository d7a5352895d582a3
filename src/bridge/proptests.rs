//! Property tests: arbitrary input never panics and the state machines stay consistent.

use super::*;
use proptest::prelude::*;

fn any_call() -> impl Strategy<Value = Call> {
    prop_oneof![
        Just(Call::Pass),
        Just(Call::Double),
        Just(Call::Redouble),
        (0usize..35).prop_filter_map("bid", |i| Bid::from_index(i).map(Call::Bid)),
    ]
}

proptest! {
    #[test]
    fn auctions_never_panic(
        dealer in 0usize..4,
        steps in prop::collection::vec((any_call(), 0u8..10), 0..40),
    ) {
        let mut auction = Auction::new(Seat::from_index(dealer));
        for (call, mode) in steps {
            let legal = auction.legal_calls();
            prop_assert_eq!(legal.contains(&call), auction.check(call).is_ok());
            match mode {
                0 => auction.skip_turn(),
                1 => { let _ = auction.push_condoned(call); }
                _ => { let _ = auction.push(call); }
            }
            let _ = auction.final_contract();
            let _ = auction.declarer();
        }
        prop_assert_eq!(auction.final_contract().is_some(), auction.declarer().is_some());
    }

    #[test]
    fn legal_auctions_have_a_consistent_result(picks in prop::collection::vec(0usize..64, 0..60)) {
        let mut auction = Auction::new(Seat::North);
        for pick in picks {
            let legal = auction.legal_calls();
            if legal.is_empty() {
                break;
            }
            // Favour passes so that auctions actually end.
            let call = if pick % 3 == 0 { legal[pick % legal.len()] } else { Call::Pass };
            prop_assert_eq!(auction.push(call), Ok(()));
        }
        if let (Some(contract), Some(declarer)) = (auction.final_contract(), auction.declarer()) {
            let (bidder, last) = auction.last_bid().unwrap_or((declarer, contract.bid));
            prop_assert_eq!(last, contract.bid);
            prop_assert!(bidder.same_side(declarer));
        }
    }

    #[test]
    fn plays_never_panic(
        leader in 0usize..4,
        trump in prop::option::of(0usize..4),
        known in prop::array::uniform4(any::<bool>()),
        steps in prop::collection::vec((0usize..4, prop::option::of(0usize..52), any::<bool>()), 0..70),
    ) {
        // A fixed complete deal: card i belongs to seat i % 4.
        let mut hands = [Hand::EMPTY; 4];
        for i in 0..52 {
            if let Some(card) = Card::from_index(i) {
                hands[i % 4].insert(card);
            }
        }
        let mut deal = Deal::new();
        for seat in Seat::ALL {
            if known[seat.index()] {
                deal[seat] = Some(hands[seat.index()]);
            }
        }
        let trump = trump.map(|i| Suit::ALL[i]);
        let mut play = Play::new(deal, Seat::from_index(leader), trump);
        for (seat, card, flagged) in steps {
            let seat = Seat::from_index(seat);
            let _ = play.playable_cards(seat);
            match card.and_then(Card::from_index) {
                Some(card) if flagged => { let _ = play.play_revoke(seat, card); }
                Some(card) => { let _ = play.play(seat, card); }
                None => { let _ = play.play_unknown(seat); }
            }
        }
        let won = play.tricks_won(Seat::North) as usize + play.tricks_won(Seat::East) as usize;
        prop_assert_eq!(won + play.tricks_with_unknown_winner(), play.tricks_completed());
    }

    #[test]
    fn scores_and_imps_never_panic(index in 0usize..35, risk in 0usize..3, vul: bool, tricks: u8, diff: i32) {
        let risk = [Risk::Undoubled, Risk::Doubled, Risk::Redoubled][risk];
        if let Some(bid) = Bid::from_index(index) {
            let contract = Contract { bid, risk };
            let made = duplicate_score(contract, vul, bid.tricks_needed());
            let down = duplicate_score(contract, vul, bid.tricks_needed() - 1);
            prop_assert!(made > 0);
            prop_assert!(down < 0);
            let _ = duplicate_score(contract, vul, tricks);
        }
        prop_assert!(imps(diff).abs() <= 24);
        let _ = board_dealer(diff.unsigned_abs());
        let _ = board_vulnerability(diff.unsigned_abs());
    }
}
