//! Denominations, bids, calls and contracts.

use super::cards::Suit;
use std::fmt;

/// A strain a bid can name; the derived order is the bidding order C < D < H < S < NT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Denomination {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
    /// No trump
    NoTrump,
}

impl Denomination {
    /// All denominations from clubs up to no trump.
    pub const ALL: [Denomination; 5] = [
        Denomination::Clubs,
        Denomination::Diamonds,
        Denomination::Hearts,
        Denomination::Spades,
        Denomination::NoTrump,
    ];

    /// Position in `ALL`: clubs 0 … no trump 4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` for no trump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Denomination::Clubs => Some(Suit::Clubs),
            Denomination::Diamonds => Some(Suit::Diamonds),
            Denomination::Hearts => Some(Suit::Hearts),
            Denomination::Spades => Some(Suit::Spades),
            Denomination::NoTrump => None,
        }
    }

    /// The denomination naming a suit.
    pub const fn from_suit(suit: Suit) -> Denomination {
        match suit {
            Suit::Clubs => Denomination::Clubs,
            Suit::Diamonds => Denomination::Diamonds,
            Suit::Hearts => Denomination::Hearts,
            Suit::Spades => Denomination::Spades,
        }
    }

    /// Parses the PBN spellings `C`, `D`, `H`, `S`, `NT` (any case) and nothing else.
    pub fn parse(s: &str) -> Option<Denomination> {
        Denomination::read(s, "NT", Suit::from_char)
    }

    /// Recognises spellings that are not PBN but have an obvious meaning
    /// (`N` for no trump, suit symbols); use it only to suggest a fix.
    pub fn parse_lenient(s: &str) -> Option<Denomination> {
        Denomination::parse(s).or_else(|| Denomination::read(s, "N", Suit::from_symbol))
    }

    /// `no_trump` in any case, or a single character that `suit` reads.
    fn read(s: &str, no_trump: &str, suit: fn(char) -> Option<Suit>) -> Option<Denomination> {
        if s.eq_ignore_ascii_case(no_trump) {
            return Some(Denomination::NoTrump);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => suit(c).map(Denomination::from_suit),
            _ => None,
        }
    }

    /// The PBN spelling: "C", "D", "H", "S" or "NT".
    pub const fn pbn(self) -> &'static str {
        match self {
            Denomination::Clubs => "C",
            Denomination::Diamonds => "D",
            Denomination::Hearts => "H",
            Denomination::Spades => "S",
            Denomination::NoTrump => "NT",
        }
    }

    /// The symbolic spelling: "♣", "♦", "♥", "♠" or "NT".
    pub const fn symbol(self) -> &'static str {
        match self {
            Denomination::Clubs => "♣",
            Denomination::Diamonds => "♦",
            Denomination::Hearts => "♥",
            Denomination::Spades => "♠",
            Denomination::NoTrump => "NT",
        }
    }

    /// The English name, e.g. "Hearts" or "No Trump".
    pub const fn name(self) -> &'static str {
        match self {
            Denomination::Clubs => "Clubs",
            Denomination::Diamonds => "Diamonds",
            Denomination::Hearts => "Hearts",
            Denomination::Spades => "Spades",
            Denomination::NoTrump => "No Trump",
        }
    }
}

/// A bid: a level 1..=7 and a denomination; ordered 1♣ < 1♦ < … < 7NT.
///
/// The fields are private so that a `Bid` always has a valid level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bid {
    level: u8,
    denomination: Denomination,
}

impl Bid {
    /// Makes a bid; `None` unless `level` is in 1..=7.
    pub const fn new(level: u8, denomination: Denomination) -> Option<Bid> {
        if level >= 1 && level <= 7 {
            Some(Bid {
                level,
                denomination,
            })
        } else {
            None
        }
    }

    /// The level, 1..=7.
    pub const fn level(self) -> u8 {
        self.level
    }

    /// The denomination.
    pub const fn denomination(self) -> Denomination {
        self.denomination
    }

