//! Vulnerability and the standard rotation of dealer and vulnerability by board number.

use super::seat::Seat;

/// Which sides are vulnerable on a board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Neither side.
    #[default]
    None,
    /// North-South only.
    NS,
    /// East-West only.
    EW,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// Whether the side of `seat` is vulnerable.
    pub const fn is_vulnerable(self, seat: Seat) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::NS => seat.is_ns(),
            Vulnerability::EW => !seat.is_ns(),
            Vulnerability::All => true,
        }
    }

    /// The canonical PBN spelling: "None", "NS", "EW" or "All".
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Parses the PBN spellings, including the synonyms "Love", "-" and "Both".
    pub fn from_pbn(s: &str) -> Option<Vulnerability> {
        match s {
            "None" | "Love" | "-" => Some(Vulnerability::None),
            "NS" => Some(Vulnerability::NS),
            "EW" => Some(Vulnerability::EW),
            "All" | "Both" => Some(Vulnerability::All),
            _ => None,
        }
    }
}

/// The dealer of a board: 1 North, 2 East, 3 South, 4 West, repeating.
pub const fn board_dealer(board: u32) -> Seat {
    // (board - 1) mod 4 without underflow for board 0.
    Seat::from_index(((board % 4) + 3) as usize)
}

/// The vulnerability of a board under the standard 16-board cycle.
pub const fn board_vulnerability(board: u32) -> Vulnerability {
    use Vulnerability::{All, None as Love, EW, NS};
    const CYCLE: [Vulnerability; 16] = [
        Love, NS, EW, All, NS, EW, All, Love, EW, All, Love, NS, All, Love, NS, EW,
    ];
    CYCLE[((board % 16 + 15) % 16) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealer_rotation() {
        assert_eq!(board_dealer(1), Seat::North);
        assert_eq!(board_dealer(2), Seat::East);
        assert_eq!(board_dealer(3), Seat::South);
        assert_eq!(board_dealer(4), Seat::West);
        assert_eq!(board_dealer(5), Seat::North);
        assert_eq!(board_dealer(16), Seat::West);
        assert_eq!(board_dealer(0), Seat::West);
        assert_eq!(board_dealer(u32::MAX), Seat::South);
    }

    #[test]
    fn vulnerability_rotation() {
        use Vulnerability::{All, None as Love, EW, NS};
        let expected = [
            Love, NS, EW, All, NS, EW, All, Love, EW, All, Love, NS, All, Love, NS, EW,
        ];
        for (i, &v) in expected.iter().enumerate() {
            let board = i as u32 + 1;
            assert_eq!(board_vulnerability(board), v, "board {board}");
            assert_eq!(board_vulnerability(board + 16), v, "board {}", board + 16);
        }
        assert_eq!(board_vulnerability(0), EW);
        let _ = board_vulnerability(u32::MAX);
    }

    #[test]
    fn who_is_vulnerable() {
        assert!(Vulnerability::NS.is_vulnerable(Seat::South));
        assert!(!Vulnerability::NS.is_vulnerable(Seat::West));
        assert!(Vulnerability::EW.is_vulnerable(Seat::East));
        assert!(Vulnerability::All.is_vulnerable(Seat::North));
        assert!(!Vulnerability::None.is_vulnerable(Seat::North));
        assert_eq!(Vulnerability::from_pbn("Both"), Some(Vulnerability::All));
        assert_eq!(Vulnerability::from_pbn("Love"), Some(Vulnerability::None));
        assert_eq!(Vulnerability::from_pbn("-"), Some(Vulnerability::None));
        assert_eq!(Vulnerability::from_pbn("ns"), None);
        for v in [
            Vulnerability::None,
            Vulnerability::NS,
            Vulnerability::EW,
            Vulnerability::All,
        ] {
            assert_eq!(Vulnerability::from_pbn(v.pbn()), Some(v));
        }
    }
}
