//! The PBN parser: builds the green tree of one chunk (a game, or comments between games).
//!
//! The grammar is small enough for a direct recursive descent into rowan's builder. Sections are
//! wrapped after the fact with checkpoints: a tag pair becomes a section only once section data
//! follows it (or when its name says it always opens one: Auction, Play and the tables).

use rowan::GreenNode;

use crate::syntax::builder::{Checkpoint, TokenCache, TreeBuilder, MAX_SHARED_NODE};

use super::lexer::{self, Lexer, Mode, Token};
use super::SyntaxKind::{self, *};
use crate::syntax::error::{SyntaxCode, SyntaxError};
use crate::syntax::DATA_LINE_CAP;
use rowan::TextRange;

/// Tag names whose section data is a table.
pub(crate) const TABLE_TAGS: &[&str] = &[
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

/// Whether `name` is one of [`TABLE_TAGS`] (all of which end in `Table`, which rules out
/// nearly every other tag without comparing it eight times).
pub(crate) fn is_table_tag(name: &str) -> bool {
    name.ends_with("Table") && TABLE_TAGS.contains(&name)
}

/// Parses the text of one chunk into a `GAME` or `TRIVIA` node; error ranges are relative to it.
pub(crate) fn parse_chunk(text: &str, cache: &mut TokenCache) -> (GreenNode, Vec<SyntaxError>) {
    let mut parser = Parser {
        lexer: Lexer::new(text),
        builder: TreeBuilder::new(cache),
        errors: Vec::new(),
        section_has_data: false,
        line_start: 0,
    };
    parser.game();
    let mut errors = parser.errors;
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    (parser.builder.finish(), errors)
}

/// Where the parser stands at game level, between two steps: enough to go on from there. The game
/// splitter keeps one to learn whether a `{` opens a comment (see [`GameState::advance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameState {
    /// The byte offset the parser has reached.
    pub pos: usize,
    open: OpenKind,
    section_has_data: bool,
}

/// [`Open`] without the builder's checkpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OpenKind {
    Nothing,
    AfterTag,
    Section(SyntaxKind),
}

impl GameState {
    /// The state at the start of a game at `pos` (a line start).
    pub fn at_game_start(pos: usize) -> GameState {
        GameState {
            pos,
            open: OpenKind::Nothing,
            section_has_data: false,
        }
    }

    /// The state just after a tag pair written `[Name "value"]` at `line_start`, a line start at
    /// game level (outside any comment), where the parser always reads a tag pair: what is open
    /// after it depends only on its name. `None` for other lines, and for a Note, which may
    /// stay within the section before it.
    pub fn after_tag_line(text: &str, line_start: usize) -> Option<GameState> {
        let tag = plain_tag_pair(text.as_bytes(), line_start)?;
        let open = match text.get(line_start + 1..tag.name_end)? {
            "Note" => return None,
            "Auction" => OpenKind::Section(AUCTION_SECTION),
            "Play" => OpenKind::Section(PLAY_SECTION),
            name if is_table_tag(name) => OpenKind::Section(SUPPLEMENTAL_SECTION),
            _ => OpenKind::AfterTag,
        };
        Some(GameState {
            pos: tag.string_end + 1,
            open,
            section_has_data: false,
        })
    }

    /// Parses on from this state until the offset `stop` (or a little past it, when a token or
    /// tag pair straddles it), building no tree; the state reached.
    pub fn advance(self, text: &str, stop: usize) -> GameState {
        let mut lexer = Lexer::new(text);
        lexer.advance(self.pos);
        let mut parser = Parser {
            lexer,
            builder: TreeBuilder::discarding(),
            errors: Vec::new(),
            section_has_data: self.section_has_data,
            // Taken as a line start: the cap on section lines only shapes the tree, which this
            // parser does not build, never how the text is lexed.
            line_start: self.pos,
        };
        let mut open = match self.open {
            OpenKind::Nothing => Open::Nothing,
            OpenKind::AfterTag => Open::AfterTag(parser.builder.checkpoint()),
            OpenKind::Section(kind) => {
                parser.builder.start_node(kind);
                Open::Section(kind)
            }
        };
        parser.steps(&mut open, stop);
        GameState {
            pos: parser.lexer.pos(),
            open: open.kind(),
            section_has_data: parser.section_has_data,
        }
    }

