//! Reading one game chunk into the formatter's layout: its tags, sections, items and the
//! comments attached to each, as written (what they mean is the `model` layer's business).
//!
//! The chunk is lexed with the syntax lexer in the same modes the parser uses (identification,
//! tag, auction, play, section data), so tokens are exactly the parser's. The reader is strict:
//! anything the parser would report as a syntax error (an unterminated string or comment, a tab
//! in a string, a malformed tag pair, text that is no token of its place) makes it give up, and
//! the game is then written back unchanged. Giving up more often than the parser is harmless;
//! a test checks that it never accepts a game the parser rejects.

use crate::syntax::pbn::lexer::{Lexer, Mode, Token};
use crate::syntax::pbn::parser::is_table_tag;
use crate::syntax::SyntaxKind::{self, *};
use crate::syntax::DATA_LINE_CAP;

/// A comment or an escape line, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trivia<'a> {
    /// A `;` or `{}` comment; `own_line` when only white space precedes it on its line.
    Comment {
        /// The comment's text, delimiters included.
        text: &'a str,
        /// Whether it started a line in the input.
        own_line: bool,
    },
    /// A `%` line (without its line end).
    Escape(&'a str),
}

/// A tag pair and the comments and escape lines that follow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name.
    pub name: &'a str,
    /// The value as written between the quotes (escapes not resolved).
    pub raw: &'a str,
    /// What follows the tag up to the next tag or section data.
    pub trivia: Vec<Trivia<'a>>,
}

/// A call, card, `*`, `+` or table element with what belongs to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<'a> {
    /// `CALL`, `CARD`, `STAR`, `PLUS`, `IRREGULARITY` (a lone `^S`), `SECTION_TOKEN` or `STRING`.
    pub kind: SyntaxKind,
    /// The token as written.
    pub text: &'a str,
    /// `^I`, `^R` or `^L` marks written before it.
    pub marks: Vec<&'a str>,
    /// Suffixes, note references and NAGs after it, in text order.
    pub annotations: Vec<(SyntaxKind, &'a str)>,
    /// Comments and escape lines after it.
    pub trivia: Vec<Trivia<'a>>,
    /// For each of `trivia`, how many of `annotations` stood before it in the text (the
    /// reference exporter keeps a comment after the annotation it followed).
    pub trivia_after: Vec<usize>,
    /// The input line it stands on (counted from the chunk start).
    pub line: u32,
}

/// Which kind of section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    /// `[Auction]`.
    Auction,
    /// `[Play]`.
    Play,
    /// A table or user-defined section.
    Supplemental,
}

/// A section: its opening tag, its data and (auction and play) its notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    /// Which kind.
    pub kind: SectionKind,
    /// The opening tag (its trivia: what follows it before the first data token).
    pub tag: Tag<'a>,
    /// The data in order.
    pub items: Vec<Item<'a>>,
    /// The Note tags inside the section, in text order.
    pub notes: Vec<Tag<'a>>,
}

/// One game as the formatter sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameLayout<'a> {
    /// The chunk the game was read from.
    pub text: &'a str,
    /// Comments and escape lines before the first tag.
    pub leading: Vec<Trivia<'a>>,
    /// The tag pairs that open no section, in text order.
    pub tags: Vec<Tag<'a>>,
    /// The sections in text order.
    pub sections: Vec<Section<'a>>,
}

impl GameLayout<'_> {
    /// Whether the chunk held no tag pair at all (comments and escape lines only).
    pub fn is_trivia_only(&self) -> bool {
        self.tags.is_empty() && self.sections.is_empty()
    }
}

/// Where the next comment attaches.
#[derive(Clone, Copy)]
enum Target {
    Leading,
    Tag(usize),
    SectionTag,
    Item,
    Note,
}

/// What is open at game level.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Nothing,
    AfterTag,
    Section(SectionKind),
}

