//! What a formatted file must keep: the analysed model of every game, what `check` reports on it,
//! and every comment.
//!
//! A file is read piece by piece (games and comment-only chunks; blank lines are not pieces).
//! Each game is run through the analysis ([`check_game`], with inheritance carried from game to
//! game) and its model is reduced to what the text means, independent of its spelling and
//! layout: tag values through the analysis readers (`n` = `N`, `Both` = `All`, `NS 9 EW 4` =
//! declarer's 9), the deal as hands by seat, the calls with their seats and annotations (suffixes
//! as the NAGs they stand for, NAGs as a set, `AP` as the passes it stands for), the cards by
//! trick and seat, the notes of each section, the cells of each table. [`compare`] then holds the
//! formatter's output to its input.

use std::collections::{BTreeMap, BTreeSet};

use kibitzer::analysis::text_checks::{check_final_newline, check_piece_text, declares_export};
use kibitzer::analysis::{check_game, check_text, syntax_diagnostic, CheckOptions, GameReport};
use kibitzer::bridge::{Call, Contract, Deal, Denomination, Seat, Vulnerability};
use kibitzer::diagnostic::Diagnostic;
use kibitzer::model::board::annotations::Annotations;
use kibitzer::model::board::auction::AuctionModel;
use kibitzer::model::board::irregularity::Irregularity;
use kibitzer::model::board::play::{PlayModel, SlotKind};
use kibitzer::model::values::{
    read_contract, read_result, read_seat, read_vulnerable, ContractValue,
};
use kibitzer::model::Inheritance;
use kibitzer::syntax::pbn::ast::{Game, TagPair};
use kibitzer::syntax::{Parse, SyntaxKind, SyntaxNode};

/// Codes that formatting may make disappear (never appear), with why.
pub const MAY_DISAPPEAR: &[(&str, &str)] = &[
    ("S006", "long lines are wrapped"),
    ("S011", "the last line gets its line end"),
    ("T108", "tags are put in export order"),
    (
        "D206",
        "the Deal is written from the dealer with descending ranks",
    ),
    ("A306", "an auction that stops early gets its `*`"),
    (
        "A301",
        "the standard's call words in another case are respelled (`PASS` → `Pass`)",
    ),
];

/// A call as the analysis reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallMeaning {
    seat: Option<Seat>,
    call: Call,
    standard_spelling: bool,
    legal: bool,
    marks: Vec<Irregularity>,
    note: Option<u32>,
    nags: BTreeSet<u32>,
}

/// An auction as the analysis reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionMeaning {
    dealer: Option<Seat>,
    calls: Vec<CallMeaning>,
    skipped: Vec<Option<Seat>>,
    finished: bool,
    passed_out: bool,
    contract: Option<Contract>,
    declarer: Option<Seat>,
    plus: bool,
    /// No further calls follow: `*`, or an unfinished auction without `+` (which export format
    /// writes with `*`).
    stops: bool,
}

/// One column of a trick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardMeaning {
    seat: Seat,
    kind: SlotKind,
    standard_spelling: bool,
    played: bool,
    marks: Vec<Irregularity>,
    note: Option<u32>,
    nags: BTreeSet<u32>,
}

/// A trick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrickMeaning {
    number: usize,
    leader: Option<Seat>,
    cards: Vec<CardMeaning>,
    winner: Option<Seat>,
    complete: bool,
}

/// A play as the analysis reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayMeaning {
    first_seat: Option<Seat>,
    opening_leader: Option<Seat>,
    declarer: Option<Seat>,
    denomination: Option<Denomination>,
    total_tricks: usize,
    end_position: bool,
    tricks: Vec<TrickMeaning>,
    declarer_tricks: u8,
    defender_tricks: u8,
    complete: bool,
    plus: bool,
    /// No further cards follow an unfinished play: `*`, or no `+`. (After the last card a `*`
    /// says nothing more: the export closes an end position's whole play with one.)
    stops: bool,
}

