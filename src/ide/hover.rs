//! Hover: what the thing under the cursor means, in Markdown.

use super::diagram::{DealDiagram, DoubleDummyPart};
use super::info::{nag_meaning, suffix_meaning, tag_info};
use crate::bridge::{duplicate_score, Contract, Seat, Vulnerability};
use crate::model::board::{lower, note_ref_number, BoardModel, SectionKind};
use crate::model::values::ContractValue;
use crate::syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

/// A hover answer: Markdown and the range it is about (relative to the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The text, in Markdown.
    pub markdown: String,
    /// What it describes.
    pub range: TextRange,
    /// The diagram it ends with when it is the hover of the board's deal (a PBN Deal, an RBN
    /// H, a LIN md or a handviewer address), into which the editor draws what the deal makes
    /// at double dummy.
    pub deal: Option<DealDiagram>,
}

impl Hover {
    /// A hover whose Markdown is `markdown`, about `range`.
    pub fn new(markdown: String, range: TextRange) -> Hover {
        Hover {
            markdown,
            range,
            deal: None,
        }
    }

    /// The hover of a deal: `heading` (if any) then its diagram.
    pub fn of_deal(heading: Option<&str>, diagram: DealDiagram, range: TextRange) -> Hover {
        let drawn = diagram.markdown(None);
        let markdown = match heading {
            Some(heading) => format!("{heading}\n\n{drawn}"),
            None => drawn,
        };
        Hover {
            markdown,
            range,
            deal: Some(diagram),
        }
    }

    /// Draws what the deal makes at double dummy into the diagram of a deal's hover (nothing
    /// for other hovers).
    pub fn add_double_dummy(&mut self, part: &DoubleDummyPart) {
        let Some(diagram) = &self.deal else { return };
        let plain = diagram.markdown(None);
        if let Some(heading) = self.markdown.strip_suffix(&plain) {
            self.markdown = format!("{heading}{}", diagram.markdown(Some(part)));
        }
    }
}

/// The token at `offset`, preferring a meaningful one over trivia at a boundary.
pub(crate) fn token_at(node: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    if offset > node.text_range().end() {
        return None;
    }
    let at = node.token_at_offset(offset);
    let (left, right) = (at.clone().left_biased(), at.right_biased());
    match (left, right) {
        (Some(l), Some(r)) => Some(if r.kind().is_trivia() && !l.kind().is_trivia() {
            l
        } else {
            r
        }),
        (l, r) => l.or(r),
    }
}

/// The hover for the game `node` (rooted at the game's start) at `offset`.
pub fn hover(node: &SyntaxNode, offset: TextSize) -> Option<Hover> {
    let token = token_at(node, offset)?;
    let model = lower(node);
    let range = token.text_range();
    let deal = model
        .map
        .tag("Deal")
        .filter(|t| t.range.contains_inclusive(offset))
        .and_then(|_| diagram(&model));
    let markdown = match token.kind() {
        SyntaxKind::TAG_NAME => tag_hover(&model, &token)?,
        SyntaxKind::CALL => call_hover(&model, range)?,
        SyntaxKind::CARD => card_hover(&model, range)?,
        SyntaxKind::NOTE_REF => note_ref_hover(&model, range)?,
        SyntaxKind::NAG => {
            let n: u32 = token
                .text()
                .trim_start_matches('$')
                .parse()
                .unwrap_or(u32::MAX);
            format!("**NAG {}**: {}", token.text(), nag_meaning(n))
        }
        SyntaxKind::SUFFIX => format!(
            "**{}**: {}",
            token.text(),
            suffix_meaning(token.text()).unwrap_or("annotation")
        ),
        SyntaxKind::IRREGULARITY => irregularity(token.text()).to_string(),
        _ => value_hover(&model, &token)?,
    };
    Some(Hover {
        markdown,
        range,
        deal,
    })
}

fn irregularity(mark: &str) -> &'static str {
    match mark {
        "^I" => "**^I**: the next bid is insufficient and was accepted.",
        "^S" => "**^S**: this player's turn was skipped by a call out of rotation.",
        "^R" => "**^R**: the next card is a revoke that was not noticed in time.",
        "^L" => "**^L**: the next card is a lead out of turn that was accepted.",
        _ => "An irregularity mark.",
    }
}

