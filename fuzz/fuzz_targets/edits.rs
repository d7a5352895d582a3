//! A text and a sequence of edits from the fuzzer's bytes: after each edit the incrementally
//! updated tree equals a fresh parse of the new text, for PBN and for RBN.
#![no_main]

use kibitzer::syntax::rbn::RbnParse;
use kibitzer::syntax::Parse;
use libfuzzer_sys::fuzz_target;

/// Splits the input: a starting text, then edits `[at:2][removed:1][len:1][inserted]`.
fn edits(bytes: &[u8]) -> (String, Vec<(usize, usize, String)>) {
    let (start, rest) = bytes.split_at(bytes.len().min(bytes.first().copied().unwrap_or(0) as usize * 4 + 1));
    let text = String::from_utf8_lossy(start).into_owned();
    let mut out = Vec::new();
    let mut rest = rest;
    while rest.len() >= 4 {
        let at = u16::from_le_bytes([rest[0], rest[1]]) as usize;
        let removed = rest[2] as usize % 32;
        let len = (rest[3] as usize % 16).min(rest.len() - 4);
        let inserted = String::from_utf8_lossy(&rest[4..4 + len]).into_owned();
        out.push((at, removed, inserted));
        rest = &rest[4 + len..];
    }
    (text, out)
}

fn floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fuzz_target!(|bytes: &[u8]| {
    let (mut text, steps) = edits(bytes);
    let mut pbn = Parse::new(&text);
    let mut rbn = RbnParse::new(&text);
    for (at, removed, inserted) in steps {
        let start = floor(&text, at);
        let end = floor(&text, start + removed);
        text.replace_range(start..end, &inserted);
        pbn.apply_edit(start..end, inserted.len(), text.as_str());
        rbn.apply_edit(start..end, inserted.len(), text.as_str());
        assert_eq!(
            kibitzer::syntax::dump_tree(&pbn),
            kibitzer::syntax::dump_tree(&Parse::new(&text)),
            "PBN: incremental differs from fresh"
        );
        assert_eq!(
            kibitzer::syntax::dump_rbn_tree(&rbn),
            kibitzer::syntax::dump_rbn_tree(&RbnParse::new(&text)),
            "RBN: incremental differs from fresh"
        );
    }
});