/// Reads a chunk; `None` when it has anything the parser would call a syntax error.
pub(crate) fn read_layout(text: &str) -> Option<GameLayout<'_>> {
    let mut lexer = Lexer::new(text);
    let mut layout = GameLayout {
        text,
        ..GameLayout::default()
    };
    let mut open = Open::Nothing;
    let mut target = Target::Leading;
    let mut marks: Vec<&str> = Vec::new();
    let mut line_start = true;
    let mut line_offset = 0;
    let mut line: u32 = 0;
    loop {
        let mode = match open {
            Open::Nothing => Mode::Identification,
            Open::AfterTag => Mode::Section,
            Open::Section(SectionKind::Supplemental) => {
                Mode::supplemental(layout.sections.last().is_some_and(|s| !s.items.is_empty()))
            }
            Open::Section(SectionKind::Auction) => Mode::Auction,
            Open::Section(SectionKind::Play) => Mode::Play,
        };
        let Some(token) = lexer.peek(mode) else {
            break;
        };
        let start = lexer.pos();
        let token_text = &text[start..start + token.len];
        // Past the parser's cap on a line of section data its rest is unread text (S003); the
        // cap is applied here to every line, which only keeps a few more lines as written.
        let runs_on = token.kind == COMMENT_BLOCK && token_text.contains(['\n', '\r']);
        if start - line_offset > DATA_LINE_CAP && token.kind != NEWLINE && !runs_on {
            return None;
        }
        match token.kind {
            WHITESPACE => {
                lexer.advance(token.len);
                continue;
            }
            NEWLINE => {
                lexer.advance(token.len);
                line_offset = lexer.pos();
                line_start = true;
                line += 1;
                continue;
            }
            COMMENT_LINE | COMMENT_BLOCK | ESCAPE_LINE => {
                if token.unterminated {
                    return None;
                }
                let trivia = if token.kind == ESCAPE_LINE {
                    Trivia::Escape(token_text)
                } else {
                    Trivia::Comment {
                        text: token_text,
                        own_line: line_start,
                    }
                };
                if !marks.is_empty() {
                    return None;
                }
                attach(&mut layout, target, trivia)?;
                lexer.advance(token.len);
                line += token_text.matches('\n').count() as u32;
                if let Some(last) = memchr::memrchr2(b'\n', b'\r', token_text.as_bytes()) {
                    line_offset = start + last + 1;
                }
                line_start = false;
                continue;
            }
            _ => {}
        }
        line_start = false;
        if token.kind == L_BRACK {
            if !marks.is_empty() {
                return None;
            }
            take_tag(&mut layout, &mut lexer, &mut open, &mut target)?;
            continue;
        }
        lexer.advance(token.len);
        if take_item(&mut layout, &token, token_text, &mut open, &mut marks, line)? {
            target = Target::Item;
        }
    }
    if !marks.is_empty() {
        return None;
    }
    Some(layout)
}

/// Takes a call, card, annotation, mark or table element into the section open (a plain
/// tag followed by data becomes a supplemental section): whether it is a new item (what
/// comments after it attach to); `None` when it does not belong there.
fn take_item<'a>(
    layout: &mut GameLayout<'a>,
    token: &Token,
    token_text: &'a str,
    open: &mut Open,
    marks: &mut Vec<&'a str>,
    line: u32,
) -> Option<bool> {
    let kind_of_token = token.kind;
    let kind = match *open {
        Open::Nothing => return None,
        Open::AfterTag => {
            // Data after a plain tag turns it into a supplemental section. A Note with data
            // cannot be moved: placed after an Auction or Play it would join that section
            // and its data would become calls or cards. Such a game is kept as it is.
            let tag = layout.tags.pop()?;
            if tag.name == "Note" {
                return None;
            }
            layout.sections.push(Section {
                kind: SectionKind::Supplemental,
                tag,
                items: Vec::new(),
                notes: Vec::new(),
            });
            *open = Open::Section(SectionKind::Supplemental);
            SectionKind::Supplemental
        }
        Open::Section(kind) => kind,
    };
    let fits = match kind {
        SectionKind::Auction => matches!(
            kind_of_token,
            CALL | SUFFIX | NOTE_REF | NAG | IRREGULARITY | STAR | PLUS
        ),
        SectionKind::Play => matches!(
            kind_of_token,
            CARD | SUFFIX | NOTE_REF | NAG | IRREGULARITY | STAR | PLUS
        ),
        SectionKind::Supplemental => matches!(kind_of_token, SECTION_TOKEN | STRING),
    };
    if !fits || (kind_of_token == STRING && !string_ok(token, token_text)) {
        return None;
    }
    let section = layout.sections.last_mut()?;
    match kind_of_token {
        SUFFIX | NOTE_REF | NAG => {
            if !marks.is_empty() {
                return None;
            }
            let item = section.items.last_mut()?;
            item.annotations.push((kind_of_token, token_text));
            Some(false)
        }
        IRREGULARITY if token_text != "^S" => {
            marks.push(token_text);
            Some(false)
        }
        _ => {
            if kind_of_token == IRREGULARITY && !marks.is_empty() {
                return None;
            }
            section.items.push(Item {
                kind: kind_of_token,
                text: token_text,
                marks: std::mem::take(marks),
                annotations: Vec::new(),
                trivia: Vec::new(),
                trivia_after: Vec::new(),
                line,
            });
            Some(true)
        }
    }
}

