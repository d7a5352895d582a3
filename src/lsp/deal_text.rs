//! A whole deal as the workers pass it to each other: PBN's Deal value from North
//! (`N:AKQ.T98.765.432 …`), the one key the page and both sessions agree on.

use crate::bridge::{Card, Deal, Hand, Rank, Seat, Suit};

/// The deal as PBN writes it, from North.
pub(crate) fn write_deal_text(deal: &Deal) -> String {
    let hands: Vec<String> = Seat::ALL
        .iter()
        .map(|&seat| deal[seat].map_or_else(|| "-".to_string(), |hand| hand.to_string()))
        .collect();
    format!("N:{}", hands.join(" "))
}

/// A deal written by [`write_deal_text`] (any first seat), when every hand is given.
pub(crate) fn read_deal_text(text: &str) -> Option<Deal> {
    let (first, hands) = text.trim().split_once(':')?;
    let first = Seat::from_char(first.chars().next()?.to_ascii_uppercase())?;
    let mut deal = Deal::default();
    let mut count = 0;
    for (i, written) in hands.split_whitespace().enumerate() {
        let mut hand = Hand::EMPTY;
        let suits: Vec<&str> = written.split('.').collect();
        if suits.len() != 4 {
            return None;
        }
        for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
            for c in ranks.chars() {
                hand.insert(Card::new(suit, Rank::from_char(c.to_ascii_uppercase())?));
            }
        }
        deal[first.offset(i)] = Some(hand);
        count += 1;
    }
    (count == 4).then_some(deal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_goes_through_its_text_unchanged() {
        let text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let deal = read_deal_text(text).expect("a whole deal");
        assert!(deal.is_complete());
        assert_eq!(write_deal_text(&deal), text);
        // Another first seat reads the same deal.
        let from_east = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432";
        assert_eq!(read_deal_text(from_east), Some(deal));
        assert_eq!(read_deal_text("N:AK.Q.J"), None);
        assert_eq!(read_deal_text("N:AKQJ.T98.765.432"), None);
        assert_eq!(read_deal_text("nonsense"), None);
        assert_eq!(read_deal_text("N:AKQJ.T98.765.43X - - -"), None);
    }
}
