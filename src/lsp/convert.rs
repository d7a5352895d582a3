//! Conversions from the library's results to LSP types.

use crate::diagnostic::Code;
use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::position::{position_of, range_of, shifted};
use crate::diagnostic::{self, Severity};
use crate::ide;
use crate::syntax::TextRange;
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
const UNNECESSARY: &[Code] = &[Code::N402];

/// The LSP form of a diagnostic with absolute byte ranges.
pub fn diagnostic(
    rope: &Rope,
    uri: &Uri,
    d: &diagnostic::Diagnostic,
    encoding: PositionEncoding,
) -> lsp::Diagnostic {
    diagnostic_placed(uri, d, |range| range_of(rope, range, encoding))
}

/// The LSP form of a diagnostic whose ranges `place` turns into LSP ranges.
pub(crate) fn diagnostic_placed(
    uri: &Uri,
    d: &diagnostic::Diagnostic,
    place: impl Fn(TextRange) -> lsp::Range,
) -> lsp::Diagnostic {
    let related: Vec<lsp::DiagnosticRelatedInformation> = d
        .related
        .iter()
        .map(|r| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), place(r.range)),
            message: r.message.clone(),
        })
        .collect();
    lsp::Diagnostic {
        range: place(d.range),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.code.to_string())),
        code_description: None,
        source: Some("kibitzer".to_string()),
        message: format!("{} ({})", d.message, d.code.name()),
        related_information: (!related.is_empty()).then_some(related),
        tags: UNNECESSARY
            .contains(&d.code)
            .then(|| vec![lsp::DiagnosticTag::UNNECESSARY]),
        data: None,
    }
}

/// An LSP diagnostic written with its lines, and those of its related locations, moved down by
/// a number of lines: a game's cached diagnostic placed at the game, written without a copy.
/// It writes what the moved copy would (field for field, as `lsp::Diagnostic` writes them).
pub(crate) struct LinesDown<'a>(pub &'a lsp::Diagnostic, pub u32);

/// `range` moved down by `lines` lines.
pub(crate) fn lines_down(range: lsp::Range, lines: u32) -> lsp::Range {
    let down = |p: lsp::Position| lsp::Position::new(p.line.saturating_add(lines), p.character);
    lsp::Range::new(down(range.start), down(range.end))
}

impl serde::Serialize for LinesDown<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        /// A related location, moved down.
        #[derive(serde::Serialize)]
        struct Related<'a> {
            location: Location<'a>,
            message: &'a str,
        }
        #[derive(serde::Serialize)]
        struct Location<'a> {
            uri: &'a Uri,
            range: lsp::Range,
        }

        /// Writes the field when it is given, skips it otherwise (as the derived form does).
        fn field<S: SerializeStruct, T: serde::Serialize>(
            out: &mut S,
            name: &'static str,
            value: Option<&T>,
        ) -> Result<(), S::Error> {
            match value {
                Some(value) => out.serialize_field(name, value),
                None => out.skip_field(name),
            }
        }

        let LinesDown(d, lines) = *self;
        let related: Option<Vec<Related<'_>>> = d.related_information.as_ref().map(|all| {
            all.iter()
                .map(|r| Related {
                    location: Location {
                        uri: &r.location.uri,
                        range: lines_down(r.location.range, lines),
                    },
                    message: &r.message,
                })
                .collect()
        });
        let mut out = serializer.serialize_struct("Diagnostic", 9)?;
        out.serialize_field("range", &lines_down(d.range, lines))?;
        field(&mut out, "severity", d.severity.as_ref())?;
        field(&mut out, "code", d.code.as_ref())?;
        field(&mut out, "codeDescription", d.code_description.as_ref())?;
        field(&mut out, "source", d.source.as_ref())?;
        out.serialize_field("message", &d.message)?;
        field(&mut out, "relatedInformation", related.as_ref())?;
        field(&mut out, "tags", d.tags.as_ref())?;
        field(&mut out, "data", d.data.as_ref())?;
        out.end()
    }
}

