//! Typed views over the PBN tree: games, tag pairs and sections.

use super::kind::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};
use rowan::{TextRange, TextSize};

/// A `GAME` node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game(SyntaxNode);

impl Game {
    /// Views `node` as a game if it is one.
    pub fn cast(node: SyntaxNode) -> Option<Game> {
        (node.kind() == GAME).then_some(Game(node))
    }

    /// The underlying node.
    pub fn syntax(&self) -> &SyntaxNode {
        &self.0
    }

    /// Every tag pair of the game in text order, including the tags that open sections and the
    /// Notes inside them.
    pub fn tag_pairs(&self) -> impl Iterator<Item = TagPair> + '_ {
        self.0.children().flat_map(|child| {
            let own = TagPair::cast(child.clone());
            let inner: Vec<TagPair> = if child.kind().is_section() {
                child.children().filter_map(TagPair::cast).collect()
            } else {
                Vec::new()
            };
            own.into_iter().chain(inner)
        })
    }

    /// The sections of the game (Auction, Play, supplemental), in text order.
    pub fn sections(&self) -> impl Iterator<Item = Section> + '_ {
        self.0.children().filter_map(Section::cast)
    }
}

/// What a section holds besides its data, from [`Section::parts`].
#[derive(Debug, Clone, Default)]
pub struct SectionParts {
    /// The section's tag pairs in order: its own tag, then any Notes inside it.
    pub tag_pairs: Vec<TagPair>,
    /// The `=k=` note references among its children: their ranges and tokens.
    pub note_refs: Vec<(TextRange, rowan::GreenToken)>,
}

/// A `TAG_PAIR` node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TagPair(SyntaxNode);

impl TagPair {
    /// Views `node` as a tag pair if it is one.
    pub fn cast(node: SyntaxNode) -> Option<TagPair> {
        (node.kind() == TAG_PAIR).then_some(TagPair(node))
    }

    /// The underlying node.
    pub fn syntax(&self) -> &SyntaxNode {
        &self.0
    }

    /// Whether this is a tag at the game's level with an Auction or Play section before it
    /// (a Note there is one of that section's notes: see [`Section::notes`]).
    pub fn follows_a_section(&self) -> bool {
        self.0.parent().is_some_and(|p| p.kind() == GAME)
            && self
                .0
                .siblings(rowan::Direction::Prev)
                .any(|n| is_auction_or_play(n.kind()))
    }

    /// The name token, if the tag pair has one.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == TAG_NAME)
    }

    /// The tag name, or "" when it is missing.
    pub fn name(&self) -> String {
        self.name_and_range()
            .map(|(name, _)| name.text().to_string())
            .unwrap_or_default()
    }

    /// The name token's green token and range, read without walking the red tree.
    pub fn name_and_range(&self) -> Option<(rowan::GreenToken, TextRange)> {
        let mut offset = self.0.text_range().start();
        for child in self.0.green().children() {
            if let rowan::NodeOrToken::Token(token) = child {
                if kind_of(token.kind()) == TAG_NAME {
                    return Some((token.to_owned(), TextRange::at(offset, token.text_len())));
                }
            }
            offset += child.text_len();
        }
        None
    }

    /// Whether the tag's name is `name` (read without copying it).
    pub fn is_named(&self, name: &str) -> bool {
        self.name_and_range()
            .is_some_and(|(token, _)| token.text() == name)
    }

    /// Where a finding about the tag points: its name, or the whole pair when it has none.
    pub fn name_range_or_pair(&self) -> TextRange {
        self.name_and_range()
            .map_or(self.0.text_range(), |(_, range)| range)
    }

    /// The value as written between the quotes (escapes not resolved) and the range of that
    /// text; `None` when the tag has no quoted value. Read from the green tree: a red walk
    /// allocates a node per element.
    pub fn raw_value(&self) -> Option<(String, TextRange)> {
        let (element, offset) = self.value_element()?;
        Some(raw_value_of(&element, offset))
    }

    /// The name token with its range and the value element with its start (as
    /// [`TagPair::name_and_range`] and [`TagPair::value_element`] give them), in one walk.
    pub fn name_and_value(&self) -> (Option<(rowan::GreenToken, TextRange)>, Option<ValueElement>) {
        let (mut name, mut value) = (None, None);
        let mut offset = self.0.text_range().start();
        for child in self.0.green().children() {
            match (kind_of(child.kind()), child) {
                (TAG_NAME, rowan::NodeOrToken::Token(token)) if name.is_none() => {
                    name = Some((token.to_owned(), TextRange::at(offset, token.text_len())));
                }
                (STRING | TAG_VALUE, child) if value.is_none() => {
                    value = Some((child.to_owned(), offset));
                }
                _ => {}
            }
            if name.is_some() && value.is_some() {
                break;
            }
            offset += child.text_len();
        }
        (name, value)
    }

    /// The element holding the value (its string token, or its structured value node) and
    /// where it starts, read from the green tree.
    pub fn value_element(&self) -> Option<ValueElement> {
        let mut offset = self.0.text_range().start();
        for child in self.0.green().children() {
            if matches!(kind_of(child.kind()), STRING | TAG_VALUE) {
                return Some((child.to_owned(), offset));
            }
            offset += child.text_len();
        }
        None
    }

    /// The value with `\"` and `\\` resolved, or `None` when there is no quoted value.
    pub fn value(&self) -> Option<String> {
        self.raw_value().map(|(raw, _)| unescape(&raw))
    }

    /// The structured value node (Deal, Note, Scoring, table column specs), if any.
    pub fn value_node(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| n.kind() == TAG_VALUE)
    }

    /// Whether the tag pair is well formed (name, quoted value and `]`, nothing else).
    pub fn is_well_formed(&self) -> bool {
        let mut has = (false, false, false);
        for element in self.0.children_with_tokens() {
            match element.kind() {
                TAG_NAME => has.0 = true,
                STRING | TAG_VALUE => has.1 = true,
                R_BRACK => has.2 = true,
                ERROR => return false,
                _ => {}
            }
        }
        has == (true, true, true)
    }
}

