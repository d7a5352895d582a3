//! Suits, ranks, cards and hands.

use std::fmt;

/// One of the four suits, listed in PBN order (spades first).
///
/// `Suit` deliberately has no `Ord`: "spades first" is a listing order, not a
/// ranking. Use [`Denomination`](super::Denomination) to compare strains in
/// bidding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suit {
    /// ♠
    Spades,
    /// ♥
    Hearts,
    /// ♦
    Diamonds,
    /// ♣
    Clubs,
}

impl Suit {
    /// All suits in PBN order: spades, hearts, diamonds, clubs.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Position in `ALL`: spades 0 … clubs 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letters PBN writes, in the order of `ALL`.
    const LETTERS: [char; 4] = ['S', 'H', 'D', 'C'];
    /// The filled symbols, in the order of `ALL`.
    const SYMBOLS: [char; 4] = ['♠', '♥', '♦', '♣'];
    /// The outline symbols some editors type, in the order of `ALL`.
    const OUTLINE_SYMBOLS: [char; 4] = ['♤', '♡', '♢', '♧'];
    /// The English names, in the order of `ALL`.
    const NAMES: [&'static str; 4] = ["Spades", "Hearts", "Diamonds", "Clubs"];

    /// The suit at `index` of a table in the order of `ALL`.
    const fn at(index: Option<usize>) -> Option<Suit> {
        match index {
            Some(i) => Some(Suit::ALL[i]),
            None => None,
        }
    }

    /// Parses `S`, `H`, `D` or `C` in either case.
    pub const fn from_char(c: char) -> Option<Suit> {
        Suit::at(super::position(&Suit::LETTERS, c.to_ascii_uppercase()))
    }

    /// Recognises the suit symbols ♠♥♦♣ (and their outline forms ♤♡♢♧).
    pub const fn from_symbol(c: char) -> Option<Suit> {
        match super::position(&Suit::SYMBOLS, c) {
            Some(i) => Some(Suit::ALL[i]),
            None => Suit::at(super::position(&Suit::OUTLINE_SYMBOLS, c)),
        }
    }

    /// The upper-case letter used by PBN.
    pub const fn letter(self) -> char {
        Suit::LETTERS[self.index()]
    }

    /// The suit symbol, e.g. '♠'.
    pub const fn symbol(self) -> char {
        Suit::SYMBOLS[self.index()]
    }

    /// The English name, e.g. "Spades".
    pub const fn name(self) -> &'static str {
        Suit::NAMES[self.index()]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// The rank of a card; the derived order makes the ace highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 2
    Two = 2,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T` in PBN
    Ten,
    /// Jack
    Jack,
    /// Queen
    Queen,
    /// King
    King,
    /// Ace
    Ace,
}

impl Rank {
    /// All ranks from the ace down to the two, the order PBN lists a suit in.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
        Rank::Five,
        Rank::Four,
        Rank::Three,
        Rank::Two,
    ];

    /// Numeric value: 2 for the two up to 14 for the ace.
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank with the given numeric value (2..=14).
    pub const fn from_value(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank::ALL[(14 - value) as usize])
        } else {
            None
        }
    }

    /// Parses `AKQJT98765432`, also accepting lower-case `akqjt`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'A' | 'a' => Some(Rank::Ace),
            'K' | 'k' => Some(Rank::King),
            'Q' | 'q' => Some(Rank::Queen),
            'J' | 'j' => Some(Rank::Jack),
            'T' | 't' => Some(Rank::Ten),
            '9' => Some(Rank::Nine),
            '8' => Some(Rank::Eight),
            '7' => Some(Rank::Seven),
            '6' => Some(Rank::Six),
            '5' => Some(Rank::Five),
            '4' => Some(Rank::Four),
            '3' => Some(Rank::Three),
            '2' => Some(Rank::Two),
            _ => None,
        }
    }

    /// The single character PBN uses ('T' for the ten).
    pub const fn letter(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::King => 'K',
            Rank::Queen => 'Q',
            Rank::Jack => 'J',
            Rank::Ten => 'T',
            Rank::Nine => '9',
            Rank::Eight => '8',
            Rank::Seven => '7',
            Rank::Six => '6',
            Rank::Five => '5',
            Rank::Four => '4',
            Rank::Three => '3',
            Rank::Two => '2',
        }
    }

    /// Human-friendly spelling: "10" for the ten, otherwise the letter.
    pub const fn display(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::King => "K",
            Rank::Queen => "Q",
            Rank::Jack => "J",
            Rank::Ten => "10",
            Rank::Nine => "9",
            Rank::Eight => "8",
            Rank::Seven => "7",
            Rank::Six => "6",
            Rank::Five => "5",
            Rank::Four => "4",
            Rank::Three => "3",
            Rank::Two => "2",
        }
    }

    /// Milton Work high-card points: ace 4, king 3, queen 2, jack 1.
    pub const fn hcp(self) -> u8 {
        match self {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    }
}

/// [`Suit::from_char`] and [`Rank::from_char`] of every byte, made when compiling.
const BYTE_TABLES: ([Option<Suit>; 256], [Option<Rank>; 256]) = {
    let (mut suits, mut ranks) = ([None; 256], [None; 256]);
    let mut byte = 0;
    while byte < 256 {
        suits[byte] = Suit::from_char(byte as u8 as char);
        ranks[byte] = Rank::from_char(byte as u8 as char);
        byte += 1;
    }
    (suits, ranks)
};

/// A playing card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// The rank.
    pub rank: Rank,
}

impl Card {
    /// Makes a card from its suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// Parses a suit letter and a rank letter, e.g. `('S', 'K')`.
    pub const fn from_chars(suit: char, rank: char) -> Option<Card> {
        match (Suit::from_char(suit), Rank::from_char(rank)) {
            (Some(suit), Some(rank)) => Some(Card { suit, rank }),
            _ => None,
        }
    }

    /// [`Card::from_chars`] of two bytes, looked up in tables: the card readers' fast path
    /// (a call of `from_chars` per card was a tenth of reading a play).
    #[inline]
    pub fn from_ascii(suit: u8, rank: u8) -> Option<Card> {
        match (
            BYTE_TABLES.0[usize::from(suit)],
            BYTE_TABLES.1[usize::from(rank)],
        ) {
            (Some(suit), Some(rank)) => Some(Card { suit, rank }),
            _ => None,
        }
    }

    /// Position 0..52 in PBN order: ♠A is 0, ♠K is 1, …, ♣2 is 51.
    pub const fn index(self) -> usize {
        self.suit.index() * 13 + (14 - self.rank.value()) as usize
    }

    /// The card at the given position (inverse of [`Card::index`]).
    pub const fn from_index(index: usize) -> Option<Card> {
        if index >= 52 {
            return None;
        }
        Some(Card {
            suit: Suit::ALL[index / 13],
            rank: Rank::ALL[index % 13],
        })
    }

    /// Spelling with a suit symbol and "10" for the ten, e.g. "♠10".
    pub fn symbolic(self) -> String {
        format!("{}{}", self.suit.symbol(), self.rank.display())
    }
}

/// PBN spelling: suit letter then rank letter, e.g. "SK" or "HT".
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}

/// A set of cards stored as a 52-bit mask (bit `i` is [`Card::from_index`]`(i)`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hand(u64);

impl Hand {
    /// The empty set.
    pub const EMPTY: Hand = Hand(0);
    /// The whole deck.
    pub const FULL: Hand = Hand((1 << 52) - 1);

    /// Builds a set from its raw mask; `None` if bits above 51 are set.
    pub const fn from_bits(bits: u64) -> Option<Hand> {
        if bits & !Hand::FULL.0 == 0 {
            Some(Hand(bits))
        } else {
            None
        }
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    const fn bit(card: Card) -> u64 {
        1 << card.index()
    }

    /// Adds a card; returns `true` if it was not already present.
    pub fn insert(&mut self, card: Card) -> bool {
        let fresh = !self.contains(card);
        self.0 |= Hand::bit(card);
        fresh
    }

    /// Removes a card; returns `true` if it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !Hand::bit(card);
        present
    }

    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & Hand::bit(card) != 0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in PBN order: suits S, H, D, C, each from the ace down.
    pub const fn iter(self) -> HandIter {
        HandIter(self.0)
    }

    /// The cards of one suit, as a set.
    pub const fn suit_cards(self, suit: Suit) -> Hand {
        Hand(self.0 & (0x1FFF << (suit.index() * 13)))
    }

    /// The ranks held in one suit, from the highest down, as PBN writes them (`AKT2`).
    pub fn ranks(self, suit: Suit) -> String {
        self.suit_cards(suit)
            .into_iter()
            .map(|c| c.rank.letter())
            .collect()
    }

    /// How many cards of the suit the set holds.
    pub const fn suit_len(self, suit: Suit) -> usize {
        self.suit_cards(suit).len()
    }

    /// Whether the set holds at least one card of the suit.
    pub const fn has_suit(self, suit: Suit) -> bool {
        !self.suit_cards(suit).is_empty()
    }

    /// High-card points (A4 K3 Q2 J1) of all cards in the set.
    pub fn hcp(self) -> u32 {
        self.iter().map(|card| u32::from(card.rank.hcp())).sum()
    }

    /// Cards in either set.
    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    /// Cards in both sets.
    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    pub const fn difference(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The cards of the deck not in this set.
    pub const fn complement(self) -> Hand {
        Hand(!self.0 & Hand::FULL.0)
    }
}

/// PBN hand notation: four suits S.H.D.C separated by dots, e.g. "AK2.QJ.T987.65".
impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            for card in self.suit_cards(suit) {
                write!(f, "{}", card.rank.letter())?;
            }
        }
        Ok(())
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut hand = Hand::EMPTY;
        for card in iter {
            hand.insert(card);
        }
        hand
    }
}

impl IntoIterator for Hand {
    type Item = Card;
    type IntoIter = HandIter;
    fn into_iter(self) -> HandIter {
        self.iter()
    }
}

/// Iterator over the cards of a [`Hand`] in PBN order.
#[derive(Debug, Clone)]
pub struct HandIter(u64);

impl Iterator for HandIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for HandIter {}

#[cfg(test)]
pub(crate) fn hand(pbn: &str) -> Hand {
    // Test helper: "AK2.QJ.T987.65" in S.H.D.C order.
    let mut hand = Hand::EMPTY;
    for (suit, ranks) in Suit::ALL.into_iter().zip(pbn.split('.')) {
        for c in ranks.chars() {
            let rank = Rank::from_char(c).expect("test hand");
            hand.insert(Card::new(suit, rank));
        }
    }
    hand
}

#[cfg(test)]
pub(crate) fn sample_deal() -> crate::bridge::Deal {
    // Test helper: North holds the top cards, then East, South and West in rank order.
    crate::bridge::Deal::from_hands([
        Some(hand("AKQJ.AKQ.AKQ.AKQ")),
        Some(hand("T987.JT9.JT9.JT9")),
        Some(hand("65.8765.8765.876")),
        Some(hand("432.432.432.5432")),
    ])
}

#[cfg(test)]
pub(crate) fn card(s: &str) -> Card {
    let mut chars = s.chars();
    let (Some(suit), Some(rank)) = (chars.next(), chars.next()) else {
        panic!("test card {s}")
    };
    Card::from_chars(suit, rank).expect("test card")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_from_bytes_read_as_from_characters() {
        let mut cards = 0;
        for suit in 0..=255u8 {
            for rank in 0..=255u8 {
                let card = Card::from_ascii(suit, rank);
                assert_eq!(card, Card::from_chars(char::from(suit), char::from(rank)));
                cards += usize::from(card.is_some());
            }
        }
        // Four suit letters and thirteen ranks, five of them letters, each in either case.
        assert_eq!(cards, 8 * 18);
    }

    #[test]
    fn suit_letters_and_symbols() {
        for suit in Suit::ALL {
            assert_eq!(Suit::from_char(suit.letter()), Some(suit));
            assert_eq!(
                Suit::from_char(suit.letter().to_ascii_lowercase()),
                Some(suit)
            );
            assert_eq!(Suit::from_symbol(suit.symbol()), Some(suit));
        }
        assert_eq!(Suit::from_char('N'), None);
        assert_eq!(Suit::Hearts.symbol(), '♥');
        assert_eq!(Suit::Diamonds.name(), "Diamonds");
        assert_eq!(Suit::ALL[0], Suit::Spades);
    }

    #[test]
    fn ranks() {
        assert!(Rank::Ace > Rank::King);
        assert!(Rank::Ten > Rank::Nine);
        assert!(Rank::Three > Rank::Two);
        assert_eq!(Rank::from_char('t'), Some(Rank::Ten));
        assert_eq!(Rank::from_char('q'), Some(Rank::Queen));
        assert_eq!(Rank::from_char('1'), None);
        assert_eq!(Rank::from_char('0'), None);
        assert_eq!(Rank::Ten.letter(), 'T');
        assert_eq!(Rank::Ten.display(), "10");
        assert_eq!(Rank::King.display(), "K");
        assert_eq!(Rank::Ace.hcp() + Rank::King.hcp(), 7);
        assert_eq!(Rank::Ten.hcp(), 0);
        for rank in Rank::ALL {
            assert_eq!(Rank::from_char(rank.letter()), Some(rank));
            assert_eq!(Rank::from_value(rank.value()), Some(rank));
        }
        assert_eq!(Rank::from_value(1), None);
        assert_eq!(Rank::from_value(15), None);
    }

    #[test]
    fn card_index_round_trips() {
        for i in 0..52 {
            let c = Card::from_index(i).expect("in range");
            assert_eq!(c.index(), i);
        }
        assert_eq!(Card::from_index(52), None);
        assert_eq!(
            Card::from_index(0),
            Some(Card::new(Suit::Spades, Rank::Ace))
        );
        assert_eq!(
            Card::from_index(51),
            Some(Card::new(Suit::Clubs, Rank::Two))
        );
        assert_eq!(card("SK").to_string(), "SK");
        assert_eq!(card("HT").to_string(), "HT");
        assert_eq!(card("HT").symbolic(), "♥10");
        assert_eq!(Card::from_chars('x', 'K'), None);
    }

    #[test]
    fn hand_set_operations() {
        let mut h = Hand::EMPTY;
        assert!(h.insert(card("SK")));
        assert!(!h.insert(card("SK")));
        assert!(h.insert(card("C2")));
        assert!(h.insert(card("HA")));
        assert_eq!(h.len(), 3);
        assert!(h.contains(card("HA")));
        assert!(!h.contains(card("HK")));
        assert!(h.has_suit(Suit::Clubs));
        assert!(!h.has_suit(Suit::Diamonds));
        assert!(h.remove(card("C2")));
        assert!(!h.remove(card("C2")));
        assert!(!h.has_suit(Suit::Clubs));
        assert_eq!(Hand::FULL.len(), 52);
        assert_eq!(Hand::FULL.complement(), Hand::EMPTY);
        assert_eq!(h.complement().len(), 50);
        assert_eq!(Hand::from_bits(1 << 52), None);
        assert_eq!(Hand::from_bits(h.bits()), Some(h));
    }

    #[test]
    fn hand_iterates_in_pbn_order() {
        let h = hand("K2.A.T.Q3");
        let cards: Vec<String> = h.iter().map(|c| c.to_string()).collect();
        assert_eq!(cards, ["SK", "S2", "HA", "DT", "CQ", "C3"]);
        assert_eq!(h.iter().len(), 6);
        assert_eq!(h.suit_cards(Suit::Spades), hand("K2..."));
        assert_eq!(h.suit_len(Suit::Clubs), 2);
        assert_eq!(h.to_string(), "K2.A.T.Q3");
        assert_eq!(Hand::EMPTY.to_string(), "...");
    }

    #[test]
    fn hand_hcp() {
        assert_eq!(hand("AKQJ.AKQJ.AKQJ.A").hcp(), 34);
        assert_eq!(hand("T98.765.432.T98").hcp(), 0);
        assert_eq!(Hand::FULL.hcp(), 40);
    }
}