/// What one game means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMeaning {
    /// Tag name → the meaning of each of its values, in text order (duplicates included: which
    /// one counts depends on their order).
    tags: BTreeMap<String, Vec<String>>,
    dealer: Option<Seat>,
    vulnerability: Option<Vulnerability>,
    deal: Option<Deal>,
    deal_is_valid: bool,
    auction: Option<AuctionMeaning>,
    play: Option<PlayMeaning>,
    /// Per Auction or Play section: its notes' values, sorted.
    notes: Vec<(String, Vec<String>)>,
    /// Per supplemental section (stable-sorted by name): name, value, cells.
    tables: Vec<(String, String, Vec<String>)>,
}

/// One piece of a file as the comparison sees it.
#[derive(Debug, Clone)]
pub struct PieceView {
    /// The game's meaning; `None` for a comment-only chunk.
    pub game: Option<GameMeaning>,
    /// Codes `check` reports inside the piece, with counts.
    pub codes: BTreeMap<&'static str, usize>,
    /// Comment and escape-line texts, line ends made `\n`, with counts.
    pub comments: BTreeMap<String, usize>,
    /// Where the piece starts in the text.
    pub start: usize,
}

/// A whole file as the comparison sees it.
#[derive(Debug, Clone)]
pub struct FileView {
    /// The pieces that are not blank lines, in order.
    pub pieces: Vec<PieceView>,
    /// Codes reported outside every piece (a missing final line end).
    pub file_codes: BTreeMap<&'static str, usize>,
    /// Syntax errors in the whole file.
    pub syntax_errors: usize,
}

fn nag_set(annotations: &Annotations, on_card: bool) -> BTreeSet<u32> {
    let mut set: BTreeSet<u32> = annotations.nags.iter().map(|n| n.value).collect();
    if let Some(n) = annotations.suffix.as_ref().and_then(|s| s.nag(on_card)) {
        set.insert(n);
    }
    set
}

fn auction_meaning(model: &AuctionModel) -> AuctionMeaning {
    let mut calls: Vec<CallMeaning> = model
        .calls
        .iter()
        .map(|entry| CallMeaning {
            seat: entry.seat,
            call: entry.call,
            standard_spelling: entry.standard_spelling,
            legal: entry.legal,
            marks: entry.marks.iter().map(|m| m.kind).collect(),
            note: entry.annotations.note.map(|n| n.index),
            nags: nag_set(&entry.annotations, false),
        })
        .collect();
    if model.all_pass.is_some() {
        // `AP` stands for the passes that end the auction.
        let active = calls.iter().any(|c| c.call != Call::Pass);
        let trailing = calls
            .iter()
            .rev()
            .take_while(|c| c.call == Call::Pass)
            .count();
        let needed = if active { 3 } else { 4 };
        let mut seat = calls.last().and_then(|c| c.seat.map(|s| s.next()));
        if calls.is_empty() {
            seat = model.dealer;
        }
        for i in trailing..needed {
            calls.push(CallMeaning {
                seat,
                call: Call::Pass,
                standard_spelling: true,
                legal: true,
                marks: Vec::new(),
                note: None,
                nags: if i + 1 == needed {
                    nag_set(&model.all_pass_annotations, false)
                } else {
                    BTreeSet::new()
                },
            });
            seat = seat.map(Seat::next);
        }
    }
    AuctionMeaning {
        dealer: model.dealer,
        calls,
        skipped: model.skipped.iter().map(|s| s.seat).collect(),
        finished: model.finished,
        passed_out: model.passed_out,
        contract: model.contract,
        declarer: model.declarer,
        plus: model.end.plus.is_some(),
        stops: model.end.star.is_some() || (!model.finished && model.end.plus.is_none()),
    }
}