    /// Whether the parser, standing here, reads a `{` at its position as the start of a comment.
    pub fn reads_brace_as_comment(&self, text: &str) -> bool {
        let mut lexer = Lexer::new(text);
        lexer.advance(self.pos);
        text.as_bytes().get(self.pos) == Some(&b'{')
            && lexer
                .peek(self.mode())
                .is_some_and(|token| token.kind == COMMENT_BLOCK)
    }

    fn mode(&self) -> Mode {
        self.open.mode(self.section_has_data)
    }
}

impl OpenKind {
    /// How the lexer reads what stands here, given whether the open supplemental section has
    /// read an element.
    fn mode(self, section_has_data: bool) -> Mode {
        match self {
            OpenKind::Nothing => Mode::Identification,
            OpenKind::AfterTag => Mode::Section,
            OpenKind::Section(AUCTION_SECTION) => Mode::Auction,
            OpenKind::Section(PLAY_SECTION) => Mode::Play,
            OpenKind::Section(_) => Mode::supplemental(section_has_data),
        }
    }
}

#[derive(Clone, Copy)]
enum Open {
    /// Game level, before any tag pair.
    Nothing,
    /// After a tag pair that opens no section by itself; data after it would make one.
    AfterTag(Checkpoint),
    /// Inside a section node of this kind.
    Section(SyntaxKind),
}

impl Open {
    fn kind(self) -> OpenKind {
        match self {
            Open::Nothing => OpenKind::Nothing,
            Open::AfterTag(_) => OpenKind::AfterTag,
            Open::Section(kind) => OpenKind::Section(kind),
        }
    }
}

struct Parser<'t, 'c> {
    lexer: Lexer<'t>,
    builder: TreeBuilder<'c>,
    errors: Vec<SyntaxError>,
    /// Whether the open supplemental section has read an element (after which comments are
    /// forbidden, and a `{` is a stray character).
    section_has_data: bool,
    /// Where the current line starts (for the cap on a line of section data).
    line_start: usize,
}

impl Parser<'_, '_> {
    fn error(&mut self, code: SyntaxCode, start: usize, end: usize, message: impl Into<String>) {
        self.errors.push(SyntaxError {
            code,
            range: TextRange::new((start as u32).into(), (end as u32).into()),
            message: message.into(),
            missing: None,
        });
    }

    /// Adds the token to the tree and reports what is wrong with it on its own.
    fn bump(&mut self, token: Token) {
        let start = self.lexer.pos();
        let text = &self.lexer.text()[start..start + token.len];
        match token.kind {
            STRING => self.check_string(start, text, token.unterminated),
            COMMENT_BLOCK if token.unterminated => self.error(
                SyntaxCode::UnterminatedComment,
                start,
                start + 1,
                "this `{` comment is never closed: everything after it is taken as comment",
            ),
            _ => {}
        }
        self.builder.token(token.kind, text);
        self.lexer.advance(token.len);
        // A line end, or a comment that runs over several lines (no other token holds one).
        match token.kind {
            NEWLINE => self.line_start = start + token.len,
            COMMENT_BLOCK => {
                if let Some(last) = memchr::memrchr2(b'\n', b'\r', text.as_bytes()) {
                    self.line_start = start + last + 1;
                }
            }
            _ => {}
        }
    }

    fn check_string(&mut self, start: usize, text: &str, unterminated: bool) {
        if unterminated {
            self.error(
                SyntaxCode::UnterminatedString,
                start,
                start + text.len(),
                "string is not closed: `\"` missing before the end of the line",
            );
        }
        for (i, _) in text.match_indices('\t') {
            self.error(
                SyntaxCode::TabInString,
                start + i,
                start + i + 1,
                "tab character inside a string (use spaces)",
            );
        }
    }

