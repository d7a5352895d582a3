//! The kinds of tokens and nodes in an RBN syntax tree.
//!
//! RBN has its own kind set and rowan language rather than extra variants in the PBN
//! [`SyntaxKind`](crate::syntax::SyntaxKind): the two grammars share almost nothing (RBN is one
//! labelled line per field), the PBN code matches exhaustively on its kinds and orders them
//! (tokens before nodes), and a separate language makes it impossible to cast an RBN node to a
//! PBN AST type by mistake.

use crate::syntax::kinds::syntax_kinds;

syntax_kinds! {
    /// Every token and node kind of the RBN tree; tokens first, then nodes.
    pub enum RbnKind in RbnLanguage (RbnNode, RbnToken, RbnElement) {
        tokens {
            /// Spaces and tabs (the space after a label, or stray ones in data).
            WHITESPACE,
            /// One line end: `\n`, `\r\n` or `\r`.
            NEWLINE,
            /// A run of empty (or white-space-only) lines ending a record (file level only).
            BLANK_LINES,
            /// A line starting with `%` (file signature, remarks), without its line end.
            PERCENT_LINE,
            /// The one-character label of a field (`T`, `H`, …) or of a note (`0`–`9`).
            LABEL,
            /// A run of data between separators.
            TEXT,
            /// `:` between the parts of a field (or starting a hand).
            COLON,
            /// `;` starting a hidden hand.
            SEMICOLON,
            /// `.` between the suits of a hand.
            DOT,
            /// `+` between partners in the N field.
            PLUS,
            /// A call of the A field (`1S`, `3N`, `P`, `X`, `R`, `A`, `Y`).
            CALL,
            /// A card of the P field (`CK`, `9`, `+`, `-`, `Y`).
            CARD,
            /// An annotation: `!`, `?`, `!!`, `??`, `!?`, `?!` or `*`.
            SUFFIX,
            /// A note reference `^1`.
            NOTE_REF,
            /// A `{…}` free-text paragraph, possibly over several lines (without the final line end).
            PARAGRAPH,
            /// Text that is no token of the place it stands in.
            UNKNOWN,
            /// The data of a line past [`RBN_DATA_CAP`](super::RBN_DATA_CAP): kept, not read.
            UNREAD,
        }
        nodes {
            /// The whole file.
            FILE,
            /// One record (deal): the lines between two blank-line runs.
            RECORD,
            /// A labelled line, its data and its line end.
            FIELD,
            /// One hand of the H field, starting with its `:` or `;`.
            HAND,
            /// One trick of the P field.
            TRICK,
            /// A note line (`1 forcing`), its text and its line end.
            NOTE,
            /// A line that starts with no label.
            ERROR,
        }
        fallback ERROR
    }
}

use RbnKind::*;

impl RbnKind {
    /// Whether this kind is white space, a line end, a blank run or a `%` line.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | NEWLINE | BLANK_LINES | PERCENT_LINE)
    }
}

impl crate::syntax::top::FileLanguage for RbnLanguage {
    const FILE: RbnKind = RbnKind::FILE;
}