fn play_meaning(model: &PlayModel) -> PlayMeaning {
    PlayMeaning {
        first_seat: model.head.seat,
        opening_leader: model.opening_leader,
        declarer: model.declarer,
        denomination: model.denomination,
        total_tricks: model.total_tricks,
        end_position: model.end_position,
        tricks: model
            .tricks
            .iter()
            .map(|trick| TrickMeaning {
                number: trick.number,
                leader: trick.leader,
                cards: trick
                    .cards
                    .iter()
                    .map(|slot| CardMeaning {
                        seat: slot.seat,
                        kind: slot.kind,
                        standard_spelling: slot.standard_spelling,
                        played: slot.played,
                        marks: slot.marks().iter().map(|m| m.kind).collect(),
                        note: slot.annotations().note.map(|n| n.index),
                        nags: nag_set(slot.annotations(), true),
                    })
                    .collect(),
                winner: trick.winner,
                complete: trick.complete,
            })
            .collect(),
        declarer_tricks: model.declarer_tricks,
        defender_tricks: model.defender_tricks,
        complete: model.complete,
        plus: model.end.plus.is_some(),
        stops: !model.complete && (model.end.star.is_some() || model.end.plus.is_none()),
    }
}

/// A seat value (`n`, `North`, `^s`) as its letter; the text itself when unreadable.
fn seat_meaning(value: &str) -> String {
    let (caret, body) = match value.strip_prefix('^') {
        Some(rest) => ("^", rest),
        None => ("", value),
    };
    match read_seat(body) {
        Some(r) => format!("{caret}{}", r.value.letter()),
        None => value.to_string(),
    }
}

fn tag_meaning(
    name: &str,
    value: &str,
    declarer: Option<Seat>,
    first_deal: &mut Option<String>,
) -> String {
    if value.starts_with('#') {
        return value.to_string();
    }
    match name {
        "Dealer" | "Declarer" => seat_meaning(value),
        "Vulnerable" if !value.is_empty() => read_vulnerable(value)
            .map(|r| format!("{:?}", r.value))
            .unwrap_or_else(|| value.to_string()),
        "Contract" => read_contract(value)
            .map(|r| format!("{:?}", r.value))
            .unwrap_or_else(|| value.to_string()),
        "Result" => match read_result(value) {
            Some(r) => match r.value.declarer_tricks(declarer) {
                Some(n) => format!("{}{n}", if r.value.irregular { "^" } else { "" }),
                None => value.to_string(),
            },
            None => value.to_string(),
        },
        // An empty Deal and `?` both give no deal (export writes `?`, as the reference does).
        "Deal" if value.trim().is_empty() => {
            first_deal.take();
            "?".to_string()
        }
        // The first Deal is compared through the analysis's deal; later (ignored) ones by hands.
        "Deal" => first_deal
            .take()
            .unwrap_or_else(|| hands_by_seat(value).unwrap_or_else(|| value.to_string())),
        _ => value.to_string(),
    }
}

/// A Deal's hands by seat (N, E, S, W), each with its ranks sorted; `None` when not readable.
fn hands_by_seat(value: &str) -> Option<String> {
    let (first, rest) = value.split_once(':')?;
    let first = read_seat(first)?.value;
    let hands: Vec<&str> = rest.split(' ').collect();
    if hands.len() != 4 {
        return None;
    }
    let mut by_seat = vec![String::new(); 4];
    for (i, hand) in hands.iter().enumerate() {
        let suits: Vec<String> = hand
            .split('.')
            .map(|ranks| {
                let mut ranks: Vec<char> = ranks.chars().map(|c| c.to_ascii_uppercase()).collect();
                ranks.sort_unstable();
                ranks.into_iter().collect()
            })
            .collect();
        by_seat[first.offset(i).index()] = suits.join(".");
    }
    Some(by_seat.join(" "))
}

fn is_top_level(pair: &TagPair) -> bool {
    pair.syntax()
        .parent()
        .is_some_and(|p| p.kind() == SyntaxKind::GAME)
}

