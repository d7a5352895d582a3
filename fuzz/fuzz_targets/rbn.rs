//! Any bytes read as an RBN file: decoding, the tree, checking, formatting and conversion to PBN
//! never panic, the tree gives the text back, and the file check finds what the editor's finds.
#![no_main]

use kibitzer::analysis::CheckOptions;
use kibitzer::format::{Eol, FormatOptions};
use kibitzer::syntax::rbn::RbnParse;
use kibitzer::Notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(source) = kibitzer::text::decode(bytes) else {
        return;
    };
    let text = &source.text;
    let parse = RbnParse::new(text);
    assert_eq!(
        parse.syntax().text().to_string(),
        *text,
        "the tree loses text"
    );
    // The file check reads one record at a time and no tree: it must find what the editor's
    // check of the whole tree finds.
    let file = Notation::Rbn.check(text, &CheckOptions::default());
    let editor = kibitzer::analysis::rbn::check_rbn(text, &parse, &CheckOptions::default());
    assert_eq!(
        file.diagnostics, editor.diagnostics,
        "the file and editor checks differ"
    );
    assert_eq!(file.games, editor.games);
    let options = FormatOptions {
        export: false,
        eol: Eol::Keep,
    };
    let formatted = Notation::Rbn.format(text, &options);
    let _ = Notation::Rbn.format(&formatted, &options);
    let converted = Notation::Rbn.convert(text, Notation::Pbn);
    let _ = Notation::Pbn.check(&converted.text, &CheckOptions::default());
});