    fn game(&mut self) -> SyntaxKind {
        let game_start = self.builder.checkpoint();
        let mut open = Open::Nothing;
        let has_content = self.steps(&mut open, usize::MAX);
        if let Open::Section(_) = open {
            self.builder.finish_node();
        }
        let kind = if has_content { GAME } else { TRIVIA };
        self.builder.start_node_at(game_start, kind);
        self.builder.finish_node();
        kind
    }

    /// The game-level loop, from wherever the lexer stands to the end of the text or the first
    /// step that reaches `stop`; whether anything but trivia was read.
    fn steps(&mut self, open: &mut Open, stop: usize) -> bool {
        let mut has_content = false;
        while self.lexer.pos() < stop {
            if let Open::Section(kind) = *open {
                self.section_run(kind);
                if self.lexer.pos() >= stop {
                    break;
                }
            }
            let mode = open.kind().mode(self.section_has_data);
            if matches!(open, Open::Section(_))
                && self.lexer.pos() - self.line_start > DATA_LINE_CAP
                && self.unread_rest_of_line(mode)
            {
                continue;
            }
            let Some(token) = self.lexer.peek(mode) else {
                break;
            };
            if token.kind.is_trivia() {
                self.bump(token);
                continue;
            }
            has_content = true;
            if token.kind == L_BRACK {
                *open = self.tag_pair_in_game(*open);
                continue;
            }
            match *open {
                Open::Nothing => self.unexpected_line(),
                Open::AfterTag(checkpoint) => {
                    self.builder.start_node_at(checkpoint, SUPPLEMENTAL_SECTION);
                    *open = Open::Section(SUPPLEMENTAL_SECTION);
                    self.section_element(token, SUPPLEMENTAL_SECTION);
                }
                Open::Section(kind) => self.section_element(token, kind),
            }
        }
        has_content
    }

    /// Parses a tag pair at game level, closing or opening sections around it.
    fn tag_pair_in_game(&mut self, open: Open) -> Open {
        let name = self.lexer.peek_tag_name();
        let stays_in_section =
            name == "Note" && matches!(open, Open::Section(AUCTION_SECTION | PLAY_SECTION));
        if stays_in_section {
            self.tag_pair();
            return open;
        }
        if let Open::Section(_) = open {
            self.builder.finish_node();
        }
        self.section_has_data = false;
        let checkpoint = self.builder.checkpoint();
        self.tag_pair();
        let section = match name {
            "Auction" => AUCTION_SECTION,
            "Play" => PLAY_SECTION,
            _ if is_table_tag(name) => SUPPLEMENTAL_SECTION,
            _ => return Open::AfterTag(checkpoint),
        };
        self.builder.start_node_at(checkpoint, section);
        Open::Section(section)
    }