fn game_meaning(game: &Game, report: &GameReport) -> GameMeaning {
    let context = &report.board.context;
    let declarer = context.declarer_seat();
    let mut first_deal = Some(match &context.deal {
        Some(deal) => format!("{deal:?}"),
        None => context
            .deal_tag
            .as_ref()
            .map(|t| t.text.clone())
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| "?".to_string()),
    });
    let mut tags: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for pair in game.tag_pairs().filter(is_top_level) {
        let name = pair.name();
        // A Note after an Auction or Play belongs to it (read with its notes below).
        if name == "Note" && pair.follows_a_section() {
            continue;
        }
        let value = pair.value().unwrap_or_default();
        let meaning = tag_meaning(&name, &value, declarer, &mut first_deal);
        tags.entry(name).or_default().push(meaning);
    }
    let mut notes = Vec::new();
    let mut tables = Vec::new();
    for section in game.sections() {
        let tag = section.tag();
        let name = tag.as_ref().map(TagPair::name).unwrap_or_default();
        match section.kind() {
            SyntaxKind::AUCTION_SECTION | SyntaxKind::PLAY_SECTION => {
                let mut values: Vec<String> = section
                    .notes()
                    .map(|n| n.value().unwrap_or_default())
                    .collect();
                values.sort();
                notes.push((name, values));
            }
            _ => {
                let value = tag.and_then(|t| t.value()).unwrap_or_default();
                let cells = section.data().map(|t| table_cell(t.text())).collect();
                tables.push((name, value, cells));
            }
        }
    }
    notes.sort();
    tables.sort_by(|a, b| a.0.cmp(&b.0));
    /// A table cell's meaning: Bridgewebs' `3D*` is PBN's `3DX`.
    fn table_cell(text: &str) -> String {
        let bare = text.trim_end_matches('*');
        let stars = text.len() - bare.len();
        let contract = bare.trim_start_matches('^');
        let is_contract = matches!(contract.as_bytes().first(), Some(b'1'..=b'7'))
            && matches!(&contract[1..], "C" | "D" | "H" | "S" | "NT");
        if (1..=2).contains(&stars) && is_contract {
            format!("{bare}{}", "X".repeat(stars))
        } else {
            text.to_string()
        }
    }
    GameMeaning {
        tags,
        dealer: context.dealer,
        vulnerability: context.vulnerability,
        deal: context.deal,
        deal_is_valid: context.deal_is_valid,
        auction: report.board.auction.as_ref().map(auction_meaning),
        play: report.board.play.as_ref().map(play_meaning),
        notes,
        tables,
    }
}

fn comments(node: &SyntaxNode) -> BTreeMap<String, usize> {
    let mut map = BTreeMap::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if token.kind().is_comment() || token.kind() == SyntaxKind::ESCAPE_LINE {
            let text = token.text().replace("\r\n", "\n").replace('\r', "\n");
            *map.entry(text).or_insert(0) += 1;
        }
    }
    map
}

/// Reads a file: every piece's meaning, codes and comments.
///
/// The codes are what `check` reports, gathered piece by piece as `check_text` does (syntax
/// errors, the text checks, the game analysis, the final line end) so that each game is
/// analysed once; [`check_text_codes`] gives the same codes the plain way, for a test that
/// holds the two together.
pub fn view(text: &str, options: &CheckOptions) -> FileView {
    let parse = Parse::new(text);
    // `check` turns export rules on for a file that declares `% EXPORT`; so must the models.
    let options = CheckOptions {
        export: options.export || declares_export(text),
        ..CheckOptions::default()
    };
    let errors = parse.errors();
    let mut pieces = Vec::new();
    let mut inherited = Inheritance::default();
    for (index, child) in parse.children().iter().enumerate() {
        let Some(green) = child.as_node() else {
            continue;
        };
        let Some(range) = parse.child_range(index) else {
            continue;
        };
        let (start, end) = (usize::from(range.start()), usize::from(range.end()));
        let is_last = index + 1 == parse.children().len();
        let mut diagnostics: Vec<Diagnostic> = errors
            .iter()
            .filter(|e| {
                let at = usize::from(e.range.start());
                at >= start && (at < end || is_last)
            })
            .map(syntax_diagnostic)
            .collect();
        let node = SyntaxNode::new_root(green.clone());
        check_piece_text(&text[start..end], Some(&node), &mut diagnostics);
        let game = Game::cast(node.clone()).map(|game| {
            let report = check_game(&game, &inherited, &options);
            inherited = report.inherited.clone();
            diagnostics.extend(report.diagnostics.iter().cloned());
            game_meaning(&game, &report)
        });
        let mut codes = BTreeMap::new();
        for diagnostic in &diagnostics {
            *codes.entry(diagnostic.code.as_str()).or_insert(0) += 1;
        }
        pieces.push(PieceView {
            game,
            codes,
            comments: comments(&node),
            start,
        });
    }
    let mut final_newline = Vec::new();
    check_final_newline(text, 0, &mut final_newline);
    let mut file_codes = BTreeMap::new();
    for diagnostic in &final_newline {
        *file_codes.entry(diagnostic.code.as_str()).or_insert(0) += 1;
    }
    FileView {
        pieces,
        file_codes,
        syntax_errors: parse.errors().len(),
    }
}

