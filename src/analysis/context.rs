//! What the checks of one section need to know about the rest of its game.
//!
//! The game-level analysis reads the tags once (with inheritance resolved) and hands this to the
//! auction and play checks, so that those never look at tags themselves.

use crate::bridge::{Deal, Seat, Vulnerability};
use crate::syntax::TextRange;

/// A tag's value as written, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagValue {
    /// The value with escapes resolved (for inherited values: the inherited text).
    pub text: String,
    /// The range of the value's text between the quotes (in the game that holds the tag).
    pub range: TextRange,
    /// The range of the whole tag pair.
    pub tag_range: TextRange,
}

/// The facts about a game that its sections are checked against.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameContext {
    /// The Dealer tag, if present.
    pub dealer_tag: Option<TagValue>,
    /// The dealer, when the Dealer tag is readable.
    pub dealer: Option<Seat>,
    /// The vulnerability, when the Vulnerable tag is readable.
    pub vulnerability: Option<Vulnerability>,
    /// The Deal tag, if present.
    pub deal_tag: Option<TagValue>,
    /// The hands the Deal gives (unknown hands as `None`), when the Deal is readable. A deal with
    /// errors (a card twice, a hand of 14) is still given here as well as it can be read.
    pub deal: Option<Deal>,
    /// Whether the Deal passed every deal check (then the play can be checked against it).
    pub deal_is_valid: bool,
    /// The Declarer tag, if present.
    pub declarer: Option<TagValue>,
    /// The Contract tag, if present.
    pub contract: Option<TagValue>,
    /// The Result tag, if present.
    pub result: Option<TagValue>,
    /// Whether export-format rules apply (`% EXPORT` in the file, or `--export`).
    pub export: bool,
}
