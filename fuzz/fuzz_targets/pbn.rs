//! Any bytes read as a PBN file: decoding, the lossless tree, checking (whole and streamed, in
//! import and export mode), formatting and conversion to RBN never panic, and the tree gives the
//! text back.
#![no_main]

use kibitzer::analysis::CheckOptions;
use kibitzer::format::{format_text, Eol, FormatOptions};
use kibitzer::syntax::Parse;
use kibitzer::Notation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(source) = kibitzer::text::decode(bytes) else {
        return;
    };
    let text = &source.text;
    let parse = Parse::new(text);
    assert_eq!(parse.syntax().text().to_string(), *text, "the tree loses text");
    for export in [false, true] {
        let options = CheckOptions {
            export,
            ..CheckOptions::default()
        };
        let whole = kibitzer::analysis::check_text(text, &parse, &options);
        let streamed = kibitzer::analysis::check_stream(text, &options, 1);
        assert_eq!(whole.diagnostics, streamed.diagnostics, "streaming changes the findings");
        let formatted = format_text(
            text,
            &FormatOptions {
                export,
                eol: Eol::Keep,
            },
        );
        // Formatting twice changes nothing more.
        let again = format_text(
            &formatted,
            &FormatOptions {
                export,
                eol: Eol::Keep,
            },
        );
        assert_eq!(formatted, again, "formatting is not idempotent");
    }
    let converted = Notation::Pbn.convert(text, Notation::Rbn);
    let _ = Notation::Rbn.check(&converted.text, &CheckOptions::default());
});
