//! Building green trees quickly.
//!
//! rowan's `GreenNodeBuilder` hashes every token through its cache (and hashes small nodes too);
//! on PBN, where a token averages under four bytes, that hashing is a quarter of the parse. This
//! builder interns tokens with a cheaper key (short texts packed into an integer) and creates
//! nodes directly. The trees are the same: rowan compares green elements structurally.

use rowan::{GreenNode, GreenToken, NodeOrToken};
use rustc_hash::FxHashMap;

use super::SyntaxKind;

type GreenElement = NodeOrToken<GreenNode, GreenToken>;

/// Texts longer than this are not interned (comments and long values are rarely repeated).
const MAX_INTERNED: usize = 48;

/// Interned tokens, shared by all the games one thread parses.
#[derive(Default)]
pub struct TokenCache {
    /// One-byte tokens (spaces, line ends, brackets, dots…), indexed by kind and byte.
    single: Vec<Option<GreenToken>>,
    short: FxHashMap<(u16, u8, u64), GreenToken>,
    /// Longer texts, one map per kind so that a lookup borrows the text instead of boxing it.
    long: Vec<FxHashMap<Box<str>, GreenToken>>,
}

impl TokenCache {
    /// The token of this kind and text, created once and shared afterwards.
    pub fn token(&mut self, kind: SyntaxKind, text: &str) -> GreenToken {
        let bytes = text.as_bytes();
        if let [byte] = bytes {
            let index = (kind as usize) << 8 | usize::from(*byte);
            if self.single.len() <= index {
                self.single.resize(index + 1, None);
            }
            return self.single[index]
                .get_or_insert_with(|| GreenToken::new(kind.into(), text))
                .clone();
        }
        if bytes.len() <= 8 {
            let mut packed = [0u8; 8];
            packed[..bytes.len()].copy_from_slice(bytes);
            let key = (kind as u16, bytes.len() as u8, u64::from_le_bytes(packed));
            return self
                .short
                .entry(key)
                .or_insert_with(|| GreenToken::new(kind.into(), text))
                .clone();
        }
        if bytes.len() > MAX_INTERNED {
            return GreenToken::new(kind.into(), text);
        }
        let index = kind as usize;
        if self.long.len() <= index {
            self.long.resize_with(index + 1, FxHashMap::default);
        }
        let map = &mut self.long[index];
        if let Some(token) = map.get(text) {
            return token.clone();
        }
        let token = GreenToken::new(kind.into(), text);
        map.insert(Box::from(text), token.clone());
        token
    }
}

/// A green tree builder with rowan's builder API (start, finish, checkpoints).
pub struct TreeBuilder<'c> {
    cache: &'c mut TokenCache,
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<GreenElement>,
}

/// A place in the builder's output where a node can later be started.
#[derive(Debug, Clone, Copy)]
pub struct Checkpoint(usize);

impl<'c> TreeBuilder<'c> {
    /// A builder interning tokens in `cache`.
    pub fn new(cache: &'c mut TokenCache) -> TreeBuilder<'c> {
        TreeBuilder {
            cache,
            parents: Vec::new(),
            children: Vec::with_capacity(64),
        }
    }

    /// Adds a token to the current node.
    pub fn token(&mut self, kind: SyntaxKind, text: &str) {
        let token = self.cache.token(kind, text);
        self.children.push(NodeOrToken::Token(token));
    }

    /// Starts a node; the elements added until the matching `finish_node` are its children.
    pub fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
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