    /// The bulk of section data: white space, line ends and the section's own tokens (calls,
    /// cards or table elements), read straight from the bytes with the tokens the general loop
    /// in [`Parser::game`] would build for them. It stops before anything else.
    fn section_run(&mut self, section: SyntaxKind) {
        let text = self.lexer.text();
        let bytes = text.as_bytes();
        let from = self.lexer.pos();
        let data_kind = match section {
            AUCTION_SECTION => CALL,
            PLAY_SECTION => CARD,
            _ => SECTION_TOKEN,
        };
        let run = |mut i: usize, pred: fn(u8) -> bool| {
            while i < bytes.len() && pred(bytes[i]) {
                i += 1;
            }
            i
        };
        let mut pos = from;
        let cap = self.line_start + DATA_LINE_CAP;
        while let Some(&b) = bytes.get(pos) {
            if pos > cap {
                break;
            }
            let (kind, end) = match b {
                b' ' | b'\t' | 0x0b => (
                    WHITESPACE,
                    run(pos + 1, |c| matches!(c, b' ' | b'\t' | 0x0b)),
                ),
                b'\n' => (NEWLINE, pos + 1),
                b'\r' if bytes.get(pos + 1) == Some(&b'\n') => (NEWLINE, pos + 2),
                b'\r' => (NEWLINE, pos + 1),
                _ if data_kind == SECTION_TOKEN && lexer::is_section_char(b) => {
                    self.section_has_data = true;
                    (SECTION_TOKEN, run(pos + 1, lexer::is_section_char))
                }
                _ if data_kind != SECTION_TOKEN && lexer::is_call_char(b) => {
                    (data_kind, run(pos + 1, lexer::is_call_char))
                }
                _ => break,
            };
            self.builder.token(kind, &text[pos..end]);
            pos = end;
            if kind == NEWLINE {
                self.line_start = pos;
            }
        }
        self.lexer.advance(pos - from);
    }

    /// Past [`DATA_LINE_CAP`]: the rest of the line as one unread piece of text (S003),
    /// lexed token by token all the same, so that where it ends (and so where games and
    /// comments start) is what it would be without the cap. A comment that runs on past the
    /// line end and a tag pair are left to be read as such. Whether anything was taken.
    fn unread_rest_of_line(&mut self, mut mode: Mode) -> bool {
        let start = self.lexer.pos();
        let mut probe = self.lexer.clone();
        while let Some(token) = probe.peek(mode) {
            let text = &probe.text()[probe.pos()..probe.pos() + token.len];
            let runs_on =
                token.kind == COMMENT_BLOCK && (token.unterminated || text.contains(['\n', '\r']));
            // A tag pair can change how what follows it is read: it is read as one.
            if matches!(token.kind, NEWLINE | L_BRACK) || runs_on {
                break;
            }
            probe.advance(token.len);
            // A supplemental section's first element ends the place where a comment may stand.
            if mode == Mode::Section && matches!(token.kind, SECTION_TOKEN | STRING) {
                mode = Mode::SectionData;
                self.section_has_data = true;
            }
        }
        let end = probe.pos();
        if end == start {
            return false;
        }
        let line_start = self.line_start;
        self.error(
            SyntaxCode::UnexpectedText,
            start,
            end,
            format!(
                "this line of section data is longer than {DATA_LINE_CAP} bytes: the rest of \
                 it ({} bytes from byte {} of the line) is not read",
                end - start,
                start - line_start
            ),
        );
        self.builder.start_node(ERROR);
        self.builder.token(UNKNOWN, &self.lexer.text()[start..end]);
        self.builder.finish_node();
        self.lexer.advance(end - start);
        true
    }

    /// One element of section data; anything that does not belong becomes an error node.
    fn section_element(&mut self, token: Token, section: SyntaxKind) {
        let fits = match section {
            AUCTION_SECTION => matches!(
                token.kind,
                CALL | SUFFIX | NOTE_REF | NAG | IRREGULARITY | STAR | PLUS
            ),
            PLAY_SECTION => matches!(
                token.kind,
                CARD | SUFFIX | NOTE_REF | NAG | IRREGULARITY | STAR | PLUS
            ),
            _ => matches!(token.kind, SECTION_TOKEN | STRING),
        };
        if fits {
            if matches!(token.kind, SECTION_TOKEN | STRING) {
                self.section_has_data = true;
            }
            self.bump(token);
            return;
        }
        let start = self.lexer.pos();
        let text = &self.lexer.text()[start..start + token.len];
        let place = match section {
            AUCTION_SECTION => "the auction: a call was expected",
            PLAY_SECTION => "the play: a card was expected",
            _ => "section data",
        };
        let message = if text.starts_with('{') {
            "this `{` is not closed on its line, and among section data it cannot open a comment \
             (only the section's tag pair may be followed by one): the rest of the line is read \
             as stray text"
                .to_string()
        } else {
            format!("unexpected `{}` in {place}", shorten(text))
        };
        self.error(
            SyntaxCode::UnexpectedText,
            start,
            start + token.len,
            message,
        );
        self.builder.start_node(ERROR);
        self.bump(token);
        self.builder.finish_node();
    }

