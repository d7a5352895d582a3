//! Building green trees quickly.
//!
//! rowan's `GreenNodeBuilder` hashes every token through its cache (and hashes small nodes too);
//! on PBN, where a token averages under four bytes, that hashing is a quarter of the parse. This
//! builder interns tokens with a cheaper key (short texts packed into an integer) and creates
//! nodes directly. The trees are the same: rowan compares green elements structurally.

use rowan::{GreenNode, GreenToken, NodeOrToken};

use super::pbn::kind::SyntaxKind;

type GreenElement = NodeOrToken<GreenNode, GreenToken>;

/// Texts longer than this are not interned (comments and long values are rarely repeated).
const MAX_INTERNED: usize = 48;

/// log2 of the number of slots for texts of up to eight bytes.
const SHORT_BITS: u32 = 12;

/// log2 of the number of slots for longer texts.
const LONG_BITS: u32 = 10;

/// A slot of the short-text table: the text packed into an integer, its kind and length.
#[derive(Clone, Default)]
struct ShortSlot {
    packed: u64,
    /// `kind << 8 | len`; zero means empty (no token has length zero).
    tag: u32,
    token: Option<GreenToken>,
}

/// Interned tokens, shared by all the games one thread parses.
///
/// The tables are direct-mapped, like a hardware cache: a text hashes to one slot, and a new
/// text evicts whatever was there. Lookups are a multiply, a load and a compare; the memory
/// stays bounded however many games share the cache, so it stays hot. An eviction only costs
/// a second copy of a token, and the trees compare equal either way (rowan compares green
/// elements structurally).
#[derive(Default)]
pub struct TokenCache {
    short: Vec<ShortSlot>,
    long: Vec<Option<GreenToken>>,
    /// Whole nodes by their source text (well-formed tag pairs, which repeat from game to
    /// game: `[Scoring "IMP"]`, `[Dealer "N"]`, the players…). Sharing them makes the tree
    /// of a large file a fifth smaller.
    nodes: Vec<Option<(Box<str>, GreenNode)>>,
}

/// The bytes of a text of one to eight bytes as a little-endian integer, read with two
/// overlapping loads instead of a variable-length copy.
#[inline]
fn pack(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let word = |at: usize, width: usize| -> u64 {
        bytes.get(at..at + width).map_or(0, |b| {
            b.iter().rev().fold(0u64, |acc, &x| acc << 8 | u64::from(x))
        })
    };
    if n >= 4 {
        word(0, 4) | word(n - 4, 4) << ((n - 4) * 8)
    } else if n >= 2 {
        word(0, 2) | word(n - 2, 2) << ((n - 2) * 8)
    } else {
        word(0, n)
    }
}

/// A cheap hash of a text, eight bytes at a time.
fn hash_text(seed: u64, text: &str) -> u64 {
    let mut hash = seed;
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = (hash.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x51_7CC1_B727_220A);
    }
    hash
}

#[inline]
fn slot_index(hash: u64, bits: u32) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

impl TokenCache {
    /// The token of this kind and text, created once and shared afterwards. The kind is
    /// rowan's raw one, so that the LIN tree shares the cache's tables too.
    #[inline]
    pub fn token(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > 8 {
            return self.other_token(kind, text);
        }
        let packed = pack(bytes);
        let tag = u32::from(kind.0) << 8 | bytes.len() as u32;
        let index = slot_index(packed ^ u64::from(tag).rotate_left(40), SHORT_BITS);
        if let Some(ShortSlot {
            packed: p,
            tag: t,
            token: Some(token),
        }) = self.short.get(index)
        {
            if *t == tag && *p == packed {
                return token.clone();
            }
        }
        self.short_miss(packed, tag, index, kind, text)
    }

    /// A short text that is not in its slot: create the token and put it there.
    #[cold]
    #[inline(never)]
    fn short_miss(
        &mut self,
        packed: u64,
        tag: u32,
        index: usize,
        kind: rowan::SyntaxKind,
        text: &str,
    ) -> GreenToken {
        if self.short.is_empty() {
            self.short = vec![ShortSlot::default(); 1 << SHORT_BITS];
        }
        let token = GreenToken::new(kind, text);
        if let Some(slot) = self.short.get_mut(index) {
            *slot = ShortSlot {
                packed,
                tag,
                token: Some(token.clone()),
            };
        }
        token
    }

    /// Empty texts and texts longer than eight bytes.
    #[cold]
    #[inline(never)]
    fn other_token(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        if text.len() > MAX_INTERNED || text.is_empty() {
            return GreenToken::new(kind, text);
        }
        self.long_token(kind, text)
    }

