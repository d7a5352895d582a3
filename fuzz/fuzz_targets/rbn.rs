//! Any bytes read as an RBN file: decoding, the tree, checking, formatting and conversion to PBN
//! never panic, and the tree gives the text back.
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
    assert_eq!(parse.syntax().text().to_string(), *text, "the tree loses text");
    let _ = Notation::Rbn.check(text, &CheckOptions::default());
    let options = FormatOptions {
        export: false,
        eol: Eol::Keep,
    };
    let formatted = Notation::Rbn.format(text, &options);
    let _ = Notation::Rbn.format(&formatted, &options);
    let converted = Notation::Rbn.convert(text, Notation::Pbn);
    let _ = Notation::Pbn.check(&converted.text, &CheckOptions::default());
});
