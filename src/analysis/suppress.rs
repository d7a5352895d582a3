//! In-file suppression on the notations' own escape mechanism: a line
//! `% kibitzer-ignore: A301, T102` before the first game (or record) silences those codes in the
//! whole file; inside a game, in that game. Codes may be prefixes (`A3`), as on the command line.
//!
//! The same pass runs for `kibitzer check` and for the language server, over a document's
//! diagnostics and the directives found in its pieces: unknown codes are reported (S012), and
//! so are codes that silenced nothing (S013, a hint with a fix that removes them).

use crate::diagnostic::catalogue::CATALOGUE;
use crate::diagnostic::Code;
use crate::diagnostic::{Diagnostic, TextRange, TextSize};

/// The word that starts a directive after the `%`.
pub const DIRECTIVE: &str = "kibitzer-ignore:";

/// One code named by a directive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IgnoredCode {
    /// The code or prefix, upper-cased.
    pub code: String,
    /// Where it is written.
    pub range: TextRange,
}

/// One `% kibitzer-ignore:` line of a piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Directive {
    /// The whole line, without its line end.
    pub line: TextRange,
    /// The codes it names.
    pub codes: Vec<IgnoredCode>,
}

impl Directive {
    /// The same directive moved forward by `offset` bytes.
    pub fn shifted(mut self, offset: u32) -> Directive {
        let by = TextSize::from(offset);
        self.line += by;
        for code in &mut self.codes {
            code.range += by;
        }
        self
    }
}

/// What one piece of a document tells the suppression pass: its directives and where its first
/// body line (a tag pair, an RBN field) starts, both relative to the piece.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PieceFacts {
    /// The directives, in text order.
    pub directives: Vec<Directive>,
    /// The start of the first body line, if the piece has one.
    pub first_body_line: Option<u32>,
}

/// Lines ending at `\n`, `\r\n` or `\r`: (start, content without the line end).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    crate::text::lines_with_ends(text).map(move |(line, end)| {
        let start = at;
        at += line.len() + end.len();
        (start, line)
    })
}

/// The facts of one piece; `is_body_line` says which lines are the notation's content (a line
/// starting with `[` in PBN). Cheap when the piece holds no directive: one substring search.
pub(crate) fn piece_facts(piece_text: &str, is_body_line: fn(&str) -> bool) -> PieceFacts {
    let mut facts = PieceFacts::default();
    let has_directive = mentions_directive(piece_text);
    for (start, line) in lines(piece_text) {
        if facts.first_body_line.is_none() && is_body_line(line) {
            facts.first_body_line = Some(start as u32);
            if !has_directive {
                break;
            }
        }
        if let Some(directive) = directive_of(line, start) {
            facts.directives.push(directive);
        }
    }
    facts
}

/// The directive a line holds, if it is one (`%`, optional spaces, the word, the codes).
fn directive_of(line: &str, start: usize) -> Option<Directive> {
    let after_percent = line.strip_prefix('%')?;
    let trimmed = after_percent.trim_start();
    let list = trimmed.strip_prefix(DIRECTIVE)?;
    let list_start = start + 1 + (after_percent.len() - trimmed.len()) + DIRECTIVE.len();
    let mut codes = Vec::new();
    let mut offset = 0;
    for part in list.split(',') {
        let code = part.trim();
        if !code.is_empty() {
            let lead = part.len() - part.trim_start().len();
            let from = (list_start + offset + lead) as u32;
            codes.push(IgnoredCode {
                code: code.to_ascii_uppercase(),
                range: TextRange::new(from.into(), (from + code.len() as u32).into()),
            });
        }
        offset += part.len() + 1;
    }
    let end = (start + line.len()) as u32;
    Some(Directive {
        line: TextRange::new((start as u32).into(), end.into()),
        codes,
    })
}

/// One piece of a document for the pass: its range and its facts (relative to the piece). A
/// piece with a body line is a game (or record); a directive in another piece after the first
/// game applies to nothing.
#[derive(Debug, Clone)]
pub struct Piece<'f> {
    /// The piece's range in the document.
    pub range: TextRange,
    /// Its facts.
    pub facts: &'f PieceFacts,
}

fn known(code: &str) -> bool {
    CATALOGUE.iter().any(|c| c.code.starts_with(code))
}