    #[cold]
    fn long_token(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        if self.long.is_empty() {
            self.long = vec![None; 1 << LONG_BITS];
        }
        let index = slot_index(hash_text(u64::from(kind.0), text), LONG_BITS);
        let Some(slot) = self.long.get_mut(index) else {
            return GreenToken::new(kind, text);
        };
        if let Some(token) = slot {
            if token.kind() == kind && token.text() == text {
                return token.clone();
            }
        }
        let token = GreenToken::new(kind, text);
        *slot = Some(token.clone());
        token
    }
}

/// log2 of the number of slots for whole nodes.
const NODE_BITS: u32 = 10;

/// Node texts longer than this are not shared.
pub(crate) const MAX_SHARED_NODE: usize = 80;

impl TokenCache {
    fn node_slot(text: &str) -> usize {
        slot_index(hash_text(0x7A6, text), NODE_BITS)
    }

    /// The node built earlier from exactly this source text, if it is still in its slot.
    pub fn node(&self, text: &str) -> Option<GreenNode> {
        match self.nodes.get(Self::node_slot(text)) {
            Some(Some((key, node))) if **key == *text => Some(node.clone()),
            _ => None,
        }
    }

    /// Remembers the node built from `text`, which must be all the node was built from (the
    /// same text must always give the same node and no syntax error).
    pub fn remember_node(&mut self, text: &str, node: GreenNode) {
        if text.len() > MAX_SHARED_NODE {
            return;
        }
        if self.nodes.is_empty() {
            self.nodes = vec![None; 1 << NODE_BITS];
        }
        if let Some(slot) = self.nodes.get_mut(Self::node_slot(text)) {
            *slot = Some((Box::from(text), node));
        }
    }
}

/// A green tree builder with rowan's builder API (start, finish, checkpoints).
pub(crate) struct TreeBuilder<'c> {
    /// `None` for a builder that throws everything away (see [`TreeBuilder::discarding`]).
    cache: Option<&'c mut TokenCache>,
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<GreenElement>,
}

/// A place in the builder's output where a node can later be started.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Checkpoint(usize);

impl<'c> TreeBuilder<'c> {
    /// A builder interning tokens in `cache`.
    pub fn new(cache: &'c mut TokenCache) -> TreeBuilder<'c> {
        TreeBuilder {
            cache: Some(cache),
            parents: Vec::new(),
            children: Vec::with_capacity(64),
        }
    }

    /// A builder that builds nothing: for running the parser only to learn where it stands.
    pub fn discarding() -> TreeBuilder<'c> {
        TreeBuilder {
            cache: None,
            parents: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Adds a token to the current node.
    #[inline]
    pub fn token(&mut self, kind: SyntaxKind, text: &str) {
        if let Some(cache) = self.cache.as_deref_mut() {
            let token = cache.token(kind.into(), text);
            self.children.push(NodeOrToken::Token(token));
        }
    }

    /// The node built earlier from exactly `text` (see [`TokenCache::node`]).
    pub fn shared_node(&self, text: &str) -> Option<GreenNode> {
        self.cache.as_deref()?.node(text)
    }

    /// Adds a finished node to the current node.
    pub fn push_node(&mut self, node: GreenNode) {
        self.children.push(NodeOrToken::Node(node));
    }

    /// Remembers the node just finished as the one `text` gives.
    pub fn share_last_node(&mut self, text: &str) {
        if let (Some(cache), Some(NodeOrToken::Node(node))) =
            (self.cache.as_deref_mut(), self.children.last())
        {
            cache.remember_node(text, node.clone());
        }
    }

    /// Starts a node; the elements added until the matching `finish_node` are its children.
    pub fn start_node(&mut self, kind: SyntaxKind) {
        if self.cache.is_some() {
            self.parents.push((kind, self.children.len()));
        }
    }

    /// Finishes the innermost started node.
    pub fn finish_node(&mut self) {
        if let Some((kind, first)) = self.parents.pop() {
            let node = GreenNode::new(kind.into(), self.children.drain(first..));
            self.children.push(NodeOrToken::Node(node));
        }
    }

    /// The current position, to wrap what follows it in a node later.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint(self.children.len())
    }

    /// Starts a node that takes as children everything added since `checkpoint`.
    pub fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        if self.cache.is_none() {
            return;
        }
        let floor = self.parents.last().map_or(0, |&(_, first)| first);
        self.parents
            .push((kind, checkpoint.0.clamp(floor, self.children.len())));
    }

    /// The finished tree: the single node built at the top level (an empty `ERROR` node when the
    /// builder was misused, which the parser never does).
    pub fn finish(mut self) -> GreenNode {
        while !self.parents.is_empty() {
            self.finish_node();
        }
        match (self.children.pop(), self.children.is_empty()) {
            (Some(NodeOrToken::Node(node)), true) => node,
            _ => GreenNode::new(SyntaxKind::ERROR.into(), std::iter::empty()),
        }
    }
}
