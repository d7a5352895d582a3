//! Checking one PBN game: its tags (names, values, order, inheritance, the export rules), the
//! board read from them, and the calls into the deal, auction, play, notes, tables and
//! cross-checks every notation shares. [`check_game`] works on one game rooted at its own start;
//! `file` runs it over a whole file.

use crate::diagnostic::Code;
use rowan::NodeOrToken;

use super::sections;
use super::tables::{check_section_comments, check_table, is_table};
use super::tags::{check_value, closest_known, is_known, mandatory_index, unusual_parts};
use crate::analysis::cross::{CrossTags, Value};
use crate::analysis::double_dummy::{check_double_dummy, DoubleDummyGame, Solutions, WrittenValue};
use crate::analysis::notes::{check_section_notes, misplaced_note};
use crate::analysis::rules::{judge, Judged};
use crate::diagnostic::Diagnostic;
use crate::model::board::context::{BoardModel, GameContext, KeyTags, TagValue};
use crate::model::board::tag_entries::{read_tag_entries, TagEntry, ValueOrigin};
use crate::model::tags::{Inheritance, MANDATORY_TAGS};
use crate::syntax::pbn::ast::{Game, Section, SectionParts, TagPair};
use crate::syntax::{SyntaxKind, TextRange};

/// How strictly to check.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Hold the file to export format as well (also switched on by `% EXPORT` in the file).
    pub export: bool,
    /// Check the double-dummy results games carry against these solutions (opt-in: solving
    /// is slow, so the caller decides when and where it happens).
    pub double_dummy: Option<Solutions>,
}

/// What checking one game gives.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The problems found, with ranges relative to the game's start.
    pub diagnostics: Vec<Diagnostic>,
    /// The inheritance state for the next game.
    pub inherited: Inheritance,
    /// The game's model, as the rules judged it.
    pub board: BoardModel,
}

/// Checks one game (a tree rooted at the game, so ranges are relative to its start).
pub fn check_game(game: &Game, inherited: &Inheritance, options: &CheckOptions) -> GameReport {
    let mut diagnostics = Vec::new();
    let board = analyze_game(game, inherited, options, &mut diagnostics);
    let mut next = inherited.clone();
    next.advance(game);
    GameReport {
        diagnostics,
        inherited: next,
        board,
    }
}

/// The descriptive value of a tag that counts, for the cross-checks.
fn cross(entry: &TagEntry) -> Option<Value<'_>> {
    if entry.ignored() {
        return None;
    }
    Some(Value {
        text: entry.resolved()?,
        range: entry.written.as_ref()?.1,
    })
}

/// A tag the game-level checks look up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Dealer,
    Vulnerable,
    Declarer,
    Contract,
    Result,
    Deal,
    Board,
    Score,
    Scoring,
    ScoreRubberHistory,
    OptimumScore,
    ParContract,
    DoubleDummyTricks,
}

impl Key {
    /// How many keys there are (the last one's slot and one).
    const COUNT: usize = Key::DoubleDummyTricks as usize + 1;

    /// The key of a tag name, if the checks look it up.
    fn of(name: &str) -> Option<Key> {
        Some(match name {
            "Dealer" => Key::Dealer,
            "Vulnerable" => Key::Vulnerable,
            "Declarer" => Key::Declarer,
            "Contract" => Key::Contract,
            "Result" => Key::Result,
            "Deal" => Key::Deal,
            "Board" => Key::Board,
            "Score" => Key::Score,
            "Scoring" => Key::Scoring,
            "ScoreRubberHistory" => Key::ScoreRubberHistory,
            "OptimumScore" => Key::OptimumScore,
            "ParContract" => Key::ParContract,
            "DoubleDummyTricks" => Key::DoubleDummyTricks,
            _ => return None,
        })
    }
}

/// The entry of each tag the game-level checks look up, found in one pass.
struct KeyEntries<'e> {
    found: [Option<&'e TagEntry>; Key::COUNT],
}

impl<'e> KeyEntries<'e> {
    /// The first entry of each name that is neither ignored nor a section note, found in one
    /// pass instead of one scan of the entries per lookup.
    fn new(entries: &'e [TagEntry]) -> KeyEntries<'e> {
        let mut found = [None; Key::COUNT];
        for entry in entries.iter().filter(|e| !e.ignored() && !e.section_note) {
            if let Some(key) = Key::of(entry.name()) {
                if let Some(slot @ None) = found.get_mut(key as usize) {
                    *slot = Some(entry);
                }
            }
        }
        KeyEntries { found }
    }

    /// The entry for `key`.
    fn get(&self, key: Key) -> Option<&'e TagEntry> {
        self.found.get(key as usize).copied().flatten()
    }
}