    /// Text before the first tag pair that is no comment: an error up to the end of its line.
    fn unexpected_line(&mut self) {
        let start = self.lexer.pos();
        self.builder.start_node(ERROR);
        let mut end = start;
        while let Some(token) = self.lexer.peek(Mode::Identification) {
            if matches!(
                token.kind,
                NEWLINE | L_BRACK | COMMENT_LINE | COMMENT_BLOCK | ESCAPE_LINE
            ) {
                break;
            }
            self.bump(token);
            if token.kind != WHITESPACE {
                end = self.lexer.pos();
            }
        }
        self.builder.finish_node();
        let text = &self.lexer.text()[start..end];
        let message = format!(
            "unexpected text `{}`: only tag pairs and comments may stand here",
            shorten(text)
        );
        self.error(SyntaxCode::UnexpectedText, start, end, message);
    }

    /// Consumes white space and line ends inside a tag pair, but only when `wanted` follows them.
    fn eat_in_tag(&mut self, wanted: impl Fn(SyntaxKind) -> bool) -> Option<Token> {
        let mut probe = self.lexer.clone();
        loop {
            let token = probe.peek(Mode::Tag)?;
            if matches!(token.kind, WHITESPACE | NEWLINE) {
                probe.advance(token.len);
                continue;
            }
            if !wanted(token.kind) {
                return None;
            }
            while self.lexer.pos() < probe.pos() {
                match self.lexer.peek(Mode::Tag) {
                    Some(trivia) => self.bump(trivia),
                    None => break,
                }
            }
            return Some(token);
        }
    }

    /// `[` name value `]`, as far as it goes.
    fn tag_pair(&mut self) {
        if self.well_formed_tag_pair() {
            return;
        }
        self.builder.start_node(TAG_PAIR);
        let start = self.lexer.pos();
        self.lexer.advance(1);
        self.builder.token(L_BRACK, "[");
        let mut problems: Vec<&str> = Vec::new();
        // Problems told in full (an unquoted value, stray tokens); reported with the others, on
        // the whole tag pair as far as it goes, as the catalogue gives S002's range.
        let mut told: Vec<String> = Vec::new();

        let name = match self.eat_in_tag(|k| k == TAG_NAME) {
            Some(token) => {
                let at = self.lexer.pos();
                let name = &self.lexer.text()[at..at + token.len];
                self.bump(token);
                Some(name)
            }
            None => {
                problems.push("has no tag name");
                None
            }
        };

        if let Some(token) = self.eat_in_tag(|k| k == STRING) {
            self.tag_value(token, name.unwrap_or(""));
        } else if name.is_some() {
            // Same-line text that is no string: an unquoted value such as `[Event Club Pairs]`.
            let mut probe = self.lexer.clone();
            if let Some(ws) = probe.peek(Mode::Tag).filter(|t| t.kind == WHITESPACE) {
                probe.advance(ws.len);
            }
            let unquoted = probe
                .peek(Mode::Tag)
                .is_some_and(|t| matches!(t.kind, TAG_NAME | UNKNOWN));
            if unquoted {
                if let Some(ws) = self.lexer.peek(Mode::Tag).filter(|t| t.kind == WHITESPACE) {
                    self.bump(ws);
                }
                let at = self.lexer.pos();
                let len = self.lexer.unquoted_value();
                let text = self.lexer.text()[at..at + len].trim_end();
                self.builder.start_node(ERROR);
                self.builder
                    .token(UNQUOTED_VALUE, &self.lexer.text()[at..at + len]);
                self.builder.finish_node();
                told.push(format!(
                    "tag value is not quoted: write [{} \"{}\"]",
                    name.unwrap_or(""),
                    text.replace('\\', "\\\\").replace('"', "\\\"")
                ));
            } else {
                problems.push("has no value");
            }
        } else {
            problems.push("has no value");
        }

        if self.eat_in_tag(|k| k == R_BRACK).is_some() {
            self.builder.token(R_BRACK, "]");
            self.lexer.advance(1);
        } else if let Some(bracket_at) = self.stray_until_bracket() {
            // Extra tokens before the `]` on the same line.
            let from = self.lexer.pos();
            self.builder.start_node(ERROR);
            while self.lexer.pos() < bracket_at {
                match self.lexer.peek(Mode::Tag) {
                    Some(token) => self.bump(token),
                    None => break,
                }
            }
            self.builder.finish_node();
            let text = self.lexer.text()[from..bracket_at].trim();
            told.push(format!("unexpected `{}` inside a tag pair", shorten(text)));
            self.builder.token(R_BRACK, "]");
            self.lexer.advance(1);
        } else {
            problems.push("is not closed by `]`");
        }
        self.builder.finish_node();

        if !problems.is_empty() {
            let what = match name {
                Some(name) => format!("tag pair `{name}`"),
                None => "tag pair".to_string(),
            };
            told.push(format!("{what} {}", problems.join(" and ")));
        }
        if !told.is_empty() {
            let end = self.lexer.pos();
            self.error(
                SyntaxCode::MalformedTagPair,
                start,
                end.max(start + 1),
                told.join("; "),
            );
        }
    }

