//! The kinds of tokens and nodes in a PBN syntax tree.

use crate::syntax::kinds::syntax_kinds;

syntax_kinds! {
    /// Every token and node kind of the PBN tree; tokens first, then nodes.
    pub enum SyntaxKind in PbnLanguage (SyntaxNode, SyntaxToken, SyntaxElement) {
        tokens {
            // ---- trivia tokens ----
            /// Spaces, horizontal and vertical tabs.
            WHITESPACE,
            /// One line end: `\n`, `\r\n` or `\r`.
            NEWLINE,
            /// A run of semi-empty lines separating two games (file level only).
            BLANK_LINES,
            /// A `;` comment up to (not including) the line end.
            COMMENT_LINE,
            /// A `{…}` comment, possibly spanning lines; unterminated ones run to the end of the file.
            COMMENT_BLOCK,
            /// A line starting with `%` in column 1 (the escape mechanism), without its line end.
            ESCAPE_LINE,

            // ---- tag pair tokens ----
            /// `[`
            L_BRACK,
            /// `]`
            R_BRACK,
            /// The name of a tag pair.
            TAG_NAME,
            /// A quoted string, quotes included (tag values without inner structure, section strings).
            STRING,
            /// The opening or closing quote of a structured tag value.
            QUOTE,
            /// A run of text inside a structured tag value (a seat, a suit's ranks, a note index…).
            VALUE_TEXT,
            /// `:` inside a structured tag value.
            COLON,
            /// `.` between the suits of a hand in the Deal.
            DOT,
            /// `;` between the fields of a structured tag value.
            SEMICOLON,
            /// Text inside a tag pair where a quoted value was expected.
            UNQUOTED_VALUE,

            // ---- section tokens ----
            /// A call token of the auction section (`1NT`, `Pass`, `X`, `AP`, `-`…), valid or not.
            CALL,
            /// A card token of the play section (`SK`, `hT`, `-`…), valid or not.
            CARD,
            /// A section token of a supplemental section (table element).
            SECTION_TOKEN,
            /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
            SUFFIX,
            /// A note reference `=n=`.
            NOTE_REF,
            /// A numeric annotation glyph `$n`.
            NAG,
            /// An irregularity mark `^I`, `^S`, `^R` or `^L`.
            IRREGULARITY,
            /// `*`: the section ends early.
            STAR,
            /// `+`: the section is to be continued.
            PLUS,
            /// Text that is no token of the place it stands in.
            UNKNOWN,
        }
        nodes {
            /// The whole file.
            FILE,
            /// One game: the text between two separating blank lines.
            GAME,
            /// A run of lines between blank lines holding only comments and escape lines.
            TRIVIA,
            /// `[Name "value"]`.
            TAG_PAIR,
            /// A tag value with inner structure (Deal, Note, Scoring, table column specs).
            TAG_VALUE,
            /// One hand inside a Deal value.
            HAND,
            /// The Auction tag pair, its calls and its notes.
            AUCTION_SECTION,
            /// The Play tag pair, its cards and its notes.
            PLAY_SECTION,
            /// Any other tag pair followed by section data (tables and user sections).
            SUPPLEMENTAL_SECTION,
            /// Something the parser could not make sense of.
            ERROR,
        }
        fallback ERROR
    }
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whether this kind is whitespace, a line end, a comment or an escape line.
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            WHITESPACE | NEWLINE | BLANK_LINES | COMMENT_LINE | COMMENT_BLOCK | ESCAPE_LINE
        )
    }

    /// Whether this kind is a comment.
    pub fn is_comment(self) -> bool {
        matches!(self, COMMENT_LINE | COMMENT_BLOCK)
    }

    /// Whether this kind is one of the section node kinds.
    pub fn is_section(self) -> bool {
        matches!(self, AUCTION_SECTION | PLAY_SECTION | SUPPLEMENTAL_SECTION)
    }
}
