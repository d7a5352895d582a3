//! PBN's formatter: export format, without losing anything.
//!
//! A file is cut into the same pieces the parser uses (games, comment-only chunks, runs of blank
//! lines). Each game is read into its layout (`layout`) and written again in export format
//! ([`render`]); games are independent, so large files are formatted on several threads. A game
//! the parser would report a syntax error in, or that holds something the formatter does not
//! understand well enough, is written back byte for byte. Comment-only chunks are kept, and the
//! blank lines between pieces become exactly one empty line.
//!
//! Games are lexed directly (with the syntax lexer, in the parser's modes) rather than walked in
//! a rowan tree: building the tree costs more than the whole formatting, and the formatter must
//! keep pace with files of hundreds of thousands of games. Callers that hold a [`Parse`] or an
//! [`Outline`] (the language server) pass it, and its errors decide which games are left alone.

use std::borrow::Cow;
use std::ops::Range;

use super::{Eol, FormatOptions};
use crate::diagnostic::TextEdit;
use crate::parallel::{map_slices, threads_for};
use crate::syntax::pbn::split::Splitter;
use crate::syntax::{Outline, Parse, TextRange, TextSize};

pub(crate) mod layout;
pub mod render;
pub mod values;

pub use render::{Settings, MANDATORY};

/// One piece of the file: a chunk (game or comments) or a run of blank lines.
#[derive(Debug, Clone)]
struct Piece {
    range: Range<usize>,
    blank: bool,
    /// The parser reported a syntax error inside it.
    error: bool,
}

/// Files at least this large are formatted on several threads.
const PARALLEL_THRESHOLD: usize = 1 << 20;

/// Formats a whole text.
pub fn format_text(text: &str, options: &FormatOptions) -> String {
    let pieces = split_pieces(text);
    let (replacements, trailer) = plan(text, &pieces, options);
    let len: usize = replacements.iter().map(|r| r.len()).sum::<usize>() + trailer.len();
    let mut out = String::with_capacity(len);
    for replacement in &replacements {
        out.push_str(replacement);
    }
    out.push_str(trailer);
    out
}

/// The games formatting keeps as written, by their byte ranges: a game with a syntax error,
/// or one holding something the formatter does not understand well enough to rewrite it
/// safely (a call that is no PBN call, say). Nothing the formatter cannot read whole is
/// touched, and the user, told nothing, would take these games for formatted.
pub fn kept_as_written(text: &str, options: &FormatOptions) -> Vec<Range<usize>> {
    let pieces = split_pieces(text);
    let (eol, convert_eol) = eol_for(text, &pieces, options.eol);
    let inherited = inherited_masks(text, &pieces, options.export);
    let pbn_1 = declares_pbn_1(text);
    let kept = |index: usize| -> Option<Range<usize>> {
        let piece = &pieces[index];
        if piece.blank {
            return None;
        }
        let chunk = &text[piece.range.clone()];
        let settings = Settings {
            eol,
            convert_eol,
            export: options.export,
            inherited: inherited.get(index).copied().unwrap_or(0),
            pbn_1,
        };
        let keeps = piece.error
            || match layout::read_layout(chunk) {
                None => true,
                Some(layout) if layout.is_trivia_only() => false,
                Some(layout) => render::render(&layout, &settings, chunk.len() + 64).is_none(),
            };
        keeps.then(|| piece.range.clone())
    };
    let threads = threads_for(text.len(), PARALLEL_THRESHOLD);
    let indices: Vec<usize> = (0..pieces.len()).collect();
    map_slices(&indices, threads, |part| {
        part.iter().filter_map(|&i| kept(i)).collect()
    })
}

/// Formats a whole document the language server has parsed: the edits that turn `text` into
/// [`format_text`]'s result, one per changed piece, in order and not overlapping.
pub fn format_document(parse: &Parse, text: &str, options: &FormatOptions) -> Vec<TextEdit> {
    format_outline(&parse.outline(), text, options)
}