/// A tag pair's value element: its string token or its structured value node, and where it
/// starts.
pub(crate) type ValueElement = (
    rowan::NodeOrToken<rowan::GreenNode, rowan::GreenToken>,
    TextSize,
);

/// The text of a value element between the quotes (escapes not resolved) and its range.
pub(crate) fn raw_value_of(
    element: &rowan::NodeOrToken<rowan::GreenNode, rowan::GreenToken>,
    offset: TextSize,
) -> (String, TextRange) {
    let (inner, at) = match element {
        rowan::NodeOrToken::Token(token) => {
            let (inner, at) = string_inner(token.text());
            (inner.to_string(), at)
        }
        rowan::NodeOrToken::Node(green) => {
            let mut text = String::with_capacity(usize::from(green.text_len()));
            push_green_text(green, &mut text);
            // The quotes are taken off the text in place (a second copy cost an allocation for
            // every Deal).
            let end = text.len().saturating_sub(1);
            if end >= 1 && text.is_char_boundary(1) && text.is_char_boundary(end) {
                text.truncate(end);
                text.drain(..1);
            } else {
                text.clear();
            }
            (text, 1)
        }
    };
    let range = TextRange::at(
        offset + TextSize::from(at as u32),
        TextSize::of(inner.as_str()),
    );
    (inner, range)
}

/// Appends the text of a green node (all its tokens, in order) to `out`.
pub(crate) fn push_green_text(green: &rowan::GreenNodeData, out: &mut String) {
    for child in green.children() {
        match child {
            rowan::NodeOrToken::Node(node) => push_green_text(node, out),
            rowan::NodeOrToken::Token(token) => out.push_str(token.text()),
        }
    }
}

/// The contents of a string token's text (without its quotes) and their offset in it.
pub(crate) fn string_inner(text: &str) -> (&str, usize) {
    let closed =
        text.len() >= 2 && text.ends_with('"') && !ends_with_escape(&text[..text.len() - 1]);
    let end_trim = usize::from(closed);
    (text.get(1..text.len() - end_trim).unwrap_or(""), 1)
}

/// Whether `text` ends with an odd number of backslashes (so a following quote is escaped).
fn ends_with_escape(text: &str) -> bool {
    text.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

/// Resolves the `\"` and `\\` escapes of a PBN string.
pub fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next @ ('"' | '\\')) => out.push(next),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A section node: Auction, Play or supplemental.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Section(SyntaxNode);

impl Section {
    /// Views `node` as a section if it is one.
    pub fn cast(node: SyntaxNode) -> Option<Section> {
        node.kind().is_section().then_some(Section(node))
    }

    /// The underlying node.
    pub fn syntax(&self) -> &SyntaxNode {
        &self.0
    }

    /// `AUCTION_SECTION`, `PLAY_SECTION` or `SUPPLEMENTAL_SECTION`.
    pub fn kind(&self) -> SyntaxKind {
        self.0.kind()
    }

    /// The tag pair that opens the section.
    pub fn tag(&self) -> Option<TagPair> {
        self.0.children().find_map(TagPair::cast)
    }