/// The position encoding to use: UTF-8, then UTF-32, when the client offers them; else UTF-16.
pub(crate) fn negotiate(params: &lsp::InitializeParams) -> PositionEncoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.clone())
        .unwrap_or_default();
    // clangd's older extension, still sent by some clients.
    let legacy = params
        .capabilities
        .offset_encoding
        .clone()
        .unwrap_or_default();
    let offered: Vec<lsp::PositionEncodingKind> = offered
        .into_iter()
        .chain(legacy.iter().filter_map(|e| match e.as_str() {
            "utf-8" | "utf8" => Some(lsp::PositionEncodingKind::UTF8),
            "utf-32" | "utf32" => Some(lsp::PositionEncodingKind::UTF32),
            "utf-16" | "utf16" => Some(lsp::PositionEncodingKind::UTF16),
            _ => None,
        }))
        .collect();
    if offered.contains(&lsp::PositionEncodingKind::UTF8) {
        PositionEncoding::Utf8
    } else if offered.contains(&lsp::PositionEncodingKind::UTF32) {
        PositionEncoding::Utf32
    } else {
        PositionEncoding::Utf16
    }
}

/// The LSP name of a position encoding.
pub(crate) fn encoding_kind(encoding: PositionEncoding) -> lsp::PositionEncodingKind {
    match encoding {
        PositionEncoding::Utf8 => lsp::PositionEncodingKind::UTF8,
        PositionEncoding::Utf16 => lsp::PositionEncodingKind::UTF16,
        PositionEncoding::Utf32 => lsp::PositionEncodingKind::UTF32,
    }
}

/// The semantic token legend (order matches [`ide::TokenType::ALL`]).
pub(crate) fn legend() -> lsp::SemanticTokensLegend {
    let types = [
        "property",
        "string",
        "comment",
        "keyword",
        "variable",
        "spades",
        "hearts",
        "diamonds",
        "clubs",
        "notrump",
        "decorator",
        "label",
        "macro",
        "macro",
    ];
    lsp::SemanticTokensLegend {
        token_types: types
            .iter()
            .map(|t| lsp::SemanticTokenType::new(t))
            .collect(),
        token_modifiers: ["call", "card", "hand"]
            .iter()
            .map(|m| lsp::SemanticTokenModifier::new(m))
            .collect(),
    }
}

/// Encodes semantic tokens (absolute byte ranges, in order) relative to each other, splitting
/// tokens that run over several lines.
pub(crate) fn encode_tokens(
    rope: &Rope,
    tokens: &[(TextRange, ide::SemanticToken)],
    encoding: PositionEncoding,
) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::with_capacity(tokens.len());
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    for (range, token) in tokens {
        let (mut start, end) = (usize::from(range.start()), usize::from(range.end()));
        while start < end {
            let position = position_of(rope, start, encoding);
            let line_end = match rope.get_line(position.line as usize) {
                Some(_) => {
                    let next = rope
                        .try_line_to_byte(position.line as usize + 1)
                        .unwrap_or(rope.len_bytes());
                    next.min(end)
                }
                None => end,
            };
            let segment_end = {
                let text = rope
                    .get_byte_slice(start..line_end)
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                start + text.trim_end_matches(['\n', '\r']).len()
            };
            let end_position = position_of(rope, segment_end, encoding);
            let length = end_position.character.saturating_sub(position.character);
            if length > 0 {
                let delta_line = position.line - prev_line;
                let delta_start = if delta_line == 0 {
                    position.character - prev_start
                } else {
                    position.character
                };
                out.push(lsp::SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type: token.kind.index(),
                    token_modifiers_bitset: token.modifiers,
                });
                prev_line = position.line;
                prev_start = position.character;
            }
            if line_end <= start {
                break;
            }
            start = line_end;
        }
    }
    out
}

/// The LSP form of a document symbol of a piece that starts at byte `start`.
pub(crate) fn symbol(
    rope: &Rope,
    symbol: &ide::Symbol,
    start: usize,
    encoding: PositionEncoding,
) -> lsp::DocumentSymbol {
    symbol_placed(symbol, &|range| {
        range_of(rope, shifted(range, start), encoding)
    })
}