/// Hover on a tag name: purpose and values, plus the diagram/score/note for some tags.
fn tag_hover(model: &BoardModel, token: &SyntaxToken) -> Option<String> {
    let name = token.text();
    let tag = model
        .map
        .tags
        .iter()
        .find(|t| t.name_range == token.text_range());
    let mut out = match tag_info(name) {
        Some(info) => format!(
            "**{}**{}: {}\n\nValues: {}",
            info.name,
            if info.mandatory { " (mandatory)" } else { "" },
            info.purpose,
            info.values
        ),
        None => match crate::analysis::pbn::tags::producer_tag(name) {
            Some(tag) => format!(
                "**{}**: {}\n\nNot a PBN 2.1 tag; written by {}.",
                tag.name, tag.purpose, tag.written_by
            ),
            None => format!(
                "**{name}**: not a PBN 2.1 tag, nor one Kibitzer knows a program to write; \
                 programs that do not know it skip it."
            ),
        },
    };
    match name {
        // The diagram alone: with the tag's description it would not fit a hover.
        "Deal" => {
            if let Some(diagram) = diagram(model) {
                return Some(diagram.markdown(None));
            }
        }
        "Contract" | "Result" => {
            if let Some(score) = score_text(model) {
                out.push_str("\n\n");
                out.push_str(&score);
            }
        }
        "Note" => {
            if let Some(refs) = tag.and_then(|t| note_referrers(model, t.range)) {
                out.push_str("\n\n");
                out.push_str(&refs);
            }
        }
        _ => {}
    }
    Some(out)
}

/// Hover inside a tag value (or anywhere in a tag): the same as on its name.
fn value_hover(model: &BoardModel, token: &SyntaxToken) -> Option<String> {
    let offset = token.text_range().start();
    let tag = model.map.tags.iter().find(|t| {
        t.range.contains(offset) && t.value_range.is_some_and(|v| v.contains_inclusive(offset))
    })?;
    match tag.name.as_str() {
        "Deal" => diagram(model).map(|d| d.markdown(None)),
        "Contract" | "Result" => score_text(model),
        "Note" => {
            let note = model.map.notes.iter().find(|n| n.range == tag.range)?;
            let mut out = format!("**Note {}**: {}", note.number, note.text);
            if let Some(refs) = note_referrers(model, tag.range) {
                out.push_str("\n\n");
                out.push_str(&refs);
            }
            Some(out)
        }
        name => tag_info(name).map(|info| format!("**{}**: {}", info.name, info.purpose)),
    }
}

