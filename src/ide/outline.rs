//! The shape of a game: its outline symbol and its folding ranges.

use crate::bridge::Seat;
use crate::model::board::context::{KeyTags, KEY_TAGS};
use crate::model::board::tag_entries::read_tag_entries;
use crate::model::board::{lower, BoardModel};
use crate::model::values::ContractValue;
use crate::model::Inheritance;
use crate::syntax::pbn::ast::kind_of;
use crate::syntax::pbn::ast::{Game, Section};
use crate::syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

/// What an outline entry stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A game.
    Game,
    /// A section (Auction, Play, a table).
    Section,
    /// The Deal tag.
    Deal,
}

/// An outline entry (ranges relative to the game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name shown.
    pub name: String,
    /// More about it.
    pub detail: Option<String>,
    /// What it is.
    pub kind: SymbolKind,
    /// Its whole extent.
    pub range: TextRange,
    /// The part to select when jumping to it.
    pub selection: TextRange,
    /// Entries inside it.
    pub children: Vec<Symbol>,
}

impl Symbol {
    /// The entry of a whole game, board or record, holding `children`.
    pub fn game(
        name: String,
        detail: Option<String>,
        (range, selection): (TextRange, TextRange),
        children: Vec<Symbol>,
    ) -> Symbol {
        Symbol {
            name,
            detail,
            kind: SymbolKind::Game,
            range,
            selection,
            children,
        }
    }
}

/// The name of a game in outlines: `Board 7 · 4♠X by N · 10 tricks`.
pub(crate) fn game_title(model: &BoardModel) -> String {
    title(
        model.map.value("Board"),
        model.contract(),
        model.declarer(),
        model.declarer_tricks(),
    )
}

/// The outline name of a board in either notation: `Board 7 · 4♠X by N · 10 tricks` (`Game`
/// without a board number; the contract and the tricks when known).
pub fn title(
    board: Option<&str>,
    contract: Option<ContractValue>,
    declarer: Option<Seat>,
    tricks: Option<u8>,
) -> String {
    let mut parts = Vec::new();
    match board {
        Some(board) if !board.is_empty() => parts.push(format!("Board {board}")),
        _ => parts.push("Game".to_string()),
    }
    match contract {
        Some(ContractValue::Contract(c)) => {
            let by = declarer.map_or(String::new(), |d| format!(" by {}", d.letter()));
            parts.push(format!("{}{by}", c.symbolic()));
        }
        Some(ContractValue::Passed) => parts.push("passed out".to_string()),
        _ => {}
    }
    if let Some(tricks) = tricks {
        parts.push(format!(
            "{tricks} trick{}",
            if tricks == 1 { "" } else { "s" }
        ));
    }
    parts.join(" · ")
}

/// The outline entry of the game `node` (rooted at the game's start).
pub fn game_symbol(node: &SyntaxNode) -> Option<Symbol> {
    let game = Game::cast(node.clone())?;
    let model = lower(node);
    let mut children = Vec::new();
    if let Some(tag) = model.map.tag("Deal") {
        children.push(Symbol {
            name: "Deal".to_string(),
            detail: model.map.value("Deal").map(str::to_string),
            kind: SymbolKind::Deal,
            range: tag.range,
            selection: tag.name_range,
            children: Vec::new(),
        });
    }
    for section in game.sections() {
        let Some(tag) = section.tag() else { continue };
        let name = tag.name();
        let selection = tag.name_range_or_pair();
        children.push(Symbol {
            detail: section_detail(&model, &section),
            name,
            kind: SymbolKind::Section,
            range: section.syntax().text_range(),
            selection,
            children: Vec::new(),
        });
    }
    let range = node.text_range();
    let selection = model
        .map
        .tag("Board")
        .map(|t| t.range)
        .or_else(|| model.map.tags.first().map(|t| t.range))
        .unwrap_or(range);
    Some(Symbol::game(
        game_title(&model),
        model.map.value("Event").map(str::to_string),
        (range, selection),
        children,
    ))
}