/// [`format_document`] for a caller that keeps only the [`Outline`] of its parse.
pub(crate) fn format_outline(
    outline: &Outline,
    text: &str,
    options: &FormatOptions,
) -> Vec<TextEdit> {
    let Some(pieces) = outline_pieces(outline, text) else {
        return whole_text_edit(text, options);
    };
    let (replacements, trailer) = plan(text, &pieces, options);
    let mut edits: Vec<TextEdit> = pieces
        .iter()
        .zip(replacements)
        .filter(|(piece, new)| text[piece.range.clone()] != **new)
        .map(|(piece, new)| edit(piece.range.clone(), new.into_owned()))
        .collect();
    if !trailer.is_empty() {
        edits.push(edit(text.len()..text.len(), trailer.to_string()));
    }
    edits
}

/// Formats the games (and comment chunks) that `range` touches; blank lines, the header and the
/// rest of the document are left alone.
#[cfg(test)]
pub(crate) fn format_range(
    parse: &Parse,
    text: &str,
    range: TextRange,
    options: &FormatOptions,
) -> Vec<TextEdit> {
    format_outline_range(&parse.outline(), text, range, options)
}

/// [`format_range`] for a caller that keeps only the [`Outline`] of its parse.
pub(crate) fn format_outline_range(
    outline: &Outline,
    text: &str,
    range: TextRange,
    options: &FormatOptions,
) -> Vec<TextEdit> {
    let Some(pieces) = outline_pieces(outline, text) else {
        return Vec::new();
    };
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    let touched = |p: &Piece| {
        let at_end_of_text = start == text.len() && p.range.end == text.len();
        !p.blank && p.range.start <= end && (start < p.range.end || at_end_of_text)
    };
    let selected: Vec<bool> = pieces.iter().map(touched).collect();
    let Some(last) = selected.iter().rposition(|&s| s) else {
        return Vec::new();
    };
    let (eol, convert) = eol_for(text, &pieces, options.eol);
    let inherited = inherited_masks(text, &pieces[..=last], options.export);
    let outputs = format_pieces(text, &pieces, &selected, eol, convert, options, &inherited);
    pieces
        .iter()
        .zip(outputs)
        .filter_map(|(piece, output)| Some(edit(piece.range.clone(), output?)))
        .collect()
}

/// Formats one game (or comment chunk) as written between two blank-line runs; `None` when it
/// is already formatted or must be kept as it is.
pub fn format_game(chunk: &str, settings: &Settings<'_>) -> Option<String> {
    let layout = layout::read_layout(chunk)?;
    let out = if layout.is_trivia_only() {
        trivia_chunk(chunk, settings)
    } else {
        render::render(&layout, settings, chunk.len() + 64)?
    };
    (out != chunk).then_some(out)
}

/// A comment-only chunk: kept, with line ends converted when asked, ending with a line end.
fn trivia_chunk(chunk: &str, settings: &Settings<'_>) -> String {
    let mut out = String::with_capacity(chunk.len() + 2);
    if settings.convert_eol {
        render::push_converted(&mut out, chunk, settings.eol);
    } else {
        out.push_str(chunk);
    }
    if !ends_with_line_end(&out) {
        out.push_str(settings.eol);
    }
    out
}

fn ends_with_line_end(text: &str) -> bool {
    text.ends_with(['\n', '\r'])
}

fn edit(range: Range<usize>, new_text: String) -> TextEdit {
    TextEdit {
        range: TextRange::new(
            TextSize::from(range.start as u32),
            TextSize::from(range.end as u32),
        ),
        new_text,
    }
}

/// One edit replacing everything (when the parse does not match the text).
fn whole_text_edit(text: &str, options: &FormatOptions) -> Vec<TextEdit> {
    let new = format_text(text, options);
    if new == text {
        Vec::new()
    } else {
        vec![edit(0..text.len(), new)]
    }
}