    /// The Note tags of an Auction or Play section: those inside it, then those at the game's
    /// level after it, before the next Auction or Play. The parser ends a section at any tag,
    /// but such Notes still belong to it (BridgeComposer writes `[BCNote ""]` between an
    /// auction and its notes).
    pub fn notes(&self) -> impl Iterator<Item = TagPair> + '_ {
        let own = self.parts().tag_pairs;
        let notes: Vec<TagPair> = self.notes_among(&own).collect();
        notes.into_iter()
    }

    /// [`Section::notes`], with the section's own tag pairs already found (`own`, from
    /// [`Section::parts`]).
    pub fn notes_among<'a>(&'a self, own: &'a [TagPair]) -> impl Iterator<Item = TagPair> + 'a {
        let own = own.iter().skip(1).cloned();
        let after = self
            .0
            .siblings(rowan::Direction::Next)
            .skip(1)
            .take_while(|n| !is_auction_or_play(n.kind()))
            .filter(move |_| is_auction_or_play(self.kind()))
            .filter_map(TagPair::cast);
        own.chain(after).filter(|t| t.is_named("Note"))
    }

    /// The section's tag pairs and note references, found in one walk over its children: they
    /// are mostly calls or cards, and each walk over them costs. Only the tag pairs get red
    /// nodes.
    pub fn parts(&self) -> SectionParts {
        let mut tag_ranges: Vec<TextRange> = Vec::new();
        let mut note_refs = Vec::new();
        let mut offset = self.0.text_range().start();
        for child in self.0.green().children() {
            let len = child.text_len();
            match child {
                rowan::NodeOrToken::Node(node) if kind_of(node.kind()) == TAG_PAIR => {
                    tag_ranges.push(TextRange::at(offset, len));
                }
                rowan::NodeOrToken::Token(token) if kind_of(token.kind()) == NOTE_REF => {
                    note_refs.push((TextRange::at(offset, len), token.to_owned()));
                }
                _ => {}
            }
            offset += len;
        }
        let tag_pairs = tag_ranges
            .into_iter()
            .filter_map(|range| {
                self.0
                    .child_or_token_at_range(range)
                    .and_then(|element| element.into_node())
                    .and_then(TagPair::cast)
            })
            .collect();
        SectionParts {
            tag_pairs,
            note_refs,
        }
    }

    /// The section data tokens (calls, cards, annotations, table elements, stray text), in order;
    /// trivia and tag pairs excluded. Tokens inside error nodes are included.
    pub fn data(&self) -> impl Iterator<Item = SyntaxToken> + '_ {
        // Walks the section's children and steps into error nodes, one level deep, without
        // collecting anything: this runs for every call and card of every game checked.
        let mut outer = self.0.children_with_tokens();
        let mut inner: Option<rowan::SyntaxElementChildren<super::PbnLanguage>> = None;
        std::iter::from_fn(move || loop {
            if let Some(children) = inner.as_mut() {
                match children.next() {
                    Some(rowan::NodeOrToken::Token(token)) => return Some(token),
                    Some(rowan::NodeOrToken::Node(_)) => continue,
                    None => inner = None,
                }
            }
            match outer.next()? {
                rowan::NodeOrToken::Token(token) => return Some(token),
                rowan::NodeOrToken::Node(node) if node.kind() == ERROR => {
                    inner = Some(node.children_with_tokens());
                }
                rowan::NodeOrToken::Node(_) => {}
            }
        })
        .filter(|t| !t.kind().is_trivia())
    }

    /// The same tokens as [`Section::data`], read from the green tree: `green` is this
    /// section's own green node (`section.syntax().green()`), which the tokens borrow, so that
    /// reading them costs no reference count per token.
    pub fn green_data<'g>(&self, green: &'g rowan::GreenNodeData) -> Vec<DataToken<'g>> {
        let mut tokens = Vec::with_capacity(128);
        self.each_green_data(green, |token| tokens.push(token));
        tokens
    }

    /// Hands each token of [`Section::green_data`] to `take`, in order, without collecting
    /// them (the items of a play of fifty-two cards are read from this directly).
    fn each_green_data<'g>(
        &self,
        green: &'g rowan::GreenNodeData,
        mut take: impl FnMut(DataToken<'g>),
    ) {
        debug_assert_eq!(green.text_len(), self.0.text_range().len());
        let mut offset = self.0.text_range().start();
        let mut push = |token: &'g rowan::GreenTokenData, at: TextSize| {
            let kind = kind_of(token.kind());
            if !kind.is_trivia() {
                take(DataToken {
                    kind,
                    token,
                    range: TextRange::at(at, token.text_len()),
                });
            }
        };
        for child in green.children() {
            match child {
                rowan::NodeOrToken::Token(token) => push(token, offset),
                rowan::NodeOrToken::Node(node) if kind_of(node.kind()) == ERROR => {
                    let mut inner = offset;
                    for element in node.children() {
                        if let rowan::NodeOrToken::Token(token) = element {
                            push(token, inner);
                        }
                        inner += element.text_len();
                    }
                }
                rowan::NodeOrToken::Node(_) => {}
            }
            offset += child.text_len();
        }
    }
}