/// The game-level analysis behind [`check_game`].
pub(super) fn analyze_game(
    game: &Game,
    inherited: &Inheritance,
    options: &CheckOptions,
    out: &mut Vec<Diagnostic>,
) -> BoardModel {
    let parts = GameParts::of(game);
    let entries = collect_tags(&parts.tag_pairs, inherited, out);
    let tags = KeyEntries::new(&entries);
    let mut board = read_context(&entries, options.export, out);
    read_sections_checked(&parts.sections, &mut board, out);
    for entry in &entries {
        let top_level = entry
            .pair
            .syntax()
            .parent()
            .is_some_and(|p| p.kind() == SyntaxKind::GAME);
        if entry.name() == "Note" && top_level && !entry.pair.follows_a_section() {
            misplaced_note(&entry.pair, out);
        }
    }
    let judged = Judged {
        board: &board,
        tags: cross_tags(&tags, inherited),
    };
    judge(&judged, out);
    if let Some(solutions) = &options.double_dummy {
        check_game_double_dummy(game, &tags, &board.context, solutions, out);
    }
    if options.export {
        export_checks(&entries, inherited, out);
    }
    board
}

/// The game's model with what the key tags say and the Deal read (the problems of reading it
/// reported; the rules judge it later).
fn read_context(entries: &[TagEntry], export: bool, out: &mut Vec<Diagnostic>) -> BoardModel {
    let keys = KeyTags::of_entries(entries);
    let mut misreadings = Vec::new();
    let board = BoardModel::from_key_tags(keys, export, &mut misreadings);
    crate::analysis::misreading::report(&misreadings, out);
    board
}

/// What the check reads of a game's children, found in one walk over them: every tag pair in
/// text order (those inside sections included) and each section with its parts. A section's
/// children are mostly calls or cards, so it is walked once here for its tags and note
/// references, not once for each.
struct GameParts {
    tag_pairs: Vec<TagPair>,
    sections: Vec<(Section, SectionParts)>,
}

impl GameParts {
    fn of(game: &Game) -> GameParts {
        let mut parts = GameParts {
            tag_pairs: Vec::with_capacity(24),
            sections: Vec::with_capacity(4),
        };
        for child in game.syntax().children() {
            if let Some(section) = Section::cast(child.clone()) {
                let own = section.parts();
                parts.tag_pairs.extend(own.tag_pairs.iter().cloned());
                parts.sections.push((section, own));
            } else if let Some(pair) = TagPair::cast(child) {
                parts.tag_pairs.push(pair);
            }
        }
        parts
    }
}

/// Reads each section: the Auction and Play into the board's model (the rules judge them
/// later), tables, and what stands in the others.
fn read_sections_checked(
    sections: &[(Section, SectionParts)],
    board: &mut BoardModel,
    out: &mut Vec<Diagnostic>,
) {
    for (section, parts) in sections {
        let Some(tag) = section.tag() else { continue };
        let name = tag.name();
        let name_range = tag.name_range_or_pair();
        match section.kind() {
            SyntaxKind::AUCTION_SECTION => {
                if !filled(&board.context.dealer_tag) {
                    out.push(Diagnostic::new(
                        Code::T107,
                        name_range,
                        "an Auction section needs the Dealer tag: the game has no dealer",
                    ));
                }
                sections::read(section, board, out);
                check_section_notes(section, parts, out);
            }
            SyntaxKind::PLAY_SECTION => {
                let context = &board.context;
                // A passed-out board has no declarer (GIB writes `[Declarer ""]`, `[Contract
                // "Pass"]` and an empty `[Play "W"]` and `*`): nothing was played.
                let passed_out = matches!(
                    context.contract,
                    Some(crate::model::values::ContractValue::Passed)
                );
                let missing: Vec<&str> = [
                    ("Deal", filled(&context.deal_tag)),
                    // An end position needs no declarer: the Play tag names the leader.
                    (
                        "Declarer",
                        filled(&context.declarer_tag) || context.is_end_position() || passed_out,
                    ),
                    ("Contract", filled(&context.contract_tag)),
                ]
                .into_iter()
                .filter(|(_, ok)| !ok)
                .map(|(n, _)| n)
                .collect();
                if !missing.is_empty() {
                    out.push(Diagnostic::new(
                        Code::T107,
                        name_range,
                        format!(
                            "a Play section needs the Deal, Declarer and Contract tags: {} missing",
                            join_names(&missing)
                        ),
                    ));
                }
                sections::read(section, board, out);
                check_section_notes(section, parts, out);
            }
            _ => {
                if is_table(&name) {
                    check_table(section, &name, out);
                } else if is_known(&name) {
                    if name == "Note" {
                        misplaced_note(&tag, out);
                    }
                    stray_section_data(section, &name, out);
                } else {
                    check_section_comments(section, out);
                }
            }
        }
    }
}