/// A game's outline entry without its sections, read from its tags alone: [`game_symbol`]
/// with no children, for what an outline of many games shows (a third of the work: the game's
/// auction and play are not read).
pub fn game_brief_symbol(node: &SyntaxNode) -> Option<Symbol> {
    let game = Game::cast(node.clone())?;
    // One walk over the tags: the first, Board and Event, and the key tags the name needs;
    // the others' values are not read (reading them all was three fifths of each entry's time
    // in a large file's outline read on opening). A repeat only ever points at a tag of its own name, so reading the key tags
    // alone reads them as among all the tags.
    let (mut first, mut board, mut event) = (None, None, None);
    let mut key_pairs = Vec::new();
    for pair in game.tag_pairs() {
        let name = pair.name_and_range().map(|(name, _)| name);
        let name = name.as_ref().map_or("", |name| name.text());
        match name {
            "Board" if board.is_none() => board = Some(pair.clone()),
            "Event" if event.is_none() => event = Some(pair.clone()),
            name if KEY_TAGS.contains(&name) => key_pairs.push(pair.clone()),
            _ => {}
        }
        first.get_or_insert(pair);
    }
    let entries = read_tag_entries(key_pairs, &Inheritance::default());
    let mut keys = KeyTags::of_entries(&entries);
    // The name needs the contract, declarer and result, not the hands: the deal is not read
    // (a sixth of the time of a large file's outline read on opening).
    keys.deal_node = None;
    let model = BoardModel::from_key_tags(keys, false, &mut Vec::new());
    let range = node.text_range();
    let selection = board
        .as_ref()
        .or(first.as_ref())
        .map_or(range, |t| t.syntax().text_range());
    let name = title(
        board.and_then(|t| t.value()).as_deref(),
        model.contract(),
        model.declarer(),
        model.declarer_tricks(),
    );
    let event = event.and_then(|t| t.value());
    Some(Symbol::game(name, event, (range, selection), Vec::new()))
}

fn section_detail(model: &BoardModel, section: &Section) -> Option<String> {
    match section.kind() {
        SyntaxKind::AUCTION_SECTION => {
            let calls = model.auction_view()?.calls.len();
            Some(format!("{calls} calls"))
        }
        SyntaxKind::PLAY_SECTION => {
            let tricks = model.play_view()?.tricks.len();
            Some(format!("{tricks} tricks"))
        }
        _ => None,
    }
}

/// What a folding range holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FoldKind {
    /// A game, a section or a table.
    Region,
    /// A comment.
    Comment,
}

/// The folding ranges of a game or comment chunk (the caller drops those on a single line).
pub fn folding_ranges(node: &SyntaxNode) -> Vec<(TextRange, FoldKind)> {
    let mut out = Vec::new();
    let start = node.text_range().start();
    let green = node.green();
    if node.kind() == SyntaxKind::GAME {
        out.push((green_trimmed(&green, start), FoldKind::Region));
    }
    green_folds(&green, start, &mut out);
    out
}

/// The folds inside the green node `green` that starts at `start`, in the order of a walk
/// of the tree: each section, each comment. Walked in the green tree, which allocates
/// nothing per element (the syntax tree's cursor allocates at each one: a third of the time
/// of a large file's first outline went into walking every game's tokens so).
fn green_folds(
    green: &rowan::GreenNodeData,
    start: TextSize,
    out: &mut Vec<(TextRange, FoldKind)>,
) {
    let mut at = start;
    for child in green.children() {
        match child {
            rowan::NodeOrToken::Node(node) => {
                if kind_of(node.kind()).is_section() {
                    out.push((green_trimmed(node, at), FoldKind::Region));
                }
                green_folds(node, at, out);
            }
            rowan::NodeOrToken::Token(token)
                if kind_of(token.kind()) == SyntaxKind::COMMENT_BLOCK =>
            {
                out.push((TextRange::at(at, token.text_len()), FoldKind::Comment));
            }
            rowan::NodeOrToken::Token(_) => {}
        }
        at += child.text_len();
    }
}

/// The range of the green node `green` starting at `start` without the line ends and spaces it
/// ends with.
fn green_trimmed(green: &rowan::GreenNodeData, start: TextSize) -> TextRange {
    let end = start + green.text_len();
    TextRange::new(start, end - trailing_blanks(green))
}

/// How many bytes of line ends and spaces the green node `green` ends with.
fn trailing_blanks(green: &rowan::GreenNodeData) -> TextSize {
    let mut blanks = TextSize::from(0);
    for child in green.children().rev() {
        let (trailing, whole) = match child {
            rowan::NodeOrToken::Node(node) => (trailing_blanks(node), node.text_len()),
            rowan::NodeOrToken::Token(token) => {
                let text = token.text();
                let kept = text.trim_end_matches(['\n', '\r', ' ', '\t']);
                (TextSize::of(&text[kept.len()..]), token.text_len())
            }
        };
        blanks += trailing;
        if trailing != whole {
            break;
        }
    }
    blanks
}