/// The pieces of a text, cut without parsing; every chunk is read strictly by the formatter.
fn split_pieces(text: &str) -> Vec<Piece> {
    let mut splitter = Splitter::new(text, 0);
    let mut pieces = Vec::new();
    while let Some(piece) = splitter.next_piece() {
        pieces.push(Piece {
            blank: piece.is_blank(),
            range: piece.range(),
            error: false,
        });
    }
    // A `{` never closed runs to the end of the text (S004): that last chunk is kept as it is.
    if splitter.ended_in_comment {
        if let Some(last) = pieces.iter_mut().rev().find(|p| !p.blank) {
            last.error = true;
        }
    }
    pieces
}

/// The pieces of a parsed text, with the parser's errors; `None` if the outline is not of `text`.
fn outline_pieces(outline: &Outline, text: &str) -> Option<Vec<Piece>> {
    if outline.len() as usize != text.len() {
        return None;
    }
    let errors = outline.errors();
    let mut pieces = Vec::with_capacity(outline.child_count());
    for index in 0..outline.child_count() {
        let range = outline.child_range(index)?;
        let (start, end) = (usize::from(range.start()), usize::from(range.end()));
        if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            return None;
        }
        let first = errors.partition_point(|e| e.range.start() < range.start());
        let error = errors
            .get(first)
            .is_some_and(|e| e.range.start() < range.end());
        pieces.push(Piece {
            range: start..end,
            blank: outline.is_blank(index),
            error,
        });
    }
    Some(pieces)
}

/// The line end to write and whether comments' line ends are converted too.
fn eol_for(text: &str, pieces: &[Piece], eol: Eol) -> (&'static str, bool) {
    // With `Keep`, the first line end of the text that stays: blank lines before the first game
    // are dropped, and voting with them would make a second run choose differently.
    let from = pieces
        .iter()
        .find(|p| !p.blank)
        .map_or(0, |p| p.range.start);
    (eol.newline(&text[from..]), eol != Eol::Keep)
}

/// For each piece, the mandatory tags a `##` of an earlier game supplies (export mode only).
fn inherited_masks(text: &str, pieces: &[Piece], export: bool) -> Vec<u16> {
    if !export {
        return Vec::new();
    }
    let mut masks = Vec::with_capacity(pieces.len());
    let mut mask = 0u16;
    for piece in pieces {
        masks.push(mask);
        if !piece.blank && !piece.error {
            if let Some(layout) = layout::read_layout(&text[piece.range.clone()]) {
                mask = render::inherited_after(&layout, mask);
            }
        }
    }
    masks
}

/// The new text of each selected piece (`None`: unchanged), on several threads for large texts.
fn format_pieces(
    text: &str,
    pieces: &[Piece],
    selected: &[bool],
    eol: &str,
    convert: bool,
    options: &FormatOptions,
    inherited: &[u16],
) -> Vec<Option<String>> {
    let pbn_1 = declares_pbn_1(text);
    let one = |index: usize| -> Option<String> {
        let piece = &pieces[index];
        if piece.blank || piece.error || !selected[index] {
            return None;
        }
        let settings = Settings {
            eol,
            convert_eol: convert,
            export: options.export,
            inherited: inherited.get(index).copied().unwrap_or(0),
            pbn_1,
        };
        format_game(&text[piece.range.clone()], &settings)
    };
    let threads = threads_for(text.len(), PARALLEL_THRESHOLD);
    let indices: Vec<usize> = (0..pieces.len()).collect();
    map_slices(&indices, threads, |part| {
        part.iter().map(|&i| one(i)).collect()
    })
}

