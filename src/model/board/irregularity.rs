//! The irregularity marks of chapter 3.9 (`^I`, `^S`, `^R`, `^L`): what the players did out of
//! the rules and the opponents accepted, written before the call or card it concerns.

/// An irregularity mark of chapter 3.9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// `^I`: an insufficient bid the opponents accepted.
    Insufficient,
    /// `^S`: a player skipped because another called out of rotation.
    Skipped,
    /// `^R`: a revoke that was not noticed in time.
    Revoke,
    /// `^L`: a lead out of turn the opponents accepted.
    LeadOutOfTurn,
}

impl Irregularity {
    /// Reads `^I`, `^S`, `^R` or `^L`.
    pub fn parse(text: &str) -> Option<Irregularity> {
        match text {
            "^I" => Some(Irregularity::Insufficient),
            "^S" => Some(Irregularity::Skipped),
            "^R" => Some(Irregularity::Revoke),
            "^L" => Some(Irregularity::LeadOutOfTurn),
            _ => None,
        }
    }

    /// The PBN spelling (`^I`…).
    pub fn pbn(self) -> &'static str {
        match self {
            Irregularity::Insufficient => "^I",
            Irregularity::Skipped => "^S",
            Irregularity::Revoke => "^R",
            Irregularity::LeadOutOfTurn => "^L",
        }
    }
}
