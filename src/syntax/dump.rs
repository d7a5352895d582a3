//! The `kibitzer parse` tree listing.

use std::fmt::Write;

use super::error::SyntaxError;
use super::lin::LinParse;
use super::pbn::parse::Parse;
use super::rbn::RbnParse;
use rowan::NodeOrToken;

/// Writes the tree one element per line (`KIND@start..end`, tokens with their JSON-quoted text,
/// indented two spaces per level), then one `error start..end: CODE message` line per error.
pub fn dump_tree(parse: &Parse) -> String {
    let mut out = String::new();
    dump_node(&parse.syntax(), 0, &mut out);
    dump_errors(parse.errors(), &mut out);
    out
}

/// The same listing for an RBN tree.
pub fn dump_rbn_tree(parse: &RbnParse) -> String {
    let mut out = String::new();
    dump_node(&parse.syntax(), 0, &mut out);
    dump_errors(parse.errors(), &mut out);
    out
}

/// The same listing for a LIN tree.
pub fn dump_lin_tree(parse: &LinParse) -> String {
    let mut out = String::new();
    dump_node(&parse.syntax(), 0, &mut out);
    dump_errors(parse.errors(), &mut out);
    out
}

fn dump_errors(errors: &[SyntaxError], out: &mut String) {
    for error in errors {
        let _ = writeln!(
            out,
            "error {}..{}: {} {}",
            u32::from(error.range.start()),
            u32::from(error.range.end()),
            error.code.code(),
            error.message
        );
    }
}

fn dump_node<L: rowan::Language>(node: &rowan::SyntaxNode<L>, depth: usize, out: &mut String)
where
    L::Kind: std::fmt::Debug,
{
    // A range's Debug form is `start..end`.
    let indent = depth * 2;
    let _ = writeln!(
        out,
        "{:indent$}{:?}@{:?}",
        "",
        node.kind(),
        node.text_range()
    );
    for child in node.children_with_tokens() {
        match child {
            NodeOrToken::Node(node) => dump_node(&node, depth + 1, out),
            NodeOrToken::Token(token) => {
                let quoted = serde_json::to_string(token.text()).unwrap_or_default();
                let (kind, range) = (token.kind(), token.text_range());
                let indent = indent + 2;
                let _ = writeln!(out, "{:indent$}{kind:?}@{range:?} {quoted}", "");
            }
        }
    }
}