/// The replacement of every piece of a whole-document format, and text to append at the end.
fn plan<'t>(
    text: &'t str,
    pieces: &[Piece],
    options: &FormatOptions,
) -> (Vec<Cow<'t, str>>, &'static str) {
    let (eol, convert) = eol_for(text, pieces, options.eol);
    let selected = vec![true; pieces.len()];
    let inherited = inherited_masks(text, pieces, options.export);
    let outputs = format_pieces(text, pieces, &selected, eol, convert, options, &inherited);
    let first = pieces.iter().position(|p| !p.blank);
    let last = pieces.iter().rposition(|p| !p.blank);
    let mut replacements: Vec<Cow<'t, str>> = Vec::with_capacity(pieces.len());
    for (index, (piece, output)) in pieces.iter().zip(outputs).enumerate() {
        let new: Cow<'t, str> = match output {
            Some(new) => Cow::Owned(new),
            None => Cow::Borrowed(&text[piece.range.clone()]),
        };
        let new = if piece.blank {
            let between = first.is_some_and(|f| f < index) && last.is_some_and(|l| index < l);
            // After a piece kept as it is that ends in a lone CR, an LF would only turn that
            // into one CRLF line end and join the two pieces: the empty line takes two.
            let after_lone_cr = replacements.last().is_some_and(|r| r.ends_with('\r'));
            Cow::Borrowed(match (between, after_lone_cr && eol == "\n") {
                (false, _) => "",
                (true, false) => eol,
                (true, true) => "\n\n",
            })
        } else if Some(index) != last && !ends_with_line_end(&new) {
            Cow::Owned(format!("{new}{eol}"))
        } else {
            new
        };
        replacements.push(new);
    }
    let mut trailer = "";
    if options.export {
        if let (Some(first), Some(last)) = (first, last) {
            if let Some(with_header) = add_header(&replacements[first], eol) {
                replacements[first] = Cow::Owned(with_header);
            }
            // A last piece kept as it is for a syntax error gets nothing after it either: an
            // unclosed `{` there would take the added line into its comment, again and again.
            if ends_with_line_end(&replacements[last]) && !pieces[last].error {
                // The empty line after the last game goes where the blank run was, if any. After
                // a lone CR, an LF would only turn it into CRLF: that takes two.
                let empty_line = if replacements[last].ends_with('\r') && eol == "\n" {
                    "\n\n"
                } else {
                    eol
                };
                match pieces.get(last + 1) {
                    Some(_) => replacements[last + 1] = Cow::Borrowed(empty_line),
                    None => trailer = empty_line,
                }
            }
        }
    }
    (replacements, trailer)
}

/// Whether the `%` lines at the top of the text declare PBN 1.0 (`% PBN 1.0`).
fn declares_pbn_1(text: &str) -> bool {
    crate::text::lines_with_ends(text)
        .take_while(|(line, _)| line.starts_with('%'))
        .any(|(line, _)| {
            line.strip_prefix('%')
                .map(str::trim_start)
                .and_then(|l| l.strip_prefix("PBN"))
                .is_some_and(|v| v.trim_start().starts_with("1."))
        })
}

/// The first piece with the `% PBN 2.1` / `% EXPORT` / `%` header added, unless it has one.
fn add_header(first: &str, eol: &str) -> Option<String> {
    // Lines end in LF, CRLF or CR alone, as the reader accepts them.
    let leading: Vec<(&str, &str)> = crate::text::lines_with_ends(first)
        .take_while(|(line, _)| line.starts_with('%'))
        .collect();
    if leading
        .iter()
        .any(|(line, _)| line.trim_end() == "% EXPORT")
    {
        return None;
    }
    match leading.first() {
        Some((line, end)) if line.starts_with("% PBN") => {
            let (head, tail) = first.split_at(line.len() + end.len());
            let head_end = if end.is_empty() { eol } else { "" };
            Some(format!("{head}{head_end}% EXPORT{eol}%{eol}{tail}"))
        }
        _ => Some(format!("% PBN 2.1{eol}% EXPORT{eol}%{eol}{first}")),
    }
}

#[cfg(test)]
mod tests;