/// The descriptive tags the cross-checks compare with the board (the Scoring the file's
/// `%` directives default to when the game has none).
fn cross_tags<'a>(tags: &KeyEntries<'a>, inherited: &'a Inheritance) -> CrossTags<'a> {
    CrossTags {
        board: tags.get(Key::Board).and_then(cross),
        vulnerable: tags.get(Key::Vulnerable).and_then(cross),
        score: tags.get(Key::Score).and_then(cross),
        scoring: tags
            .get(Key::Scoring)
            .and_then(cross)
            .or(inherited.default_for("Scoring").map(|text| Value {
                text,
                range: TextRange::default(),
            })),
        rubber_history: tags.get(Key::ScoreRubberHistory).and_then(cross),
    }
}

/// The double-dummy results the game carries against the solver's.
fn check_game_double_dummy(
    game: &Game,
    tags: &KeyEntries<'_>,
    context: &GameContext,
    solutions: &Solutions,
    out: &mut Vec<Diagnostic>,
) {
    let value_of = |name: &str| {
        let key = match name {
            "Board" => Key::Board,
            "DoubleDummyTricks" => Key::DoubleDummyTricks,
            "OptimumScore" => Key::OptimumScore,
            "ParContract" => Key::ParContract,
            _ => return None,
        };
        let value = tags.get(key).and_then(cross)?;
        Some(WrittenValue {
            text: value.text.to_string(),
            range: value.range,
        })
    };
    let read = DoubleDummyGame::read(game, context, 0.into(), value_of);
    check_double_dummy(&read, solutions, out);
}

fn filled(tag: &Option<TagValue>) -> bool {
    tag.as_ref().is_some_and(|t| !t.text.is_empty())
}

fn join_names(names: &[&str]) -> String {
    match names {
        [one] => format!("{one} is"),
        [init @ .., last] => format!("{} and {last} are", init.join(", ")),
        [] => String::new(),
    }
}

/// Reads every tag pair of the game, reporting S008, T101–T105, T102 and T109.
fn collect_tags(
    pairs: &[TagPair],
    inherited: &Inheritance,
    out: &mut Vec<Diagnostic>,
) -> Vec<TagEntry> {
    let entries = read_tag_entries(pairs.iter().cloned(), inherited);
    for entry in &entries {
        check_entry(entry, &entries, out);
    }
    entries
}

/// What is wrong with one tag entry (`entries` are the game's, for the first of a repeat).
fn check_entry(entry: &TagEntry, entries: &[TagEntry], out: &mut Vec<Diagnostic>) {
    let (name, name_range) = (entry.name(), entry.name_range);
    let capitalised = name.as_bytes().first().is_some_and(u8::is_ascii_uppercase);
    if !capitalised {
        let mut diagnostic = Diagnostic::new(
            Code::S008,
            name_range,
            format!("tag names begin with an upper-case letter: `{name}`"),
        );
        if let Some(known) = closest_known(name) {
            diagnostic = diagnostic.with_fix(format!("Write `{known}`"), name_range, known);
        }
        out.push(diagnostic);
    } else if !is_known(name) && super::tags::producer_tag(name).is_none() {
        let mut diagnostic = match closest_known(name) {
            Some(known) => Diagnostic::new(
                Code::T105,
                name_range,
                format!("`{name}` is not a PBN 2.1 tag: did you mean `{known}`?"),
            )
            .with_fix(format!("Write `{known}`"), name_range, known),
            None => Diagnostic::new(
                Code::T105,
                name_range,
                format!(
                    "`{name}` is not a PBN 2.1 tag (programs that do not know it will skip it)"
                ),
            ),
        };
        diagnostic.message.shrink_to_fit();
        out.push(diagnostic);
    }
    if let Some(first) = entry.repeat_of.and_then(|index| entries.get(index)) {
        out.push(
            Diagnostic::new(
                Code::T101,
                name_range,
                format!("the game already has a {name} tag: this one is ignored"),
            )
            .with_related(first.name_range, format!("first {name} tag")),
        );
    }
    let Some((value, range)) = &entry.written else {
        return;
    };
    let range = *range;
    match &entry.origin {
        ValueOrigin::Forbidden => out.push(Diagnostic::new(
            Code::T103,
            range,
            format!(
                "the {name} tag cannot inherit its value with `#` or `##`: give it in every game"
            ),
        )),
        ValueOrigin::NothingToInherit => out.push(Diagnostic::new(
            Code::T104,
            range,
            format!("no earlier game gives {name} a value, so `#` makes it empty"),
        )),
        ValueOrigin::Inherited(_) => {}
        ValueOrigin::Own(own) => {
            if !entry.ignored() {
                check_tag_value(name, own, range, false, out);
            }
        }
        ValueOrigin::Written => {
            if !entry.ignored() && !entry.section_note {
                check_tag_value(name, value.as_str(), range, true, out);
            }
        }
    }
}

