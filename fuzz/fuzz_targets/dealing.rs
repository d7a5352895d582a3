//! Any bytes read as each of the dealing machines' formats (DUP, BRI, DGE, DLM): reading,
//! checking, listing, the editor's hover and outline, and writing every format again never panic;
//! every finding lies in the text; what is written from any of it checks clean and reads back as
//! whole deals.
#![no_main]

use kibitzer::analysis::CheckOptions;
use kibitzer::model::dealing::DealingFormat;
use kibitzer::Notation;
use libfuzzer_sys::fuzz_target;

const FORMATS: [Notation; 4] = [Notation::Dup, Notation::Bri, Notation::Dge, Notation::Dlm];

fuzz_target!(|bytes: &[u8]| {
    let bytes = &bytes[..bytes.len().min(8192)];
    let _ = DealingFormat::sniff(bytes);
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    for notation in FORMATS {
        let report = notation.check(&text, &CheckOptions::default());
        for d in &report.diagnostics {
            assert!(usize::from(d.range.end()) <= text.len(), "{d:?} past the text");
        }
        let _ = notation.dump(&text);
        let format = notation.dealing().expect("a dealing notation");
        for offset in [0, text.len() / 2, text.len()] {
            let _ = kibitzer::ide::dealing::hover(format, &text, offset);
        }
        let _ = kibitzer::ide::dealing::symbols(format, &text);
        let boards = notation.read_boards(&text);
        for target in FORMATS {
            let (written, _) = target.write_boards(&boards);
            let found = target.check(&written, &CheckOptions::default()).diagnostics;
            assert!(found.is_empty(), "{target:?} writes a file it finds wrong: {found:?}");
            for board in target.read_boards(&written) {
                assert!(board.whole_deal().is_some(), "{target:?} writes a board without its deal");
            }
        }
    }
});