/// The LSP form of an outline entry whose ranges `place` turns into LSP ranges.
pub(crate) fn symbol_placed(
    symbol: &ide::Symbol,
    place: &dyn Fn(TextRange) -> lsp::Range,
) -> lsp::DocumentSymbol {
    let kind = match symbol.kind {
        ide::SymbolKind::Game => lsp::SymbolKind::NAMESPACE,
        ide::SymbolKind::Section => lsp::SymbolKind::STRUCT,
        ide::SymbolKind::Deal => lsp::SymbolKind::FIELD,
    };
    #[allow(deprecated)]
    lsp::DocumentSymbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind,
        tags: None,
        deprecated: None,
        range: place(symbol.range),
        selection_range: place(symbol.selection),
        children: Some(
            symbol
                .children
                .iter()
                .map(|c| symbol_placed(c, place))
                .collect(),
        ),
    }
}

/// An outline entry (and its children) moved down by `lines`.
pub(crate) fn symbol_lines_down(symbol: &lsp::DocumentSymbol, lines: u32) -> lsp::DocumentSymbol {
    symbol_lines_moved(symbol, &|line| line.saturating_add(lines))
}

/// An outline entry (and its children) moved up by `lines`.
pub(crate) fn symbol_lines_up(symbol: &lsp::DocumentSymbol, lines: u32) -> lsp::DocumentSymbol {
    symbol_lines_moved(symbol, &|line| line.saturating_sub(lines))
}

fn symbol_lines_moved(
    symbol: &lsp::DocumentSymbol,
    moved: &dyn Fn(u32) -> u32,
) -> lsp::DocumentSymbol {
    let range = |r: lsp::Range| {
        lsp::Range::new(
            lsp::Position::new(moved(r.start.line), r.start.character),
            lsp::Position::new(moved(r.end.line), r.end.character),
        )
    };
    lsp::DocumentSymbol {
        range: range(symbol.range),
        selection_range: range(symbol.selection_range),
        children: symbol
            .children
            .as_ref()
            .map(|c| c.iter().map(|c| symbol_lines_moved(c, moved)).collect()),
        ..symbol.clone()
    }
}

/// The LSP form of an inlay hint of a piece that starts at byte `start`.
pub(crate) fn inlay_hint(
    rope: &Rope,
    hint: ide::InlayHint,
    start: usize,
    encoding: PositionEncoding,
) -> lsp::InlayHint {
    let at = usize::from(hint.offset) + start;
    // Set apart from text that follows it at once (RBN's `H3 −1 6QA`, not `H3 −16QA`).
    let text_follows = at < rope.len_bytes() && !rope.byte(at).is_ascii_whitespace();
    lsp::InlayHint {
        position: position_of(rope, at, encoding),
        label: lsp::InlayHintLabel::String(hint.label),
        kind: None,
        text_edits: None,
        tooltip: Some(lsp::InlayHintTooltip::String(hint.tooltip)),
        padding_left: Some(true),
        padding_right: text_follows.then_some(true),
        data: None,
    }
}

/// The LSP form of a completion at `offset` of a piece starting at `start`.
pub(crate) fn completion_item(
    rope: &Rope,
    item: ide::Completion,
    start: usize,
    offset: usize,
    encoding: PositionEncoding,
) -> lsp::CompletionItem {
    let range = shifted(item.range, start);
    let typed = rope
        .get_byte_slice(usize::from(range.start())..offset.max(usize::from(range.start())))
        .map(|s| s.to_string())
        .unwrap_or_default();
    let filter = if typed.starts_with('[') {
        format!("[{}", item.label)
    } else {
        item.label.clone()
    };
    lsp::CompletionItem {
        label: item.label,
        kind: Some(match item.kind {
            ide::CompletionKind::Tag => lsp::CompletionItemKind::PROPERTY,
            ide::CompletionKind::Value => lsp::CompletionItemKind::VALUE,
            ide::CompletionKind::Call => lsp::CompletionItemKind::KEYWORD,
            ide::CompletionKind::Card => lsp::CompletionItemKind::ENUM_MEMBER,
            ide::CompletionKind::Note => lsp::CompletionItemKind::REFERENCE,
        }),
        detail: item.detail,
        sort_text: Some(item.sort),
        filter_text: Some(filter),
        insert_text_format: Some(if item.snippet {
            lsp::InsertTextFormat::SNIPPET
        } else {
            lsp::InsertTextFormat::PLAIN_TEXT
        }),
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit::new(
            range_of(rope, range, encoding),
            item.insert,
        ))),
        ..Default::default()
    }
}

