//! Every corpus file converted to every other notation is a clean file of that notation: the
//! conversion's text is what `kibitzer fmt` writes (formatting it changes nothing), and it holds
//! no error or warning that the source did not have in kind (a source with no error converts to
//! a text with no error; one with no warning to a text with no warning). A control character
//! the source holds (which only PBN's check reports) is carried, not added.

mod common;

use kibitzer::analysis::CheckOptions;
use kibitzer::diagnostic::Severity;
use kibitzer::format::FormatOptions;
use kibitzer::Notation;

/// How bad the worst finding of `text` is, and the findings at that level (for the message).
/// A control character the source holds too (S007, which only PBN reports) is carried over, not
/// added: `source` is the text converted, when `text` is a conversion.
fn worst(notation: Notation, text: &str, source: Option<&str>) -> (Option<Severity>, Vec<String>) {
    let report = notation.check(text, &CheckOptions::default());
    let carried = |d: &&kibitzer::diagnostic::Diagnostic| {
        d.code == "S007" && source.is_some_and(|s| s.contains(&text[d.range]))
    };
    let found: Vec<_> = report.diagnostics.iter().filter(|d| !carried(d)).collect();
    let worst = found.iter().map(|d| d.severity).max();
    let at_worst = found
        .iter()
        .filter(|d| Some(d.severity) == worst)
        .take(3)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    (worst, at_worst)
}

#[test]
fn every_conversion_is_formatted_and_adds_no_error_or_warning() {
    let mut converted = 0;
    let mut problems = Vec::new();
    for (folder, from) in [
        ("pbn", Notation::Pbn),
        ("rbn", Notation::Rbn),
        ("lin", Notation::Lin),
    ] {
        for path in common::corpus_files(folder, from.extension()) {
            let bytes = std::fs::read(&path).expect("a corpus file");
            let Ok(source) = kibitzer::text::decode(&bytes) else {
                continue;
            };
            let (source_worst, _) = worst(from, &source.text, None);
            for to in Notation::ALL.into_iter().filter(|&to| to != from) {
                let out = from.convert(&source.text, to).text;
                converted += 1;
                let name = format!("{} -> {}", path.display(), to.extension());
                if to.format(&out, &FormatOptions::default()) != out {
                    problems.push(format!("{name}: fmt would change the conversion"));
                }
                let (target_worst, found) = worst(to, &out, Some(&source.text));
                let allowed = source_worst.unwrap_or(Severity::Info).max(Severity::Info);
                if target_worst.is_some_and(|w| w > allowed) {
                    problems.push(format!(
                        "{name}: {target_worst:?} where the source had {source_worst:?}: {found:?}"
                    ));
                }
            }
        }
    }
    println!("{converted} conversions");
    assert!(converted > 500, "conversions: {converted}");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// What a conversion assumes or leaves out is said, and what it writes is what its target wants.
#[test]
fn conversions_say_what_they_assume_and_drop() {
    let deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    // A PBN game without a dealer, to LIN: md names the dealer of board 6 (East), and says so.
    let game = format!("[Board \"6\"]\n[Deal \"{deal}\"]\n");
    let converted = Notation::Pbn.convert(&game, Notation::Lin);
    assert!(converted.text.contains("md|4"), "{}", converted.text);
    assert!(
        converted
            .losses
            .iter()
            .any(|d| d.starts_with("the Dealer tag") && d.contains("`E` added")),
        "{:?}",
        converted.losses
    );
    // A LIN board to PBN: the Deal starts with the dealer's hand, as export format wants.
    let lin = "qx|o1|md|3SAKQJHT98D765C432,,,|sv|o|\n";
    let pbn = Notation::Lin.convert(lin, Notation::Pbn).text;
    assert!(
        pbn.contains("[Dealer \"N\"]") && pbn.contains("[Deal \"N:"),
        "{pbn}"
    );
    // A passed-out board with a Declarer, and a Play section with no card, to RBN: the declarer
    // is said to be dropped, and no `P` line is written (`P E` alone is no play).
    let passed = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{deal}\"]\n[Declarer \"N\"]\n[Contract \"Pass\"]\n\
         [Auction \"N\"]\nPass Pass Pass Pass\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Deal \"{deal}\"]\n\
         [Declarer \"S\"]\n[Contract \"4S\"]\n[Auction \"E\"]\nPass Pass 1S Pass\n4S Pass Pass \
         Pass\n[Play \"W\"]\n+\n"
    );
    let converted = Notation::Pbn.convert(&passed, Notation::Rbn);
    assert!(
        converted
            .losses
            .iter()
            .any(|d| d.starts_with("the Declarer tag: 1 board (1)") && d.contains("`N` became ``")),
        "{:?}",
        converted.losses
    );
    assert!(
        !converted.text.lines().any(|l| l.starts_with("P ")),
        "{}",
        converted.text
    );
    // Commentary in paragraphs, to RBN: the blank line between them cannot be kept, and says so;
    // to PBN from RBN, a long comment is broken between words under 80 characters a line.
    let words = "word ".repeat(100);
    let commented = format!("{{{words}\n\nSecond paragraph.}}\n[Board \"1\"]\n[Deal \"{deal}\"]\n");
    let converted = Notation::Pbn.convert(&commented, Notation::Rbn);
    assert!(
        converted
            .losses
            .iter()
            .any(|d| d.starts_with("a comment: 1 board")
                && d.contains("¶ Second paragraph.` became")),
        "{:?}",
        converted.losses
    );
    let back = Notation::Rbn.convert(&converted.text, Notation::Pbn).text;
    assert!(back.lines().all(|l| l.chars().count() < 80), "{back}");
    assert!(back.contains("Second paragraph."), "{back}");
}
