//! The kinds of tokens and nodes in a LIN syntax tree.
//!
//! LIN has its own kind set and rowan language, as RBN does: its grammar (`key|value|` pairs)
//! shares nothing with PBN's tags and sections.

use crate::syntax::kinds::syntax_kinds;

syntax_kinds! {
    /// Every token and node kind of the LIN tree; tokens first, then nodes.
    pub enum LinKind in LinLanguage (LinNode, LinToken, LinElement) {
        tokens {
            /// Spaces and tabs between pairs.
            WHITESPACE,
            /// Line ends between pairs (`\n`, `\r\n`, `\r`; insignificant in LIN).
            NEWLINE,
            /// The key of a pair (`md`, `PC`, `At`), before its `|`.
            KEY,
            /// A `|`.
            BAR,
            /// The value of a pair, between its two `|` (absent when empty).
            VALUE,
            /// Text that is no pair (stray text before a `|`, or a key split by a line end).
            UNKNOWN,
            /// A web address pasted among the pairs (`https://…/handviewer.html?lin=…`): a board
            /// of its own when it is a handviewer link.
            URL,
            /// A comment line: `%` at the start of a line, to its end (PbnToLin writes them
            /// before its boards).
            COMMENT,
        }
        nodes {
            /// The whole file.
            FILE,
            /// One board: from its `qx|` pair (or the file's first pair, or a line opening with
            /// `pn|`, `st|` or `md|` after a board's deal) to the next board; or a handviewer
            /// address and the white space after it.
            BOARD,
            /// The pairs before the first board that hold the vugraph data (`vg`, `rs`) and deal no
            /// cards.
            HEADER,
            /// One `key|value|` pair.
            PAIR,
            /// Text that is no pair.
            ERROR,
        }
        fallback ERROR
    }
}

impl LinKind {
    /// Whether this kind is white space or a line end.
    pub fn is_trivia(self) -> bool {
        matches!(self, LinKind::WHITESPACE | LinKind::NEWLINE)
    }
}

impl crate::syntax::top::FileLanguage for LinLanguage {
    const FILE: LinKind = LinKind::FILE;
}