/// Drops the diagnostics the document's directives silence and adds the findings about the
/// directives themselves. `pieces` are in text order and cover the document; `diagnostics` have
/// absolute ranges. The result is in text order.
pub fn apply(pieces: &[Piece<'_>], diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if pieces.iter().all(|p| p.facts.directives.is_empty()) {
        return diagnostics;
    }
    // The file scope ends where the first body line of the document starts.
    let body_start = pieces
        .iter()
        .find_map(|p| {
            p.facts
                .first_body_line
                .map(|at| u32::from(p.range.start()) + at)
        })
        .unwrap_or(u32::MAX);
    // (scope, directive, used flags per code)
    let mut scopes: Vec<(Option<TextRange>, Directive, Vec<bool>)> = Vec::new();
    let mut findings = Vec::new();
    for piece in pieces {
        let start = u32::from(piece.range.start());
        for directive in &piece.facts.directives {
            let directive = directive.clone().shifted(start);
            for code in directive.codes.iter().filter(|c| !known(&c.code)) {
                findings.push(Diagnostic::new(
                    Code::S012,
                    code.range,
                    format!(
                        "`{}` is no diagnostic code, so it silences nothing",
                        code.code
                    ),
                ));
            }
            let scope = if u32::from(directive.line.start()) < body_start {
                None
            } else if piece.facts.first_body_line.is_some() {
                Some(piece.range)
            } else {
                findings.push(Diagnostic::new(
                    Code::S012,
                    directive.line,
                    "this suppression stands between games: put it before the first game, for the whole file, or inside the game it is for",
                ));
                continue;
            };
            let used = vec![false; directive.codes.len()];
            scopes.push((scope, directive, used));
        }
    }
    let mut kept = Vec::with_capacity(diagnostics.len());
    for diagnostic in diagnostics {
        let mut silenced = false;
        for (scope, directive, used) in &mut scopes {
            if scope.is_some_and(|s| !s.contains_range(diagnostic.range)) {
                continue;
            }
            for (code, flag) in directive.codes.iter().zip(used.iter_mut()) {
                if diagnostic.code.starts_with(code.code.as_str()) {
                    *flag = true;
                    silenced = true;
                }
            }
        }
        if !silenced {
            kept.push(diagnostic);
        }
    }
    for (_, directive, used) in &scopes {
        for (code, used) in directive.codes.iter().zip(used) {
            if !used && known(&code.code) {
                findings.push(
                    Diagnostic::new(
                        Code::S013,
                        code.range,
                        format!(
                            "nothing here is reported as `{}`: this suppression is not needed",
                            code.code
                        ),
                    )
                    .with_fix(
                        format!("Remove `{}`", code.code),
                        code.range,
                        "",
                    ),
                );
            }
        }
    }
    kept.extend(findings);
    kept.sort_by_key(|d| (d.range.start(), d.range.end()));
    kept
}

/// A PBN body line: a tag pair.
pub(crate) fn pbn_body_line(line: &str) -> bool {
    line.starts_with('[')
}

/// An RBN body line: a field (a letter label).
pub(crate) fn rbn_body_line(line: &str) -> bool {
    line.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}

/// The pass over a whole text cut into pieces at `piece_starts` (which cover it); for a text
/// without any directive, only one substring search.
pub(crate) fn apply_to_text(
    text: &str,
    piece_starts: impl FnOnce() -> Vec<u32>,
    is_body_line: fn(&str) -> bool,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if !mentions_directive(text) {
        return diagnostics;
    }
    let starts = piece_starts();
    let range = |i: usize| {
        let start = starts[i];
        let end = starts.get(i + 1).copied().unwrap_or(text.len() as u32);
        TextRange::new(start.into(), end.into())
    };
    let facts: Vec<PieceFacts> = (0..starts.len())
        .map(|i| {
            let r = range(i);
            let piece = text.get(usize::from(r.start())..usize::from(r.end()));
            piece_facts(piece.unwrap_or(""), is_body_line)
        })
        .collect();
    let pieces: Vec<Piece<'_>> = facts
        .iter()
        .enumerate()
        .map(|(i, facts)| Piece {
            range: range(i),
            facts,
        })
        .collect();
    apply(&pieces, diagnostics)
}

/// Whether a text holds a directive at all (the fast path of every caller).
pub(crate) fn mentions_directive(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), DIRECTIVE.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_are_read_with_their_codes_and_places() {
        let text = "% PBN 2.1\n%  kibitzer-ignore: a301, T1 ,X\r\n[Event \"\"]\n";
        let facts = piece_facts(text, pbn_body_line);
        assert_eq!(facts.first_body_line, Some(text.find('[').unwrap() as u32));
        let codes: Vec<(&str, &str)> = facts.directives[0]
            .codes
            .iter()
            .map(|c| {
                let r = usize::from(c.range.start())..usize::from(c.range.end());
                (c.code.as_str(), &text[r])
            })
            .collect();
        assert_eq!(codes, [("A301", "a301"), ("T1", "T1"), ("X", "X")]);
        assert!(piece_facts("% kibitzer-ignored\n", pbn_body_line)
            .directives
            .is_empty());
    }
}
