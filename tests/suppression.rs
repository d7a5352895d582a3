//! In-file suppression: `% kibitzer-ignore:` lines before the first game silence codes in the
//! whole file, inside a game in that game; unknown codes and misplaced lines are reported
//! (S012), codes that silence nothing are hinted (S013), in PBN and RBN alike.

use kibitzer::analysis::CheckOptions;
use kibitzer::Notation;

fn codes(notation: Notation, text: &str) -> Vec<(&'static str, String)> {
    let report = notation.check(text, &CheckOptions::default());
    report
        .diagnostics
        .iter()
        .map(|d| {
            let range = usize::from(d.range.start())..usize::from(d.range.end());
            (d.code.as_str(), text[range].to_string())
        })
        .collect()
}

const GAME: &str = "[Event \"x\"]\n[Auction \"N\"]\n1S P 2S P\nP P\n";

#[test]
fn a_file_directive_silences_every_game() {
    let text = format!("% PBN 2.1\n% kibitzer-ignore: A301\n\n{GAME}\n{GAME}");
    let found = codes(Notation::Pbn, &text);
    assert!(!found.iter().any(|(c, _)| *c == "A301"), "{found:?}");
    let plain = codes(Notation::Pbn, &format!("{GAME}\n{GAME}"));
    assert_eq!(plain.iter().filter(|(c, _)| *c == "A301").count(), 8);
}

#[test]
fn a_game_directive_silences_only_its_game_and_prefixes_work() {
    let silenced = "[Event \"x\"]\n% kibitzer-ignore: a3\n[Auction \"N\"]\n1S P 2S P\nP P\n";
    let text = format!("{silenced}\n{GAME}");
    let found = codes(Notation::Pbn, &text);
    let a301: Vec<_> = found.iter().filter(|(c, _)| *c == "A301").collect();
    assert_eq!(a301.len(), 4, "only the second game's: {found:?}");
    let second = text.find("\n\n").unwrap();
    let report = Notation::Pbn.check(&text, &CheckOptions::default());
    assert!(report
        .diagnostics
        .iter()
        .filter(|d| d.code == "A301")
        .all(|d| usize::from(d.range.start()) > second));
}

#[test]
fn unknown_misplaced_and_unused_suppressions_are_reported() {
    let text =
        format!("% kibitzer-ignore: A301, Q12, D203\n{GAME}\n% kibitzer-ignore: A301\n\n{GAME}");
    let found = codes(Notation::Pbn, &text);
    assert!(found.contains(&("S012", "Q12".to_string())), "{found:?}");
    assert!(found.contains(&("S013", "D203".to_string())), "{found:?}");
    assert!(
        found.contains(&("S012", "% kibitzer-ignore: A301".to_string())),
        "a line between games applies to nothing: {found:?}"
    );
    assert!(!found.iter().any(|(c, _)| *c == "A301"));
    let report = Notation::Pbn.check(&text, &CheckOptions::default());
    let unused = report
        .diagnostics
        .iter()
        .find(|d| d.code == "S013")
        .unwrap();
    assert_eq!(unused.fixes[0].edits[0].new_text, "");
}

#[test]
fn rbn_files_suppress_through_their_percent_lines() {
    let text = "% RBN\n% kibitzer-ignore: R903\n\nB 1\nC 123456789012\n\n";
    let found = codes(Notation::Rbn, text);
    assert!(!found.iter().any(|(c, _)| *c == "R903"), "{found:?}");
    let plain = codes(Notation::Rbn, "% RBN\n\nB 1\nC 123456789012\n\n");
    assert!(plain.iter().any(|(c, _)| *c == "R903"), "{plain:?}");
}