    /// The common case, `[Name "value"]` on one line (any spaces or tabs between name and
    /// value, nothing else), read straight from the bytes. It builds exactly the tokens the
    /// general path below builds for such a tag pair; anything else returns `false` having
    /// consumed nothing, and the general path takes over.
    fn well_formed_tag_pair(&mut self) -> bool {
        let text = self.lexer.text();
        let start = self.lexer.pos();
        let Some(PlainTagPair {
            name_end,
            quote,
            string_end,
        }) = plain_tag_pair(text.as_bytes(), start)
        else {
            return false;
        };
        // The same text always gives the same node, and without a tab no error either: such
        // tag pairs are shared between games.
        let source = &text[start..string_end + 1];
        let name = &text[start + 1..name_end];
        // Deals never repeat: remembering them would only evict tag pairs that do.
        let shareable = name != "Deal"
            && source.len() <= MAX_SHARED_NODE
            && memchr::memchr(b'\t', source.as_bytes()).is_none();
        if shareable {
            if let Some(node) = self.builder.shared_node(source) {
                self.builder.push_node(node);
                self.lexer.advance(source.len());
                return true;
            }
        }
        self.builder.start_node(TAG_PAIR);
        self.builder.token(L_BRACK, "[");
        self.builder.token(TAG_NAME, name);
        if quote > name_end {
            self.builder.token(WHITESPACE, &text[name_end..quote]);
        }
        self.lexer.advance(quote - start);
        let value = Token {
            kind: STRING,
            len: string_end - quote,
            unterminated: false,
        };
        self.tag_value(value, name);
        self.builder.token(R_BRACK, "]");
        self.lexer.advance(1);
        self.builder.finish_node();
        if shareable {
            self.builder.share_last_node(source);
        }
        true
    }

    /// If a `]` follows on the same line before anything that ends a tag pair, its offset.
    fn stray_until_bracket(&self) -> Option<usize> {
        let mut probe = self.lexer.clone();
        loop {
            let token = probe.peek(Mode::Tag)?;
            match token.kind {
                R_BRACK => return Some(probe.pos()),
                NEWLINE | L_BRACK | COMMENT_BLOCK | COMMENT_LINE | ESCAPE_LINE => return None,
                _ => probe.advance(token.len),
            }
        }
    }