    /// Position 0..35 in bidding order (1♣ is 0, 7NT is 34).
    pub const fn index(self) -> usize {
        (self.level as usize - 1) * 5 + self.denomination.index()
    }

    /// The bid at the given position in bidding order.
    pub const fn from_index(index: usize) -> Option<Bid> {
        if index >= 35 {
            return None;
        }
        Some(Bid {
            level: (index / 5) as u8 + 1,
            denomination: Denomination::ALL[index % 5],
        })
    }

    /// All 35 bids from 1♣ to 7NT.
    pub fn all() -> impl Iterator<Item = Bid> {
        (0..35).filter_map(Bid::from_index)
    }

    /// Tricks declarer needs to make this bid as a contract (level + 6).
    pub const fn tricks_needed(self) -> u8 {
        self.level + 6
    }

    /// Spelling with a suit symbol, e.g. "1♥" or "3NT".
    pub fn symbolic(self) -> String {
        format!("{}{}", self.level, self.denomination.symbol())
    }
}

/// PBN spelling, e.g. "1NT" or "4S".
impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.denomination.pbn())
    }
}

/// Whether a contract is doubled or redoubled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Risk {
    /// Neither doubled nor redoubled.
    #[default]
    Undoubled,
    /// Doubled.
    Doubled,
    /// Redoubled.
    Redoubled,
}

impl Risk {
    /// Reads the marks written after a contract's denomination, in either case: none, `X`, or
    /// `XX` (`R` as RBN writes it); `None` for anything else.
    pub fn from_marks(marks: &str) -> Option<Risk> {
        match marks.to_ascii_uppercase().as_str() {
            "" => Some(Risk::Undoubled),
            "X" => Some(Risk::Doubled),
            "XX" | "R" => Some(Risk::Redoubled),
            _ => None,
        }
    }

    /// The PBN suffix: "", "X" or "XX".
    pub const fn pbn(self) -> &'static str {
        match self {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        }
    }
}

/// One call of the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double (X).
    Double,
    /// Redouble (XX).
    Redouble,
    /// A bid.
    Bid(Bid),
}

impl Call {
    /// Spelling with suit symbols, e.g. "Pass", "X", "1♥".
    pub fn symbolic(self) -> String {
        match self {
            Call::Bid(bid) => bid.symbolic(),
            other => other.to_string(),
        }
    }
}

/// PBN spelling: "Pass", "X", "XX", or a bid such as "1NT".
impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(bid) => bid.fmt(f),
        }
    }
}

impl From<Bid> for Call {
    fn from(bid: Bid) -> Call {
        Call::Bid(bid)
    }
}

/// The final contract of an auction that was not passed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The last bid of the auction.
    pub bid: Bid,
    /// Whether it was doubled or redoubled.
    pub risk: Risk,
}

impl Contract {
    /// Makes a contract; `None` unless `level` is in 1..=7.
    pub const fn new(level: u8, denomination: Denomination, risk: Risk) -> Option<Contract> {
        match Bid::new(level, denomination) {
            Some(bid) => Some(Contract { bid, risk }),
            None => None,
        }
    }

    /// The level, 1..=7.
    pub const fn level(self) -> u8 {
        self.bid.level()
    }

    /// The denomination.
    pub const fn denomination(self) -> Denomination {
        self.bid.denomination()
    }

    /// The trump suit, if any.
    pub const fn trump(self) -> Option<Suit> {
        self.bid.denomination().trump()
    }

    /// Tricks declarer needs (level + 6).
    pub const fn tricks_needed(self) -> u8 {
        self.bid.tricks_needed()
    }

    /// Spelling with a suit symbol, e.g. "4♠X".
    pub fn symbolic(self) -> String {
        format!("{}{}", self.bid.symbolic(), self.risk.pbn())
    }
}

/// PBN spelling, e.g. "4S", "3NTX" or "6HXX".
impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bid, self.risk.pbn())
    }
}

