//! The shared vocabulary of findings: diagnostics, severities, fixes and the catalogue of codes.
//!
//! Every layer that reports something (the parsers' syntax errors, the checks, the front ends)
//! speaks in these types, so they sit below all of them and depend on nothing but text ranges.

pub(crate) mod catalogue;
pub(crate) mod fix;
pub mod flood;
mod severity;

pub use catalogue::{Code, CodeInfo, CATALOGUE};
pub use severity::Severity;

pub use rowan::{TextRange, TextSize};

/// A replacement of a range of text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextEdit {
    /// The range replaced.
    pub range: TextRange,
    /// What replaces it.
    pub new_text: String,
}

/// Applies edits that are sorted and do not overlap (an insertion may share its start with
/// the replacement after it).
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> String {
    let mut out = String::with_capacity(text.len() + edits.len() * 64);
    let mut at = 0;
    for edit in edits {
        let (start, end) = (
            usize::from(edit.range.start()),
            usize::from(edit.range.end()),
        );
        if start < at
            || end > text.len()
            || !text.is_char_boundary(start)
            || !text.is_char_boundary(end)
        {
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(&edit.new_text);
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// Whether a fix may be applied without asking: the line `check --fix` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Applicability {
    /// The file says the same after the fix, only in standard form (a spelling, a space, a
    /// line end): `check --fix` applies it.
    Safe,
    /// The fix changes what the file says (a Contract set to the auction's, a mark removed):
    /// applied only with `--unsafe-fixes`, or by a person choosing it in the editor.
    Unsafe,
}

impl Applicability {
    /// The lower-case name (`safe`, `unsafe`).
    pub fn name(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// A machine-applicable fix: a title and the edits that make it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What the fix does, for people ("Replace `P` with `Pass`").
    pub title: String,
    /// The edits, in text order, not overlapping.
    pub edits: Vec<TextEdit>,
    /// Whether it keeps the file's meaning.
    pub applicability: Applicability,
}

/// Another place that explains a diagnostic (the first occurrence of a duplicate, say).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    /// What is at that place.
    pub message: String,
    /// Where.
    pub range: TextRange,
}

/// A problem found in a file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// The catalogue code (`D203`, named `duplicate-card`).
    pub code: Code,
    /// The severity (the catalogue's default unless a check says otherwise).
    pub severity: Severity,
    /// What is wrong, in bridge terms.
    pub message: String,
    /// The smallest range a user must look at.
    pub range: TextRange,
    /// Related places.
    pub related: Vec<Related>,
    /// Fixes, when one is obvious.
    pub fixes: Vec<Fix>,
}

impl Diagnostic {
    /// A diagnostic of `code` at the catalogue's severity for it.
    pub fn new(code: Code, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            message: message.into(),
            range,
            related: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// The same finding at another severity than its code's default (a spelling the reference
    /// verifier accepts, reported under a code that is an error otherwise).
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// Adds a related location.
    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            message: message.into(),
            range,
        });
        self
    }

    /// Adds a safe fix made of one edit (see [`Applicability::Safe`]).
    pub fn with_fix(
        self,
        title: impl Into<String>,
        range: TextRange,
        new_text: impl Into<String>,
    ) -> Diagnostic {
        self.with_edit_fix(title, range, new_text, Applicability::Safe)
    }

    /// Adds a fix made of one edit that changes what the file says (see
    /// [`Applicability::Unsafe`]).
    pub fn with_unsafe_fix(
        self,
        title: impl Into<String>,
        range: TextRange,
        new_text: impl Into<String>,
    ) -> Diagnostic {
        self.with_edit_fix(title, range, new_text, Applicability::Unsafe)
    }

    fn with_edit_fix(
        mut self,
        title: impl Into<String>,
        range: TextRange,
        new_text: impl Into<String>,
        applicability: Applicability,
    ) -> Diagnostic {
        self.fixes.push(Fix {
            title: title.into(),
            edits: vec![TextEdit {
                range,
                new_text: new_text.into(),
            }],
            applicability,
        });
        self
    }

    /// The same diagnostic with every range moved forward by `offset` bytes.
    pub fn shifted(mut self, offset: u32) -> Diagnostic {
        let by = TextSize::from(offset);
        self.range += by;
        for related in &mut self.related {
            related.range += by;
        }
        for fix in &mut self.fixes {
            for edit in &mut fix.edits {
                edit.range += by;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A code's entry is its own, and its written form finds it again.
    #[test]
    fn each_code_finds_its_entry() {
        for info in catalogue::CATALOGUE {
            assert_eq!(info.code.info(), info);
            assert_eq!(catalogue::lookup(info.code.as_str()), Some(info));
        }
        let d = Diagnostic::new(Code::D203, TextRange::default(), "x");
        assert_eq!(
            (d.code.name(), d.severity),
            ("duplicate-card", Severity::Error)
        );
    }
}