/// Takes a tag pair the lexer is at: a Note joins its Auction or Play, a section's tag opens
/// the section, any other tag is one of the game's; `None` when the pair is malformed.
fn take_tag<'a>(
    layout: &mut GameLayout<'a>,
    lexer: &mut Lexer<'a>,
    open: &mut Open,
    target: &mut Target,
) -> Option<()> {
    let name_for_section = lexer.peek_tag_name();
    let tag = read_tag(lexer)?;
    if tag.name != name_for_section {
        return None;
    }
    let in_section = matches!(
        *open,
        Open::Section(SectionKind::Auction | SectionKind::Play)
    );
    if tag.name == "Note" && in_section {
        layout.sections.last_mut()?.notes.push(tag);
        *target = Target::Note;
        return Some(());
    }
    // A Note after an unrelated tag still belongs to the Auction or Play before it (as
    // the checks read it); written with that section's notes, it keeps its meaning.
    // (Data after it would have to stay with it: such a game is kept as it is.)
    if tag.name == "Note" {
        let owner = layout
            .sections
            .last_mut()
            .filter(|s| matches!(s.kind, SectionKind::Auction | SectionKind::Play));
        if let Some(owner) = owner {
            owner.notes.push(tag);
            *open = Open::Nothing;
            *target = Target::Note;
            return Some(());
        }
    }
    let kind = match tag.name {
        "Auction" => Some(SectionKind::Auction),
        "Play" => Some(SectionKind::Play),
        name if is_table_tag(name) => Some(SectionKind::Supplemental),
        _ => None,
    };
    match kind {
        Some(kind) => {
            layout.sections.push(Section {
                kind,
                tag,
                items: Vec::new(),
                notes: Vec::new(),
            });
            *open = Open::Section(kind);
            *target = Target::SectionTag;
        }
        None => {
            layout.tags.push(tag);
            *open = Open::AfterTag;
            *target = Target::Tag(layout.tags.len() - 1);
        }
    }
    Some(())
}

fn attach<'a>(layout: &mut GameLayout<'a>, target: Target, trivia: Trivia<'a>) -> Option<()> {
    match target {
        Target::Leading => layout.leading.push(trivia),
        Target::Tag(index) => layout.tags.get_mut(index)?.trivia.push(trivia),
        Target::SectionTag => layout.sections.last_mut()?.tag.trivia.push(trivia),
        Target::Item => {
            let item = layout.sections.last_mut()?.items.last_mut()?;
            item.trivia_after.push(item.annotations.len());
            item.trivia.push(trivia);
        }
        Target::Note => layout
            .sections
            .last_mut()?
            .notes
            .last_mut()?
            .trivia
            .push(trivia),
    }
    Some(())
}

/// Whether a string token is closed and holds no tab.
fn string_ok(token: &Token, text: &str) -> bool {
    !token.unterminated && text.len() >= 2 && !text.contains('\t')
}

/// `[` name value `]` with only white space between; `None` for anything else.
fn read_tag<'a>(lexer: &mut Lexer<'a>) -> Option<Tag<'a>> {
    let text = lexer.text();
    lexer.advance(1);
    // No line end between `[` and the name: the parser decides sections on the same line.
    let name = next_in_tag(lexer, false)?;
    if name.0.kind != TAG_NAME {
        return None;
    }
    let value = next_in_tag(lexer, true)?;
    if value.0.kind != STRING {
        return None;
    }
    let value_text = &text[value.1..value.1 + value.0.len];
    if !string_ok(&value.0, value_text) {
        return None;
    }
    let close = next_in_tag(lexer, true)?;
    if close.0.kind != R_BRACK {
        return None;
    }
    Some(Tag {
        name: &text[name.1..name.1 + name.0.len],
        raw: &value_text[1..value_text.len() - 1],
        trivia: Vec::new(),
    })
}

/// The next token inside a tag pair after white space (and line ends when allowed), consumed,
/// with its offset.
fn next_in_tag(lexer: &mut Lexer<'_>, newlines: bool) -> Option<(Token, usize)> {
    loop {
        let token = lexer.peek(Mode::Tag)?;
        let at = lexer.pos();
        lexer.advance(token.len);
        match token.kind {
            WHITESPACE => continue,
            NEWLINE if newlines => continue,
            _ => return Some((token, at)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_sections_and_comments() {
        let text = "{lead}\n[Event \"x\"] {after}\n[Auction \"N\"]\n1S ! =1= Pass {c}\n[Note \"1:y\"]\n[Foo \"a\"]\nb c\n";
        let layout = read_layout(text).unwrap();
        assert_eq!(layout.leading.len(), 1);
        assert_eq!(layout.tags.len(), 1);
        assert_eq!(
            layout.tags[0].trivia,
            vec![Trivia::Comment {
                text: "{after}",
                own_line: false
            }]
        );
        assert_eq!(layout.sections.len(), 2);
        let auction = &layout.sections[0];
        assert_eq!(auction.items.len(), 2);
        assert_eq!(auction.items[0].annotations.len(), 2);
        assert_eq!(auction.items[1].trivia.len(), 1);
        assert_eq!(auction.notes.len(), 1);
        assert_eq!(layout.sections[1].kind, SectionKind::Supplemental);
        assert_eq!(layout.sections[1].items.len(), 2);
    }

    #[test]
    fn refuses_what_the_parser_rejects() {
        for text in [
            "[Event \"x\"\n",
            "[Event x]\n",
            "stray\n[Event \"x\"]\n",
            "[Auction \"N\"]\n1S \"x\"\n",
            "[Event \"a\tb\"]\n",
            "[Event \"x\"] {open\n",
            "[Auction \"N\"]\n^I\n",
            "[Event \"x\" y]\n",
        ] {
            assert!(read_layout(text).is_none(), "{text:?}");
        }
    }
}
