//! Conversions from the library's results to LSP types.

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::position::range_of;
use crate::diagnostic::{self, Severity};
use crate::text::PositionEncoding;

/// The LSP severity of a library severity.
pub fn severity(severity: Severity) -> lsp::DiagnosticSeverity {
    match severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

/// Codes whose diagnostics mark something unused (shown faded by editors).
const UNNECESSARY: &[&str] = &["N402"];

/// The LSP form of a diagnostic with absolute byte ranges.
pub fn diagnostic(
    rope: &Rope,
    uri: &Uri,
    d: &diagnostic::Diagnostic,
    encoding: PositionEncoding,
) -> lsp::Diagnostic {
    let related: Vec<lsp::DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), range_of(rope, r.range, encoding)),
            message: r.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: range_of(rope, d.range, encoding),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.code.to_string())),
        code_description: None,
        source: Some("kibitzer".to_string()),
        message: format!("{} ({})", d.message, d.name),
        related_information: (!related.is_empty()).then_some(related),
        tags: UNNECESSARY
            .contains(&d.code)
            .then(|| vec![lsp::DiagnosticTag::UNNECESSARY]),
        data: None,
    }
}
