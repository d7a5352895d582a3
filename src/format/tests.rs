//! Unit tests of the formatter's file-level behaviour.

use super::*;

fn fmt(text: &str) -> String {
    format_text(text, &FormatOptions::default())
}

#[test]
fn games_are_separated_by_one_empty_line() {
    let text = "\n\n[Event \"a\"]\n  \n\n[Event \"b\"]\n\n\n";
    assert_eq!(fmt(text), "[Event \"a\"]\n\n[Event \"b\"]\n");
}