/// Every code `check_text` reports on a file, with counts.
pub fn check_text_codes(text: &str, options: &CheckOptions) -> BTreeMap<&'static str, usize> {
    let report = check_text(text, &Parse::new(text), options);
    let mut codes = BTreeMap::new();
    for diagnostic in &report.diagnostics {
        *codes.entry(diagnostic.code.as_str()).or_insert(0) += 1;
    }
    codes
}

/// All codes of a view, with counts.
pub fn all_codes(view: &FileView) -> BTreeMap<&'static str, usize> {
    let mut codes = view.file_codes.clone();
    for piece in &view.pieces {
        for (code, count) in &piece.codes {
            *codes.entry(code).or_insert(0) += count;
        }
    }
    codes
}

/// The header lines export mode may add to the first piece.
const HEADER: [&str; 3] = ["% PBN 2.1", "% EXPORT", "%"];

fn codes_problem(
    before: &BTreeMap<&'static str, usize>,
    after: &BTreeMap<&'static str, usize>,
    export: bool,
) -> Option<String> {
    let mut problems = Vec::new();
    for (code, &count) in after {
        let was = before.get(code).copied().unwrap_or(0);
        if count > was {
            problems.push(format!("{code} new ({was} → {count})"));
        }
    }
    for (code, &was) in before {
        let count = after.get(code).copied().unwrap_or(0);
        // Export mode adds the missing mandatory tags (T106), as `?` where unknown, and a Play
        // section's Declarer and Contract given as `?` count as given (T107).
        let added = export && matches!(*code, "T106" | "T107");
        let may = MAY_DISAPPEAR.iter().any(|(c, _)| c == code) || added;
        if count < was && !may {
            problems.push(format!("{code} disappeared ({was} → {count})"));
        }
    }
    (!problems.is_empty()).then(|| problems.join(", "))
}