/// A token of section data read straight from the green tree: its kind, text and range.
///
/// It offers the same accessors as a [`SyntaxToken`] but costs no red-tree node (rowan
/// allocates one per red element visited, which dominated the auction and play checks).
#[derive(Debug, Clone, PartialEq)]
pub struct DataToken<'g> {
    kind: SyntaxKind,
    token: &'g rowan::GreenTokenData,
    range: TextRange,
}

impl DataToken<'_> {
    /// The token's kind.
    pub fn kind(&self) -> SyntaxKind {
        self.kind
    }

    /// The token's text.
    pub fn text(&self) -> &str {
        self.token.text()
    }

    /// The token's range in the tree it was read from.
    pub fn text_range(&self) -> TextRange {
        self.range
    }
}

/// One element of an auction or play section: a call or card (or `*`, `+`, or stray text) with
/// the irregularity mark before it and the annotations after it.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionItem<'g> {
    /// `^I`, `^S`, `^R` or `^L` marks written before the token (normally at most one).
    pub marks: Vec<DataToken<'g>>,
    /// The call, card, `*`, `+`, or whatever else stands there (an `UNKNOWN` token, say). A
    /// mark with nothing after it (a trailing `^S`) is its own item with the mark as token.
    pub token: DataToken<'g>,
    /// Suffixes, note references and NAGs written after the token, in text order.
    pub annotations: Vec<DataToken<'g>>,
}

impl SectionItem<'_> {
    /// The range from the first mark to the last annotation.
    pub fn range(&self) -> TextRange {
        let first = self.marks.first().unwrap_or(&self.token);
        let last = self.annotations.last().unwrap_or(&self.token);
        TextRange::new(first.text_range().start(), last.text_range().end())
    }
}

/// The PBN kind of a green element's raw kind.
pub(crate) fn kind_of(raw: rowan::SyntaxKind) -> SyntaxKind {
    <super::PbnLanguage as rowan::Language>::kind_from_raw(raw)
}

impl Section {
    /// The data of an auction or play section grouped into items, in text order.
    ///
    /// `^S` stands for a skipped call by itself, so it is an item of its own even when a call
    /// follows; `^I`, `^R` and `^L` attach to the call or card after them, over any annotation
    /// written between (which is an item of its own). Annotations before
    /// any call or card form items of their own (token = the annotation). `green` is this
    /// section's green node, as for [`Section::green_data`].
    pub fn items<'g>(&self, green: &'g rowan::GreenNodeData) -> Vec<SectionItem<'g>> {
        let mut items: Vec<SectionItem<'g>> = Vec::with_capacity(64);
        let mut marks: Vec<DataToken<'g>> = Vec::new();
        self.each_green_data(green, |token| match token.kind() {
            SUFFIX | NOTE_REF | NAG if marks.is_empty() && !items.is_empty() => {
                if let Some(last) = items.last_mut() {
                    last.annotations.push(token);
                }
            }
            IRREGULARITY if token.text() == "^S" => {
                for mark in marks.drain(..) {
                    items.push(SectionItem {
                        marks: Vec::new(),
                        token: mark,
                        annotations: Vec::new(),
                    });
                }
                items.push(SectionItem {
                    marks: Vec::new(),
                    token,
                    annotations: Vec::new(),
                });
            }
            IRREGULARITY => marks.push(token),
            // An annotation between a mark and its call or card annotates nothing; the mark
            // still goes with the call or card after it, as the reference verifier reads it.
            SUFFIX | NOTE_REF | NAG => items.push(SectionItem {
                marks: Vec::new(),
                token,
                annotations: Vec::new(),
            }),
            _ => items.push(SectionItem {
                marks: std::mem::take(&mut marks),
                token,
                annotations: Vec::new(),
            }),
        });
        for mark in marks {
            items.push(SectionItem {
                marks: Vec::new(),
                token: mark,
                annotations: Vec::new(),
            });
        }
        items
    }
}

/// Whether a node kind is an Auction or a Play section (the sections that have notes).
fn is_auction_or_play(kind: SyntaxKind) -> bool {
    matches!(kind, AUCTION_SECTION | PLAY_SECTION)
}