/// The calls or cards that refer to the Note tag at `range`.
fn note_referrers(model: &BoardModel, range: TextRange) -> Option<String> {
    let note = model.map.notes.iter().find(|n| n.range == range)?;
    let mut lines = Vec::new();
    match note.section {
        SectionKind::Auction => {
            for call in model.auction_view().iter().flat_map(|a| &a.calls) {
                if call.notes.contains(&note.number) && call.call.is_some() {
                    let who = call
                        .seat
                        .map_or(String::new(), |s| format!(" by {}", s.name()));
                    let what = call.call.map_or("?".to_string(), |c| c.symbolic());
                    let line = format!("- {what}{who}");
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        SectionKind::Play => {
            for card in model.play_view().iter().flat_map(|p| &p.cards) {
                if card.notes.contains(&note.number) {
                    let who = card
                        .seat
                        .map_or(String::new(), |s| format!(" by {}", s.name()));
                    let what = card.card.map_or("?".to_string(), |c| c.symbolic());
                    lines.push(format!("- {what}{who} (trick {})", card.trick + 1));
                }
            }
        }
    }
    if lines.is_empty() {
        Some("Nothing refers to this note.".to_string())
    } else {
        Some(format!("Referred to by:\n{}", lines.join("\n")))
    }
}

pub(crate) fn call_hover(model: &BoardModel, range: TextRange) -> Option<String> {
    let auction = model.auction_view()?;
    let calls: Vec<_> = auction.calls.iter().filter(|c| c.range == range).collect();
    let first = calls.first()?;
    let what = match first.call {
        None => "an unknown call".to_string(),
        Some(_) if calls.len() > 1 => format!("{} passes (all pass)", calls.len()),
        Some(call) => describe_call(call),
    };
    let mut out = format!("**{what}**");
    if let Some(seat) = first.seat {
        out.push_str(&format!(" by {}", seat.name()));
    }
    if let Some(index) = auction.calls.iter().position(|c| c.range == range) {
        out.push_str(&format!(" (call {} of the auction)", index + 1));
    }
    if !first.legal {
        out.push_str("\n\nThis call is not legal here.");
    }
    for number in &first.notes {
        if let Some(note) = model.map.note(SectionKind::Auction, *number) {
            out.push_str(&format!("\n\nNote {number}: {}", note.text));
        }
    }
    Some(out)
}

/// A call in words (`1♠ — a bid of 1 spades (contract for 7 tricks)`).
pub(crate) fn describe_call(call: crate::bridge::Call) -> String {
    use crate::bridge::Call;
    match call {
        Call::Pass => "Pass".to_string(),
        Call::Double => "Double".to_string(),
        Call::Redouble => "Redouble".to_string(),
        Call::Bid(bid) => format!(
            "{} — a bid of {} {} (contract for {} tricks)",
            bid.symbolic(),
            bid.level(),
            bid.denomination().name(),
            bid.tricks_needed()
        ),
    }
}

pub(crate) fn card_hover(model: &BoardModel, range: TextRange) -> Option<String> {
    let play = model.play_view()?;
    let item = play.cards.iter().find(|c| c.range == range)?;
    let what = item
        .card
        .map_or("An unknown card".to_string(), |c| c.symbolic());
    let mut out = format!("**{what}**");
    if let Some(seat) = item.seat {
        out.push_str(&format!(" played by {}", seat.name()));
    }
    out.push_str(&format!("\n\nTrick {}", item.trick + 1));
    if let Some(trick) = play.tricks.get(item.trick) {
        match trick.leader {
            Some(leader) => out.push_str(&format!(", led by {}", leader.name())),
            None => out.push_str(", leader unknown"),
        }
        match trick.winner {
            Some(winner) => out.push_str(&format!(", won by {}", winner.name())),
            None if trick.complete => out.push_str(", winner unknown"),
            None => out.push_str(", not complete"),
        }
        out.push('.');
    }
    for number in &item.notes {
        if let Some(note) = model.map.note(SectionKind::Play, *number) {
            out.push_str(&format!("\n\nNote {number}: {}", note.text));
        }
    }
    Some(out)
}

fn note_ref_hover(model: &BoardModel, range: TextRange) -> Option<String> {
    let reference = model.map.note_refs.iter().find(|r| r.range == range)?;
    Some(match model.map.note(reference.section, reference.number) {
        Some(note) => format!("**Note {}**: {}", note.number, note.text),
        None => format!(
            "**Note {}**: no such note in this section.",
            reference.number
        ),
    })
}

/// The score the Contract and Result give, for the declaring side.
pub(crate) fn score_text(model: &BoardModel) -> Option<String> {
    let contract = match model.contract()? {
        ContractValue::Contract(c) => c,
        ContractValue::Passed => return Some("Passed out: no score.".to_string()),
        ContractValue::TrumpOnly(_) => return None,
    };
    let declarer = model.declarer()?;
    let tricks = model.declarer_tricks();
    Some(score_markdown(
        contract,
        declarer,
        model.vulnerability(),
        tricks,
    ))
}

/// The score of `contract` by `declarer` in Markdown: for `tricks` when known, else what making
/// it exactly would score (notation-neutral: PBN and RBN hovers share it).
pub(crate) fn score_markdown(
    contract: Contract,
    declarer: Seat,
    vulnerability: Option<Vulnerability>,
    tricks: Option<u8>,
) -> String {
    let vulnerable = vulnerability.is_some_and(|v| v.is_vulnerable(declarer));
    let side = if declarer.is_ns() { "NS" } else { "EW" };
    let vul = if vulnerable {
        "vulnerable"
    } else {
        "not vulnerable"
    };
    match tricks {
        Some(tricks) => {
            let score = duplicate_score(contract, vulnerable, tricks);
            let diff = i32::from(tricks) - i32::from(contract.tricks_needed());
            let outcome = match diff {
                0 => "made exactly".to_string(),
                d if d > 0 => format!("made with {d} overtrick{}", if d == 1 { "" } else { "s" }),
                d => format!("down {}", -d),
            };
            format!(
                "**{} by {}**, {vul}: {tricks} tricks, {outcome}.\n\nScore: {side} {score:+}",
                contract.symbolic(),
                declarer.letter()
            )
        }
        None => {
            let score = duplicate_score(contract, vulnerable, contract.tricks_needed());
            format!(
                "**{} by {}**, {vul}: made exactly it scores {side} {score:+}.",
                contract.symbolic(),
                declarer.letter()
            )
        }
    }
}

/// The deal of a PBN game as a compass diagram.
fn diagram(model: &BoardModel) -> Option<DealDiagram> {
    Some(DealDiagram {
        deal: model.map.hands?,
        board: model.map.value("Board").map(str::to_string),
        dealer: model.dealer(),
        vulnerability: model.vulnerability(),
        hidden: model.map.hidden.clone(),
        hidden_source: "Hidden tag",
    })
}

/// The note reference text `=n=` of a token, when it is one.
pub(crate) fn ref_number(token: &SyntaxToken) -> Option<u32> {
    (token.kind() == SyntaxKind::NOTE_REF)
        .then(|| note_ref_number(token.text()))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::{game, GAME};

    fn at(needle: &str, nth: usize) -> TextSize {
        let offset = GAME.match_indices(needle).nth(nth).unwrap().0;
        TextSize::from(offset as u32 + 1)
    }

    #[test]
    fn deal_hover_draws_the_diagram() {
        let node = game(GAME);
        let text = hover(&node, at("[Deal \"", 0)).unwrap().markdown;
        assert!(text.contains("North (dealer) vul · 10 HCP"), "{text}");
        assert!(text.contains("♠ A K Q J"), "{text}");
        assert!(text.contains("♥ 10 9 8"), "{text}");
        assert!(text.contains("West · 10 HCP"), "{text}");
        assert!(text.contains("South vul"), "{text}");
        assert!(!text.contains('T'.to_string().as_str()) || !text.contains("♥ T"));
        let value = hover(&node, at("AKQJ.T98", 0)).unwrap();
        assert!(value.markdown.contains("♣ A K Q J"));
        // The whole hover fits the dozen lines an editor shows before it scrolls.
        assert!(
            text.lines().count() <= 12,
            "{} lines:\n{text}",
            text.lines().count()
        );
    }

    #[test]
    fn call_card_note_and_score_hovers() {
        let node = game(GAME);
        let call = hover(&node, at("1S", 0)).unwrap().markdown;
        assert!(call.contains("1♠") && call.contains("by North"), "{call}");
        assert!(call.contains("Note 1: five cards"), "{call}");
        let double = hover(&node, at(" X", 0)).unwrap().markdown;
        assert!(double.contains("Double** by West"), "{double}");
        let card = hover(&node, at("HA", 0)).unwrap().markdown;
        assert!(card.contains("Trick 2, led by East, won by West"), "{card}");
        let note = hover(&node, at("Note \"1", 0)).unwrap().markdown;
        assert!(note.contains("- 1♠ by North"), "{note}");
        let reference = hover(&node, at("=1=", 0)).unwrap().markdown;
        assert!(reference.contains("five cards"));
        let contract = hover(&node, at("Contract", 0)).unwrap().markdown;
        // 4♠X by N vulnerable, 10 tricks: 790.
        assert!(contract.contains("NS +790"), "{contract}");
    }

    #[test]
    fn tags_programs_write_are_described_and_others_told_apart() {
        let text = "[Board \"1\"]\n[BCFlags \"1f\"]\n[Minimax \"2NW-120\"]\n[MyTag \"x\"]\n";
        let node = game(text);
        let on = |name: &str| {
            let offset = text.find(name).unwrap() + 1;
            hover(&node, TextSize::from(offset as u32))
                .unwrap()
                .markdown
        };
        let flags = on("BCFlags");
        assert!(
            flags.contains("BridgeComposer") && flags.contains("Not a PBN 2.1 tag"),
            "{flags}"
        );
        assert!(on("Minimax").contains("Big Deal"));
        let mine = on("MyTag");
        assert!(mine.contains("not a PBN 2.1 tag, nor one"), "{mine}");
    }
}