    /// A tag value: a plain string, or a `TAG_VALUE` node for values with inner structure.
    fn tag_value(&mut self, token: Token, name: &str) {
        let structure = match name {
            "Deal" => Structure::Deal,
            "Note" => Structure::Note,
            "Scoring" => Structure::Fields,
            _ if is_table_tag(name) => Structure::Fields,
            _ => Structure::Plain,
        };
        if structure == Structure::Plain || token.unterminated || token.len < 2 {
            self.bump(token);
            return;
        }
        let start = self.lexer.pos();
        let full = &self.lexer.text()[start..start + token.len];
        self.check_string(start, full, false);
        let inner = &full[1..full.len() - 1];
        self.builder.start_node(TAG_VALUE);
        self.builder.token(QUOTE, "\"");
        match structure {
            Structure::Deal => self.deal_value(inner),
            Structure::Note => match inner.find(':') {
                Some(colon) => {
                    self.value_text(&inner[..colon]);
                    self.builder.token(COLON, ":");
                    self.value_text(&inner[colon + 1..]);
                }
                None => self.value_text(inner),
            },
            _ => {
                for (i, field) in inner.split(';').enumerate() {
                    if i > 0 {
                        self.builder.token(SEMICOLON, ";");
                    }
                    self.value_text(field);
                }
            }
        }
        self.builder.token(QUOTE, "\"");
        self.builder.finish_node();
        self.lexer.advance(token.len);
    }

    fn value_text(&mut self, text: &str) {
        if !text.is_empty() {
            self.builder.token(VALUE_TEXT, text);
        }
    }

    /// `seat:hand hand hand hand`, each hand split at its dots.
    fn deal_value(&mut self, inner: &str) {
        let rest = match inner.find(':') {
            Some(colon) if !inner[..colon].contains([' ', '\t']) => {
                self.value_text(&inner[..colon]);
                self.builder.token(COLON, ":");
                &inner[colon + 1..]
            }
            _ => inner,
        };
        let bytes = rest.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            if matches!(bytes[i], b' ' | b'\t') {
                while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                self.builder.token(WHITESPACE, &rest[start..i]);
                continue;
            }
            while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t') {
                i += 1;
            }
            self.builder.start_node(HAND);
            for (n, suit) in rest[start..i].split('.').enumerate() {
                if n > 0 {
                    self.builder.token(DOT, ".");
                }
                self.value_text(suit);
            }
            self.builder.finish_node();
        }
    }
}

/// Where the parts of a tag pair written `[Name "value"]` on one line end.
struct PlainTagPair {
    /// Just past the name.
    name_end: usize,
    /// The opening quote of the value.
    quote: usize,
    /// Just past the closing quote (where the `]` stands).
    string_end: usize,
}

/// The tag pair at `start` if it is written `[Name "value"]` on one line (any spaces or tabs
/// between name and value, nothing else).
fn plain_tag_pair(bytes: &[u8], start: usize) -> Option<PlainTagPair> {
    if bytes.get(start) != Some(&b'[') {
        return None;
    }
    let name_end = lexer::name_end(bytes, start + 1);
    if name_end == start + 1 {
        return None;
    }
    let mut quote = name_end;
    while matches!(bytes.get(quote), Some(b' ' | b'\t' | 0x0b)) {
        quote += 1;
    }
    if bytes.get(quote) != Some(&b'"') {
        return None;
    }
    let string_end = lexer::string_end(bytes, quote + 1).ok()?;
    (bytes.get(string_end) == Some(&b']')).then_some(PlainTagPair {
        name_end,
        quote,
        string_end,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Structure {
    Plain,
    Deal,
    Note,
    Fields,
}

/// At most 40 characters of `text` for messages, control characters shown escaped.
fn shorten(text: &str) -> String {
    let mut chars = text.chars();
    let mut short = String::new();
    for c in chars.by_ref().take(40) {
        if c.is_control() {
            short.extend(c.escape_default());
        } else {
            short.push(c);
        }
    }
    if chars.next().is_some() {
        short.push('…');
    }
    short
}
