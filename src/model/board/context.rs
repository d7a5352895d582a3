//! What the sections of a game need to know about the rest of it: the Dealer, Deal, Declarer,
//! Contract and Result tags, read once (with inheritance resolved) so that the auction and play
//! are never read against tags themselves.
//!
//! A game's model is read in one way for every reader: its tag pairs are read once into entries
//! (`super::tag_entries`), whose key tags ([`KeyTags`]) give the context and the Deal
//! ([`BoardModel::from_key_tags`]), then each section is read into it
//! ([`BoardModel::read_section`]). The checker reports on the same entries and on the problems
//! of reading; [`super::read_sections`] is quiet, for the readers that only want the game's meaning
//! (the editor, conversion, the board preview).

use super::auction::{lower_auction, AuctionModel};
use super::deal::{lower_deal, DealModel};
use super::misreading::Misreading;
use super::play::{lower_play, PlayFacts, PlayModel};
use super::source_map::SourceMap;
use crate::bridge::{Deal, Seat, Suit, Vulnerability};
use crate::model::values::{
    read_contract, read_result, read_seat, read_vulnerable, ContractValue, ResultValue,
};
use crate::model::written::Info;
use crate::model::written::NOWHERE;
use crate::syntax::pbn::ast::Section;
use crate::syntax::{SyntaxKind, TextRange};

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
    /// The Vulnerable tag, if present (another notation's board: its vulnerability, where it
    /// is given).
    pub vulnerable_tag: Option<TagValue>,
    /// The Deal tag, if present.
    pub deal_tag: Option<TagValue>,
    /// The hands the Deal gives (unknown hands as `None`), when the Deal is readable. A deal with
    /// errors (a card twice, a hand of 14) is still given here as well as it can be read.
    pub deal: Option<Deal>,
    /// Whether the Deal passed every deal check (then the play can be checked against it).
    pub deal_is_valid: bool,
    /// The Declarer tag, if present.
    pub declarer_tag: Option<TagValue>,
    /// The declarer it names, when it is readable (not empty, unknown or unreadable).
    pub declarer: Option<DeclarerValue>,
    /// The Contract tag, if present.
    pub contract_tag: Option<TagValue>,
    /// The contract it gives, when it is readable.
    pub contract: Option<ContractValue>,
    /// The Result tag, if present.
    pub result_tag: Option<TagValue>,
    /// The tricks it gives, when it is readable.
    pub result: Option<ResultValue>,
    /// Whether export-format rules apply (`% EXPORT` in the file, or `--export`).
    pub export: bool,
}

/// What a Declarer tag says: the seat, and whether declarer and dummy were swapped (`^`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarerValue {
    /// The declarer named.
    pub seat: Seat,
    /// A leading `^`: declarer and dummy were swapped.
    pub swapped: bool,
}

impl GameContext {
    /// Reads what the Declarer, Contract and Result tags mean from their text, once: the checks,
    /// the editor and conversion read these meanings, never the text again. A board from another
    /// notation sets them from its typed record instead.
    pub fn read_tag_meanings(&mut self) {
        fn meaningful(tag: &Option<TagValue>) -> Option<&str> {
            tag.as_ref()
                .map(|t| t.text.trim())
                .filter(|t| !is_vacant(t))
        }
        let declarer = meaningful(&self.declarer_tag).and_then(|text| {
            let (swapped, seat) = match text.strip_prefix('^') {
                Some(rest) => (true, rest),
                None => (false, text),
            };
            read_seat(seat).map(|r| DeclarerValue {
                seat: r.value,
                swapped,
            })
        });
        let contract = meaningful(&self.contract_tag).and_then(read_contract);
        let result = meaningful(&self.result_tag).and_then(read_result);
        self.declarer = declarer;
        self.contract = contract.map(|r| r.value);
        self.result = result.map(|r| r.value);
    }

    /// The declarer the tags name (the seat after a swap `^X` is X).
    pub fn declarer_seat(&self) -> Option<Seat> {
        self.declarer.map(|d| d.seat)
    }

    /// Whether the Deal is an end position (standard 3.10): no hand holds 13 cards. The Play
    /// tag then names the first leader, and the Contract may give only the trump.
    pub fn is_end_position(&self) -> bool {
        self.deal.as_ref().is_some_and(|deal| {
            let sizes: Vec<usize> = deal.card_counts().into_iter().flatten().collect();
            sizes.iter().any(|&n| n > 0) && sizes.iter().all(|&n| n < 13)
        })
    }
}

/// Whether a tag value says "unknown" or "not applicable" (or inherits), so it is not compared.
pub(crate) fn is_vacant(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t == "?" || t.starts_with('#')
}