#[cfg(test)]
pub(crate) fn bid(s: &str) -> Bid {
    // Test helper: "1NT", "4S".
    let level = s.as_bytes()[0] - b'0';
    let denom = Denomination::parse(&s[1..]).expect("test denomination");
    Bid::new(level, denom).expect("test level")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denomination_parsing() {
        assert_eq!(Denomination::parse("NT"), Some(Denomination::NoTrump));
        assert_eq!(Denomination::parse("nt"), Some(Denomination::NoTrump));
        assert_eq!(Denomination::parse("Nt"), Some(Denomination::NoTrump));
        assert_eq!(Denomination::parse("s"), Some(Denomination::Spades));
        assert_eq!(Denomination::parse("C"), Some(Denomination::Clubs));
        assert_eq!(Denomination::parse("N"), None);
        assert_eq!(Denomination::parse(""), None);
        assert_eq!(Denomination::parse("SS"), None);
        assert_eq!(Denomination::parse("♠"), None);
        assert_eq!(
            Denomination::parse_lenient("N"),
            Some(Denomination::NoTrump)
        );
        assert_eq!(
            Denomination::parse_lenient("n"),
            Some(Denomination::NoTrump)
        );
        assert_eq!(Denomination::parse_lenient("♥"), Some(Denomination::Hearts));
        assert_eq!(
            Denomination::parse_lenient("D"),
            Some(Denomination::Diamonds)
        );
        assert_eq!(Denomination::parse_lenient("X"), None);
    }

    #[test]
    fn denomination_order_and_trump() {
        assert!(Denomination::Clubs < Denomination::Diamonds);
        assert!(Denomination::Spades < Denomination::NoTrump);
        assert_eq!(Denomination::NoTrump.trump(), None);
        assert_eq!(Denomination::Hearts.trump(), Some(Suit::Hearts));
        assert_eq!(Denomination::Clubs.symbol(), "♣");
        assert_eq!(Denomination::NoTrump.symbol(), "NT");
        for suit in Suit::ALL {
            assert_eq!(Denomination::from_suit(suit).trump(), Some(suit));
        }
    }

    #[test]
    fn bids_are_validated_and_ordered() {
        assert_eq!(Bid::new(0, Denomination::Clubs), None);
        assert_eq!(Bid::new(8, Denomination::Clubs), None);
        assert_eq!(Bid::new(255, Denomination::NoTrump), None);
        assert!(bid("1C") < bid("1D"));
        assert!(bid("1NT") < bid("2C"));
        assert!(bid("6NT") < bid("7C"));
        assert!(bid("2H") > bid("1S"));
        let all: Vec<Bid> = Bid::all().collect();
        assert_eq!(all.len(), 35);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all[0], bid("1C"));
        assert_eq!(all[34], bid("7NT"));
        for (i, b) in all.iter().enumerate() {
            assert_eq!(b.index(), i);
        }
        assert_eq!(Bid::from_index(35), None);
        assert_eq!(bid("4S").tricks_needed(), 10);
    }

    #[test]
    fn spellings() {
        assert_eq!(Call::Pass.to_string(), "Pass");
        assert_eq!(Call::Double.to_string(), "X");
        assert_eq!(Call::Redouble.to_string(), "XX");
        assert_eq!(Call::Bid(bid("1NT")).to_string(), "1NT");
        assert_eq!(Call::Bid(bid("4S")).to_string(), "4S");
        assert_eq!(Call::Bid(bid("1H")).symbolic(), "1♥");
        let c = Contract::new(3, Denomination::NoTrump, Risk::Doubled).expect("valid");
        assert_eq!(c.to_string(), "3NTX");
        assert_eq!(c.symbolic(), "3NTX");
        let c = Contract::new(6, Denomination::Hearts, Risk::Redoubled).expect("valid");
        assert_eq!(c.to_string(), "6HXX");
        assert_eq!(c.symbolic(), "6♥XX");
        assert_eq!(c.trump(), Some(Suit::Hearts));
        assert_eq!(
            Contract::new(0, Denomination::Hearts, Risk::Undoubled),
            None
        );
    }
}
