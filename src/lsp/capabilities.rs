//! What the server says it can do, the same for the native server and the browser's session.

use tower_lsp_server::ls_types as lsp;

use super::convert::{encoding_kind, legend};
use crate::text::PositionEncoding;

/// The command that converts a document to the other notation: `[uri]` in, `{text, language,
/// warnings}` out.
pub(crate) const CONVERT_COMMAND: &str = "kibitzer.convert";

/// The server's command that formats a PBN document once to strict export format (header,
/// mandatory tags), whatever the settings say: `[{uri}]` to the formatting's text edits.
pub(crate) const FORMAT_EXPORT_COMMAND: &str = "kibitzer.lsp.formatExport";

/// The answer to `initialize`: the capabilities, positions counted in `encoding`.
pub(crate) fn initialize_result(encoding: PositionEncoding) -> lsp::InitializeResult {
    lsp::InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(lsp::ServerInfo {
            name: "kibitzer".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
        offset_encoding: Some(encoding_kind(encoding).as_str().to_string()),
    }
}

/// Every feature the server offers.
fn capabilities(encoding: PositionEncoding) -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(encoding_kind(encoding)),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            // No space: a list that opens by itself after a space turns the Enter that ends
            // an auction line into a call. Completion opens on request there.
            trigger_characters: Some(
                ["[", "\"", "=", "|"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            ..Default::default()
        }),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: legend(),
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    range: Some(true),
                    ..Default::default()
                },
            ),
        ),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp::CodeActionKind::QUICKFIX,
                    super::convert::fix_all_kind(),
                ]),
                resolve_provider: Some(true),
                ..Default::default()
            },
        )),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_range_formatting_provider: Some(lsp::OneOf::Left(true)),
        execute_command_provider: Some(lsp::ExecuteCommandOptions {
            commands: vec![
                CONVERT_COMMAND.to_string(),
                FORMAT_EXPORT_COMMAND.to_string(),
            ],
            ..Default::default()
        }),
        ..Default::default()
    }
}