/// What the play is read against, from the tags (`ctx`) and the auction.
pub fn play_facts(ctx: &GameContext, auction: Option<&AuctionModel>) -> PlayFacts {
    let declarer = ctx.declarer_seat().or(auction.and_then(|a| a.declarer));
    let denomination = match ctx.contract {
        Some(ContractValue::Contract(c)) => Some(c.denomination()),
        Some(ContractValue::TrumpOnly(d)) => Some(d),
        _ => auction.and_then(|a| a.contract).map(|c| c.denomination()),
    };
    PlayFacts {
        deal: ctx.deal.filter(|_| ctx.deal_is_valid),
        declarer,
        denomination,
        auction_declarer: auction.and_then(|a| a.declarer),
    }
}

/// The tags a [`GameContext`] is read from.
pub(crate) const KEY_TAGS: [&str; 6] = [
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Result",
];

/// A board's meaning, in any notation, as the checks judge it and the editor answers about it:
/// its context (the key tags, typed), its deal, its auction followed call by call and its play
/// followed trick by trick, each item with the range it was read from. A PBN game is read into it
/// by [`super::read_sections`] (or by the checker, which reports the problems of reading as it goes), an
/// RBN record or a LIN board piece by piece as its reader reads it (`super::lowering`).
#[derive(Debug, Clone, Default)]
pub struct BoardModel {
    /// What the tags say.
    pub context: GameContext,
    /// The Deal, read, when one is given (not empty, not `?`).
    pub deal: Option<DealModel>,
    /// The first Auction section, read.
    pub auction: Option<AuctionModel>,
    /// The first Play section, read against the tags and the auction.
    pub play: Option<PlayModel>,
    /// The Auction sections after the first (a PBN game may repeat one; each is judged, none
    /// is read by the play or the editor).
    pub later_auctions: Vec<AuctionModel>,
    /// The Play sections after the first.
    pub later_plays: Vec<PlayModel>,
    /// Where each item stands in the text, for the editor (empty as the checks read it: they
    /// place their findings from the items' own ranges).
    pub map: SourceMap,
    /// A play no leader is known for (a LIN board whose auction has not ended), kept as
    /// written for what writes or shows the board ([`BoardModel::play_as_written`]): the rules
    /// follow no such play, and read only [`BoardModel::play`].
    pub unled_play: Option<PlayModel>,
    /// The descriptive facts under their PBN tag names (every tag but the context's, the
    /// sections' and Hidden, `#` and `##` followed), in reading order, each with where it stands
    /// when it stands anywhere. Read for what writes or shows a whole board and for the RBN and
    /// LIN checks (their cross-checks); empty as a PBN game is read for its checks or the
    /// editor.
    pub facts: Vec<Info>,
    /// The free-text commentary, in order (read with the facts).
    pub commentary: Vec<String>,
    /// What the source said that the model cannot hold, for conversion to say (read with the
    /// facts).
    pub dropped: Vec<String>,
    /// The descriptive tags given with an empty or `?` value (unknown, or not applicable), kept
    /// apart from the facts so that only a notation that can say "unknown" (PBN) writes them.
    pub vacant: Vec<Info>,
    /// The tables (read with the facts).
    pub tables: Vec<crate::model::written::Table>,
}

impl BoardModel {
    /// Every auction read, the first first.
    pub fn auctions(&self) -> impl Iterator<Item = &AuctionModel> {
        self.auction.iter().chain(&self.later_auctions)
    }

    /// Every play read, the first first.
    pub fn plays(&self) -> impl Iterator<Item = &PlayModel> {
        self.play.iter().chain(&self.later_plays)
    }

    /// The dealer, when the Dealer tag is readable.
    pub fn dealer(&self) -> Option<Seat> {
        self.context.dealer
    }

    /// The vulnerability, when the Vulnerable tag is readable.
    pub fn vulnerability(&self) -> Option<Vulnerability> {
        self.context.vulnerability
    }

    /// The declarer the Declarer tag names (`^` for a swapped dummy set aside).
    pub fn declarer(&self) -> Option<Seat> {
        self.context.declarer_seat()
    }

    /// The contract the Contract tag gives.
    pub fn contract(&self) -> Option<ContractValue> {
        self.context.contract
    }

    /// The tricks the Result gives declarer.
    pub fn declarer_tricks(&self) -> Option<u8> {
        self.context.result?.declarer_tricks(self.declarer())
    }

    /// The trump suit of the contract (`None` in no trump or when unknown).
    pub fn trump(&self) -> Option<Suit> {
        self.contract()?.trump()
    }

    /// The tricks declarer won, as the board gives them (the Result tag's, or another
    /// notation's result): what conversion writes and the preview shows.
    pub fn result_tricks(&self) -> Option<u8> {
        self.declarer_tricks().or_else(|| {
            // A count the rules take for none (past 13) is still written on as it was given.
            self.context.result_tag.as_ref()?.text.trim().parse().ok()
        })
    }

    /// The deal when all four hands are given whole: what double dummy solves.
    pub fn whole_deal(&self) -> Option<Deal> {
        self.context.deal.filter(Deal::is_complete)
    }

