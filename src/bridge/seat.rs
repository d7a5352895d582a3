//! The four players at the table.

/// One of the four compass positions at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// North, partner of South.
    North,
    /// East, partner of West.
    East,
    /// South, partner of North.
    South,
    /// West, partner of East.
    West,
}

impl Seat {
    /// All seats in clockwise order starting from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// Position in `ALL`: North 0, East 1, South 2, West 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The initials PBN writes, in the order of `ALL`.
    const LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];
    /// The English names, in the order of `ALL`.
    const NAMES: [&'static str; 4] = ["North", "East", "South", "West"];

    /// The seat with the given index (taken modulo 4), so it never fails.
    pub const fn from_index(index: usize) -> Seat {
        Seat::ALL[index % 4]
    }

    /// The player to the left, who calls or plays next (clockwise).
    pub const fn next(self) -> Seat {
        self.offset(1)
    }

    /// The left-hand opponent; the same seat as [`Seat::next`].
    pub const fn lho(self) -> Seat {
        self.offset(1)
    }

    /// The right-hand opponent, who called or played just before this seat.
    pub const fn rho(self) -> Seat {
        self.offset(3)
    }

    /// The partner sitting opposite.
    pub const fn partner(self) -> Seat {
        self.offset(2)
    }

    /// The seat `n` steps clockwise from this one.
    pub const fn offset(self, n: usize) -> Seat {
        Seat::from_index(self.index() + n % 4)
    }

    /// Whether the seat belongs to the North-South partnership.
    pub const fn is_ns(self) -> bool {
        matches!(self, Seat::North | Seat::South)
    }

    /// Whether both seats belong to the same partnership.
    pub const fn same_side(self, other: Seat) -> bool {
        self.is_ns() == other.is_ns()
    }

    /// Parses `N`, `E`, `S` or `W` in either case.
    pub const fn from_char(c: char) -> Option<Seat> {
        match super::position(&Seat::LETTERS, c.to_ascii_uppercase()) {
            Some(i) => Some(Seat::ALL[i]),
            None => None,
        }
    }

    /// The upper-case initial used by PBN.
    pub const fn letter(self) -> char {
        Seat::LETTERS[self.index()]
    }

    /// The full English name, e.g. "North".
    pub const fn name(self) -> &'static str {
        Seat::NAMES[self.index()]
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_clockwise() {
        assert_eq!(Seat::North.next(), Seat::East);
        assert_eq!(Seat::East.next(), Seat::South);
        assert_eq!(Seat::South.next(), Seat::West);
        assert_eq!(Seat::West.next(), Seat::North);
        assert_eq!(Seat::West.lho(), Seat::North);
        assert_eq!(Seat::North.rho(), Seat::West);
        assert_eq!(Seat::East.partner(), Seat::West);
        assert_eq!(Seat::South.offset(0), Seat::South);
        assert_eq!(Seat::South.offset(3), Seat::East);
        assert_eq!(Seat::South.offset(usize::MAX), Seat::East);
    }

    #[test]
    fn letters_and_names() {
        for seat in Seat::ALL {
            assert_eq!(Seat::from_char(seat.letter()), Some(seat));
            assert_eq!(
                Seat::from_char(seat.letter().to_ascii_lowercase()),
                Some(seat)
            );
            assert_eq!(Seat::from_index(seat.index()), seat);
        }
        assert_eq!(Seat::from_char('x'), None);
        assert_eq!(Seat::West.name(), "West");
        assert!(Seat::South.is_ns());
        assert!(!Seat::East.is_ns());
        assert!(Seat::East.same_side(Seat::West));
        assert!(!Seat::East.same_side(Seat::North));
    }
}