/// The LSP form of a hover on a piece that starts at byte `start`.
pub fn hover(
    rope: &Rope,
    hover: ide::Hover,
    start: usize,
    encoding: PositionEncoding,
) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(range_of(rope, shifted(hover.range, start), encoding)),
    }
}

/// A folding range over several lines, or `None`.
pub(crate) fn folding_range(
    rope: &Rope,
    range: TextRange,
    start: usize,
    kind: ide::FoldKind,
    encoding: PositionEncoding,
) -> Option<lsp::FoldingRange> {
    let range = range_of(rope, shifted(range, start), encoding);
    (range.end.line > range.start.line).then(|| lsp::FoldingRange {
        start_line: range.start.line,
        end_line: range.end.line,
        kind: Some(match kind {
            ide::FoldKind::Comment => lsp::FoldingRangeKind::Comment,
            ide::FoldKind::Region => lsp::FoldingRangeKind::Region,
        }),
        ..Default::default()
    })
}

/// Our edits (byte ranges) as LSP edits in the negotiated encoding.
pub(crate) fn lsp_edits(
    rope: &Rope,
    edits: Vec<crate::diagnostic::TextEdit>,
    encoding: PositionEncoding,
) -> Vec<lsp::TextEdit> {
    edits
        .into_iter()
        .map(|edit| lsp::TextEdit::new(range_of(rope, edit.range, encoding), edit.new_text))
        .collect()
}

/// The kind of the "fix all" code action: what an editor asks for on save
/// (`"editor.codeActionsOnSave": {"source.fixAll.kibitzer": "explicit"}`).
pub(crate) fn fix_all_kind() -> lsp::CodeActionKind {
    lsp::CodeActionKind::new("source.fixAll.kibitzer")
}

/// Whether a code action request asks for "fix all": only when it names a kind that the fix-all
/// kind falls under (`source`, `source.fixAll`, `source.fixAll.kibitzer`), since fixing a
/// whole document checks it again and again, too much for each move of the cursor.
pub(crate) fn wants_fix_all(context: &lsp::CodeActionContext) -> bool {
    let kind = fix_all_kind();
    context.only.as_ref().is_some_and(|only| {
        only.iter().any(|asked| {
            let asked = asked.as_str();
            kind.as_str() == asked || kind.as_str().starts_with(&format!("{asked}."))
        })
    })
}

/// The title of the "fix all" code action, in the lightbulb and on save.
pub(crate) const FIX_ALL_TITLE: &str = "Fix all safely fixable problems (Kibitzer)";

/// The "fix all" code action for the document `uri`, when `edits` change anything.
pub(crate) fn fix_all_action(
    rope: &Rope,
    uri: &lsp::Uri,
    edits: Vec<crate::diagnostic::TextEdit>,
    encoding: PositionEncoding,
) -> Option<lsp::CodeActionOrCommand> {
    if edits.is_empty() {
        return None;
    }
    let changes =
        std::collections::HashMap::from([(uri.clone(), lsp_edits(rope, edits, encoding))]);
    Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: FIX_ALL_TITLE.to_string(),
        kind: Some(fix_all_kind()),
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        }),
        ..Default::default()
    }))
}

/// The quick fixes the diagnostics `found` carry, as code actions on the document `uri` (a fix
/// is preferred when it is its diagnostic's only one).
pub(crate) fn code_actions(
    rope: &Rope,
    uri: &lsp::Uri,
    found: Vec<(crate::diagnostic::Diagnostic, lsp::Diagnostic)>,
    encoding: PositionEncoding,
) -> Vec<lsp::CodeActionOrCommand> {
    let mut actions = Vec::new();
    for (diagnostic, lsp_diagnostic) in found {
        let preferred = diagnostic.fixes.len() == 1;
        for fix in &diagnostic.fixes {
            let edits: Vec<lsp::TextEdit> = fix
                .edits
                .iter()
                .map(|e| lsp::TextEdit::new(range_of(rope, e.range, encoding), e.new_text.clone()))
                .collect();
            let changes = std::collections::HashMap::from([(uri.clone(), edits)]);
            actions.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: fix.title.clone(),
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp_diagnostic.clone()]),
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(changes),
                    ..Default::default()
                }),
                is_preferred: Some(preferred),
                ..Default::default()
            }));
        }
    }
    actions
}