/// Everything the output lost or changed compared with the input, one line per problem (empty
/// when it kept everything). `export`: the output was written with `--export`, so it may start
/// with the `% PBN 2.1` / `% EXPORT` / `%` header.
pub fn compare(before: &FileView, after: &FileView, export: bool) -> Vec<String> {
    let mut problems = Vec::new();
    if after.syntax_errors > before.syntax_errors {
        problems.push(format!(
            "syntax errors: {} → {}",
            before.syntax_errors, after.syntax_errors
        ));
    }
    if before.pieces.len() != after.pieces.len() {
        problems.push(format!(
            "pieces: {} → {}",
            before.pieces.len(),
            after.pieces.len()
        ));
        return problems;
    }
    if let Some(p) = codes_problem(&before.file_codes, &after.file_codes, export) {
        problems.push(format!("file: check codes: {p}"));
    }
    for (index, (b, a)) in before.pieces.iter().zip(&after.pieces).enumerate() {
        let what = format!("piece {} (input offset {})", index + 1, b.start);
        match (&b.game, &a.game) {
            (Some(bg), Some(ag)) => {
                // A call the formatter respells (`PASS` → `Pass`) means the same.
                for difference in differences(&respelled(bg), &respelled(ag), export) {
                    problems.push(format!("{what}: {difference}"));
                }
            }
            (None, None) => {}
            _ => problems.push(format!("{what}: a game became a comment chunk or back")),
        }
        if let Some(p) = codes_problem(&b.codes, &a.codes, export) {
            problems.push(format!("{what}: check codes: {p}"));
        }
        let mut after_comments = a.comments.clone();
        let mut before_comments = b.comments.clone();
        if export {
            // Strict export leaves out the empty lines inside comments, as the reference does.
            before_comments = without_blank_lines(&before_comments);
            after_comments = without_blank_lines(&after_comments);
        }
        if export && index == 0 {
            for line in HEADER {
                let was = before_comments.get(line).copied().unwrap_or(0);
                if let Some(count) = after_comments.get_mut(line) {
                    if *count > was {
                        *count -= 1;
                    }
                }
            }
            after_comments.retain(|_, n| *n > 0);
        }
        if before_comments != after_comments {
            let lost: Vec<&String> = before_comments
                .iter()
                .filter(|(c, n)| after_comments.get(*c).is_none_or(|m| m < n))
                .map(|(c, _)| c)
                .collect();
            let added: Vec<&String> = after_comments
                .iter()
                .filter(|(c, n)| before_comments.get(*c).is_none_or(|m| m < n))
                .map(|(c, _)| c)
                .collect();
            problems.push(format!(
                "{what}: comments changed: lost {lost:?}, added {added:?}"
            ));
        }
    }
    problems
}

/// What the games of two versions of a file mean differently, one line per difference (the
/// codes `check` reports are not compared: fixes make findings disappear on purpose).
pub fn compare_meaning(before: &FileView, after: &FileView) -> Vec<String> {
    if before.pieces.len() != after.pieces.len() {
        return vec![format!(
            "pieces: {} → {}",
            before.pieces.len(),
            after.pieces.len()
        )];
    }
    let mut problems = Vec::new();
    for (index, (b, a)) in before.pieces.iter().zip(&after.pieces).enumerate() {
        let what = format!("piece {} (input offset {})", index + 1, b.start);
        match (&b.game, &a.game) {
            (Some(bg), Some(ag)) => problems.extend(
                differences(&respelled(bg), &respelled(ag), false)
                    .into_iter()
                    .map(|d| format!("{what}: {d}")),
            ),
            (None, None) => {}
            _ => problems.push(format!("{what}: a game became a comment chunk or back")),
        }
    }
    problems
}

/// A meaning with every call and card taken as spelled the standard way (what a fix that
/// respells changes).
fn respelled(game: &GameMeaning) -> GameMeaning {
    let mut game = game.clone();
    if let Some(auction) = &mut game.auction {
        auction
            .calls
            .iter_mut()
            .for_each(|c| c.standard_spelling = true);
    }
    if let Some(play) = &mut game.play {
        for trick in &mut play.tricks {
            trick
                .cards
                .iter_mut()
                .for_each(|c| c.standard_spelling = true);
        }
    }
    game
}

/// The first place two lists differ, shown briefly.
fn list_difference<T: std::fmt::Debug + PartialEq>(before: &[T], after: &[T]) -> String {
    let at = before
        .iter()
        .zip(after)
        .position(|(b, a)| b != a)
        .unwrap_or(before.len().min(after.len()));
    format!(
        "lengths {} → {}, first difference at {at}: {:?} → {:?}",
        before.len(),
        after.len(),
        before.get(at),
        after.get(at)
    )
}

/// Comments with the empty lines inside them left out.
fn without_blank_lines(comments: &BTreeMap<String, usize>) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (text, n) in comments {
        let kept: Vec<&str> = text
            .split('\n')
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| !l.is_empty())
            .collect();
        *out.entry(kept.join("\n")).or_default() += n;
    }
    out
}