/// T102 and T109 for one value; `whole` says the range holds exactly the value (no `##`).
fn check_tag_value(
    name: &str,
    value: &str,
    range: TextRange,
    whole: bool,
    out: &mut Vec<Diagnostic>,
) {
    if value.is_empty() || value == "?" || name == "Deal" || name == "Note" {
        return;
    }
    if let Err(problem) = check_value(name, value) {
        let mut diagnostic = Diagnostic::new(Code::T102, range, problem.message);
        if problem.meaning_only {
            diagnostic.severity = crate::diagnostic::Severity::Warning;
        }
        if let (Some(replacement), true) = (problem.replacement, whole) {
            diagnostic = diagnostic.with_fix(
                format!("Write `{replacement}`"),
                range,
                replacement.replace('\\', "\\\\").replace('"', "\\\""),
            );
        }
        out.push(diagnostic);
        return;
    }
    for part in unusual_parts(name, value) {
        out.push(Diagnostic::new(
            Code::T109,
            range,
            format!(
                "`{}` is not one of the {name} values the standard lists",
                part.trim()
            ),
        ));
    }
}

/// S003 for data after a tag that opens no section (`[Result "9"]` followed by text).
fn stray_section_data(section: &Section, name: &str, out: &mut Vec<Diagnostic>) {
    let mut run: Option<TextRange> = None;
    let flush = |run: &mut Option<TextRange>, out: &mut Vec<Diagnostic>| {
        if let Some(range) = run.take() {
            out.push(Diagnostic::new(
                Code::S003,
                range,
                format!("unexpected text after the {name} tag: only tag pairs and comments may stand here"),
            ));
        }
    };
    let mut after_tag = false;
    for element in section.syntax().children_with_tokens() {
        match element {
            NodeOrToken::Node(node) if node.kind() == SyntaxKind::TAG_PAIR => after_tag = true,
            // Error nodes hold text the parser has already reported.
            NodeOrToken::Node(_) => {}
            NodeOrToken::Token(token) => match token.kind() {
                SyntaxKind::NEWLINE => flush(&mut run, out),
                k if k.is_trivia() => {}
                SyntaxKind::SECTION_TOKEN | SyntaxKind::STRING if after_tag => {
                    let r = token.text_range();
                    run = Some(run.map_or(r, |x| x.cover(r)));
                }
                _ => {}
            },
        }
    }
    flush(&mut run, out);
}

/// T106 (missing mandatory tags) and T108 (tag order) in export format.
fn export_checks<'e>(entries: &'e [TagEntry], inherited: &Inheritance, out: &mut Vec<Diagnostic>) {
    let Some(first) = entries.first() else { return };
    let missing: Vec<&str> = MANDATORY_TAGS
        .iter()
        .copied()
        .filter(|name| {
            !entries.iter().any(|e| e.name() == *name) && inherited.default_for(name).is_none()
        })
        .collect();
    if !missing.is_empty() {
        out.push(Diagnostic::new(
            Code::T106,
            first.pair.syntax().text_range(),
            format!(
                "export format: the game lacks the mandatory tag{} {}",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ),
        ));
    }
    // Export order: the mandatory tags in order, other identification tags alphabetically, the
    // Auction, the Play, then the supplemental sections alphabetically.
    let key = |e: &'e TagEntry| -> (u8, usize, &'e str) {
        let in_section = e
            .pair
            .syntax()
            .parent()
            .is_some_and(|p| p.kind() == SyntaxKind::SUPPLEMENTAL_SECTION);
        match e.name() {
            "Auction" => (2, 0, ""),
            "Play" => (3, 0, ""),
            name if in_section => (4, 0, name),
            name => match mandatory_index(name) {
                Some(i) => (0, i, ""),
                None => (1, 0, name),
            },
        }
    };
    let mut highest: Option<((u8, usize, &str), &TagEntry)> = None;
    for entry in entries.iter().filter(|e| !e.section_note) {
        let k = key(entry);
        if let Some((top, top_entry)) = &highest {
            if k < *top {
                out.push(
                    Diagnostic::new(
                        Code::T108,
                        entry.name_range,
                        format!(
                            "export format puts the {} tag before the {} tag; here it comes after (`kibitzer fmt --export` orders the tags)",
                            entry.name(),
                            top_entry.name()
                        ),
                    )
                    .with_related(
                        top_entry.name_range,
                        format!("{} is here", top_entry.name()),
                    ),
                );
                return;
            }
        }
        if highest.as_ref().is_none_or(|(top, _)| k > *top) {
            highest = Some((k, entry));
        }
    }
}