/// A node's range (of any notation's tree) without the line ends and spaces it ends with.
pub(crate) fn trim_trailing_newlines<L: rowan::Language>(node: &rowan::SyntaxNode<L>) -> TextRange {
    // Read from the green tree, the same for every notation: no token of the syntax tree is
    // made (a cursor allocates at each), nor the node's text copied.
    green_trimmed(&node.green(), node.text_range().start())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::tests::{game, GAME};

    #[test]
    fn a_fold_ends_where_the_text_before_its_trailing_blanks_ends() {
        for text in [
            GAME,
            "[Board \"1\"]\n\n  \n",
            "[Board \"2\"]\n{ a note }\n \n",
            "[Event \"\"]\r\n[Site \"x\"] \t\r\n\r\n",
        ] {
            let tree = game(text);
            for node in tree.descendants() {
                let whole = node.text().to_string();
                let kept = whole.trim_end_matches(['\n', '\r', ' ', '\t']);
                let expected =
                    TextRange::at(node.text_range().start(), crate::syntax::TextSize::of(kept));
                assert_eq!(
                    trim_trailing_newlines(&node),
                    expected,
                    "{:?} in {text:?}",
                    node.kind()
                );
            }
        }
    }

    /// The folds as a walk of the syntax tree finds them (what [`folding_ranges`] must give).
    fn folds_by_cursor(node: &SyntaxNode) -> Vec<(TextRange, FoldKind)> {
        let mut out = Vec::new();
        if node.kind() == SyntaxKind::GAME {
            out.push((trim_trailing_newlines(node), FoldKind::Region));
        }
        for element in node.descendants_with_tokens() {
            match element {
                rowan::NodeOrToken::Node(n) if n.kind().is_section() => {
                    out.push((trim_trailing_newlines(&n), FoldKind::Region));
                }
                rowan::NodeOrToken::Token(t) if t.kind() == SyntaxKind::COMMENT_BLOCK => {
                    out.push((t.text_range(), FoldKind::Comment));
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn every_corpus_games_brief_symbol_and_folds_are_the_full_walks() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pbn");
        let mut games = 0;
        let mut texts: Vec<String> = std::fs::read_dir(&folder)
            .expect("the corpus")
            .filter_map(|e| crate::text::read_file(&e.ok()?.path()).ok())
            .map(|source| source.text)
            .collect();
        // And what the tags of a game can say oddly: repeats, no Board, values left empty.
        texts.push(format!("{GAME}\n[Board \"\"]\n[Board \"9\"]\n[Contract \"3NT\"]\n[Result \"14\"]\n\n[Event \"x\"]\n[Contract \"Pass\"]\n"));
        // A nameless tag first, a repeated key tag, an inherited result, Board after Event.
        texts.push("[ \"x\"]\n[Event \"y\"]\n[Board \"3\"]\n[Declarer \"S\"]\n[Contract \"2H\"]\n[Contract \"3NT\"]\n[Result \"#\"]\n[Declarer \"N\"]\n".to_string());
        for text in &texts {
            let tree = crate::syntax::Parse::new(text).syntax();
            for node in tree.children().filter(|n| n.kind() == SyntaxKind::GAME) {
                assert_eq!(folding_ranges(&node), folds_by_cursor(&node));
                let mut full = game_symbol(&node).expect("a game's symbol");
                full.children.clear();
                assert_eq!(game_brief_symbol(&node), Some(full));
                games += 1;
            }
        }
        assert!(games > 5000, "only {games} games read");
    }

    #[test]
    fn game_symbol_is_named_after_board_contract_and_result() {
        let symbol = game_symbol(&game(GAME)).unwrap();
        assert_eq!(symbol.name, "Board 7 · 4♠X by N · 10 tricks");
        let names: Vec<&str> = symbol.children.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Deal", "Auction", "Play"]);
        assert_eq!(symbol.children[1].detail.as_deref(), Some("7 calls"));
    }

    #[test]
    fn folds_games_sections_and_comments() {
        let text = "{a\nb}\n[Board \"1\"]\n[Auction \"N\"]\nPass\n";
        let folds = folding_ranges(&game(text));
        assert_eq!(folds.len(), 3);
        assert_eq!(&text[folds[1].0], "{a\nb}");
        assert_eq!(folds[1].1, FoldKind::Comment);
        assert_eq!(&text[folds[2].0], "[Auction \"N\"]\nPass");
    }
}