/// Whether export mode may have added this tag with this meaning (a missing mandatory tag).
fn added_by_export(name: &str, meanings: &[String]) -> bool {
    let passed = format!("{:?}", ContractValue::Passed);
    kibitzer::model::tags::MANDATORY_TAGS.contains(&name)
        && matches!(meanings, [m] if m == "?" || m.is_empty() || (name == "Contract" && *m == passed))
}

/// The differences between two meanings of one game, one line each.
fn differences(before: &GameMeaning, after: &GameMeaning, export: bool) -> Vec<String> {
    let mut out = Vec::new();
    let names: BTreeSet<&String> = before.tags.keys().chain(after.tags.keys()).collect();
    for name in names {
        let (b, a) = (before.tags.get(name), after.tags.get(name));
        if b == a {
            continue;
        }
        if export && b.is_none() && a.is_some_and(|a| added_by_export(name, a)) {
            continue;
        }
        // Strict export writes a missing Declarer, and a missing or empty Contract, as the
        // auction gives them (the reference harness checks the values).
        let unknown_before = b.is_none()
            || name == "Contract" && b.is_some_and(|b| matches!(b.as_slice(), [v] if v.is_empty()));
        if export
            && unknown_before
            && matches!(name.as_str(), "Contract" | "Declarer")
            && a.is_some_and(|a| a.len() == 1)
        {
            continue;
        }
        out.push(format!("tag {name}: {b:?} → {a:?}"));
    }
    if before.dealer != after.dealer {
        out.push(format!("dealer: {:?} → {:?}", before.dealer, after.dealer));
    }
    if before.vulnerability != after.vulnerability {
        out.push(format!(
            "vulnerability: {:?} → {:?}",
            before.vulnerability, after.vulnerability
        ));
    }
    if (before.deal, before.deal_is_valid) != (after.deal, after.deal_is_valid) {
        out.push("deal changed".to_string());
    }
    match (&before.auction, &after.auction) {
        (Some(b), Some(a)) if b != a => {
            if b.calls != a.calls {
                out.push(format!("calls: {}", list_difference(&b.calls, &a.calls)));
            }
            let strip = |m: &AuctionMeaning| AuctionMeaning {
                calls: Vec::new(),
                ..m.clone()
            };
            if strip(b) != strip(a) {
                out.push(format!("auction: {:?} → {:?}", strip(b), strip(a)));
            }
        }
        (Some(b), None) if export && b.calls.is_empty() => {}
        (b, a) if b.is_some() != a.is_some() => out.push("auction appeared or vanished".into()),
        _ => {}
    }
    match (&before.play, &after.play) {
        (Some(b), Some(a)) if b != a => {
            if b.tricks != a.tricks {
                out.push(format!("tricks: {}", list_difference(&b.tricks, &a.tricks)));
            }
            let strip = |m: &PlayMeaning| PlayMeaning {
                tricks: Vec::new(),
                ..m.clone()
            };
            if strip(b) != strip(a) {
                out.push(format!("play: {:?} → {:?}", strip(b), strip(a)));
            }
        }
        // Strict export leaves out a Play with no card (`[Play "W"]` and `*`), as the reference.
        (Some(b), None) if export && b.tricks.iter().all(|t| t.cards.is_empty()) => {}
        (b, a) if b.is_some() != a.is_some() => out.push("play appeared or vanished".into()),
        _ => {}
    }
    // (The notes of a section left out for being empty: none.)
    let kept_notes = |notes: &[(String, Vec<String>)]| -> Vec<(String, Vec<String>)> {
        notes
            .iter()
            .filter(|(_, n)| !export || !n.is_empty())
            .cloned()
            .collect()
    };
    if kept_notes(&before.notes) != kept_notes(&after.notes) {
        out.push(format!(
            "notes: {}",
            list_difference(&before.notes, &after.notes)
        ));
    }
    if before.tables != after.tables {
        out.push(format!(
            "tables: {}",
            list_difference(&before.tables, &after.tables)
        ));
    }
    out
}