    /// The play as written: the first Play section's, or a play no leader is known for.
    pub fn play_as_written(&self) -> Option<&PlayModel> {
        self.play.as_ref().or(self.unled_play.as_ref())
    }

    /// The value of a descriptive fact.
    pub fn fact(&self, name: &str) -> Option<&str> {
        self.facts
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value.as_str())
    }

    /// The notes of the auction or the play (`section`), by number, as conversion and the
    /// preview give them (a number past 255 is not held).
    pub fn notes(&self, section: super::SectionKind) -> Vec<(u8, String)> {
        self.map
            .notes
            .iter()
            .filter(|n| n.section == section)
            .filter_map(|n| Some((u8::try_from(n.number).ok()?, n.text.clone())))
            .collect()
    }

    /// Which hands are hidden (N, E, S, W), when the board has a deal.
    pub fn hidden(&self) -> [bool; 4] {
        let dealt = self.context.deal.is_some();
        std::array::from_fn(|i| dealt && self.map.hidden.contains(&Seat::ALL[i]))
    }

    /// The contract with its declarer and where the contract is given (`None` for nowhere):
    /// what conversion writes and the preview shows.
    pub fn contract_given(&self) -> Option<(ContractValue, Option<Seat>, Option<TextRange>)> {
        let contract = self.context.contract?;
        let at = self.context.contract_tag.as_ref().map(|t| t.range);
        Some((contract, self.declarer(), at.filter(|r| *r != NOWHERE)))
    }
}

/// The key tags of a game: the first tag of each name, with its value after inheritance (`None`
/// when it has no value or its inheritance is forbidden), read from the game's tag entries
/// (`KeyTags::of_entries`) or given by another notation's reader.
#[derive(Debug, Clone, Default)]
pub struct KeyTags {
    /// The Dealer tag.
    pub dealer: Option<TagValue>,
    /// The Vulnerable tag.
    pub vulnerable: Option<TagValue>,
    /// The Deal tag.
    pub deal: Option<TagValue>,
    /// The Deal tag's value node, to read the hands from.
    pub deal_node: Option<crate::syntax::SyntaxNode>,
    /// The Declarer tag.
    pub declarer: Option<TagValue>,
    /// The Contract tag.
    pub contract: Option<TagValue>,
    /// The Result tag.
    pub result: Option<TagValue>,
}

impl BoardModel {
    /// A game's model with what its key tags say and its Deal read (for the checker, under
    /// export rules when `export`), recording the problems of reading the Deal in
    /// `misreadings`. Its sections are read after, one by one ([`BoardModel::read_section`]).
    pub fn from_key_tags(
        keys: KeyTags,
        export: bool,
        misreadings: &mut Vec<Misreading>,
    ) -> BoardModel {
        let mut context = GameContext {
            export,
            vulnerability: keys
                .vulnerable
                .as_ref()
                .and_then(|t| read_vulnerable(&t.text))
                .map(|r| r.value),
            vulnerable_tag: keys.vulnerable,
            dealer: keys
                .dealer
                .as_ref()
                .and_then(|t| read_seat(&t.text))
                .map(|r| r.value),
            dealer_tag: keys.dealer,
            declarer_tag: keys.declarer,
            contract_tag: keys.contract,
            result_tag: keys.result,
            deal_tag: keys.deal,
            ..GameContext::default()
        };
        context.read_tag_meanings();
        let deal_given = context
            .deal_tag
            .as_ref()
            .is_some_and(|t| !t.text.is_empty() && t.text != "?");
        let mut deal = None;
        if let (true, Some(node)) = (deal_given, keys.deal_node) {
            let model = lower_deal(&node, misreadings);
            context.deal = model.deal();
            context.deal_is_valid = model.is_valid();
            deal = Some(model);
        }
        BoardModel {
            context,
            deal,
            ..BoardModel::default()
        }
    }

    /// Reads an Auction or a Play section into the model, against the tags and the auction
    /// read before it (the first of each is the board's; a repeated one is kept to be judged
    /// as well), recording the problems of reading in `misreadings`. Other sections hold
    /// nothing the model keeps.
    pub fn read_section(&mut self, section: &Section, misreadings: &mut Vec<Misreading>) {
        match section.kind() {
            SyntaxKind::AUCTION_SECTION => {
                let model = lower_auction(section, self.context.dealer, misreadings);
                match self.auction {
                    None => self.auction = Some(model),
                    Some(_) => self.later_auctions.push(model),
                }
            }
            SyntaxKind::PLAY_SECTION => {
                let facts = play_facts(&self.context, self.auction.as_ref());
                let model = lower_play(section, &facts, misreadings);
                match self.play {
                    None => self.play = Some(model),
                    Some(_) => self.later_plays.push(model),
                }
            }
            _ => {}
        }
    }
}
