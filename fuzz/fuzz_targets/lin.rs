//! Any bytes read as a LIN file: decoding, the tree, edits that follow it, checking, formatting,
//! conversion to PBN and back, and the editor's hover and completions never panic, the tree
//! gives the text back, and the file check (no tree) finds what the editor's check (of the tree)
//! finds.
#![no_main]

use kibitzer::analysis::CheckOptions;
use kibitzer::format::{Eol, FormatOptions};
use kibitzer::syntax::lin::LinParse;
use kibitzer::Notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(source) = kibitzer::text::decode(bytes) else {
        return;
    };
    let text = &source.text;
    let parse = LinParse::new(text);
    assert_eq!(parse.syntax().text().to_string(), *text, "the tree loses text");
    // Deleting the middle third and following the edit gives the tree of a full parse.
    let (mut from, mut to) = (text.len() / 3, 2 * text.len() / 3);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let edited = format!("{}{}", &text[..from], &text[to..]);
    let mut incremental = parse.clone();
    incremental.apply_edit(from..to, 0, edited.as_str());
    assert_eq!(incremental, LinParse::new(&edited), "the edit differs from a full parse");
    // The file check reads pairs from the text, the editor's from its tree: same findings.
    let findings = |report: kibitzer::analysis::FileReport| {
        let mut found: Vec<_> = report
            .diagnostics
            .into_iter()
            .map(|d| (d.range.start(), d.range.end(), d.code, d.message))
            .collect();
        found.sort();
        found
    };
    let file = Notation::Lin.check(text, &CheckOptions::default());
    let editor = kibitzer::analysis::lin::check_lin(&parse, &CheckOptions::default());
    assert_eq!(file.games, editor.games, "the file check counts other boards");
    assert_eq!(findings(file), findings(editor), "the file check differs from the editor's");
    let options = FormatOptions {
        export: false,
        eol: Eol::Keep,
    };
    let formatted = Notation::Lin.format(text, &options);
    assert_eq!(Notation::Lin.format(&formatted, &options), formatted, "formatting twice differs");
    // Formatting changes only white space between pairs and the case of keys: nothing else of
    // what was written may go.
    let essence = |t: &str| -> String {
        t.chars()
            .filter(|c| !matches!(c, ' ' | '\t' | '\n' | '\r'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    assert_eq!(essence(&formatted), essence(text), "formatting lost text");
    // The hover and completions of each board (read over the board lowered to a game's model)
    // at a few places in it: its start, its end, and every seventh byte between.
    let mut carry = kibitzer::model::LinCarry::default();
    for (node, _) in parse.chunks() {
        let Some(piece) = kibitzer::syntax::lin::Piece::cast(node) else {
            continue;
        };
        if !piece.is_board() {
            carry = kibitzer::model::LinCarry::read(piece.pairs());
            continue;
        }
        let len = u32::from(piece.syntax().text_range().len());
        for at in (0..=len).step_by(7).chain([len]) {
            let offset = kibitzer::syntax::TextSize::from(at);
            let _ = kibitzer::ide::lin::hover(&piece, &carry, offset);
            let _ = kibitzer::ide::lin::completions(&piece, &carry, offset);
        }
    }
    let converted = Notation::Lin.convert(text, Notation::Pbn);
    let _ = Notation::Pbn.check(&converted.text, &CheckOptions::default());
    let _ = Notation::Pbn.convert(&converted.text, Notation::Lin);
});
