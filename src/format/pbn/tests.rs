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

#[test]
fn the_empty_line_after_a_game_kept_with_a_lone_cr_stays_an_empty_line() {
    // Found by fuzzing: a game kept as it is (a tag pair cut by lone CRs) ends in a lone CR;
    // the empty line after it written as a bare LF made one CRLF of the two, and on the next
    // pass the two pieces ran together into one tag pair.
    let text = "[Event \"\"]\n[Board \"1\"]\n\n[Board \"2\"]\n[Result \r\r\r\"\"]\n[Site \"\"]\n";
    let once = fmt(text);
    assert!(once.contains("[Result \r\n\n\"\"]"), "{once:?}");
    assert_eq!(fmt(&once), once);
}

#[test]
fn range_formatting_touches_only_the_games_in_the_range() {
    let text = "[Dealer \"n\"]  [Board \"1\"]\n\n\n[Dealer \"e\"]  [Board \"2\"]\n";
    let parse = Parse::new(text);
    let second = text.find("[Dealer \"e\"]").unwrap() as u32;
    let range = TextRange::new(TextSize::from(second + 2), TextSize::from(second + 3));
    let edits = format_range(&parse, text, range, &FormatOptions::default());
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0].range.start(), TextSize::from(second));
    assert_eq!(edits[0].new_text, "[Board \"2\"]\n[Dealer \"E\"]\n");
}

#[test]
fn games_with_parse_errors_are_not_edited() {
    let text = "[Dealer \"n\"] [Board\n";
    let parse = Parse::new(text);
    assert!(format_document(&parse, text, &FormatOptions::default()).is_empty());
    assert_eq!(fmt(text), text);
}

#[test]
fn export_header_is_added_once() {
    let options = FormatOptions {
        export: true,
        eol: Eol::Lf,
    };
    let once = format_text("% PBN 2.1\n[Event \"x\"]\n", &options);
    assert!(once.starts_with("% PBN 2.1\n% EXPORT\n%\n[Event \"x\"]\n[Site \"?\"]\n"));
    assert!(once.ends_with("[Result \"?\"]\n\n"));
    assert_eq!(format_text(&once, &options), once);
    let plain = format_text("[Event \"x\"]\n", &options);
    assert!(plain.starts_with("% PBN 2.1\n% EXPORT\n%\n[Event"));
}

#[test]
fn keep_uses_the_files_own_line_end() {
    assert_eq!(
        fmt("[Dealer \"n\"] [Board \"1\"]\r\n"),
        "[Board \"1\"]\r\n[Dealer \"N\"]\r\n"
    );
    let lf = FormatOptions {
        export: false,
        eol: Eol::Lf,
    };
    assert_eq!(
        format_text("[Board \"1\"]\r\n{a\r\nb}\r\n", &lf),
        "[Board \"1\"]\n{a\nb}\n"
    );
}

/// Found by fuzzing: with CR-only line ends the header was not recognised, and every export
/// formatting added another `% EXPORT`.
#[test]
fn export_header_of_a_cr_only_file_is_added_once() {
    let options = FormatOptions {
        export: true,
        eol: Eol::Keep,
    };
    for text in [
        "\0\r",
        "% PBN 2.1\r[Event \"x\"]\r",
        "% PBN 2.1\r% EXPORT\r%\r",
    ] {
        let once = format_text(text, &options);
        assert_eq!(once.matches("% EXPORT").count(), 1, "{once:?}");
        assert_eq!(format_text(&once, &options), once, "{text:?}");
    }
}

#[test]
fn comments_keep_their_place_among_a_calls_annotations() {
    // As the reference exporter writes them: a comment after the call comes before the note
    // reference, one after the note reference after it, one after a NAG after the NAGs.
    let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C {why} =1= {and} ! {so} Pass Pass Pass\n[Note \"1:x\"]\n";
    let out = fmt(text);
    assert!(
        out.contains("1C {why} =1= {and} $1 {so} Pass Pass Pass\n"),
        "{out}"
    );
    assert_eq!(fmt(&out), out);
}

#[test]
fn comments_of_a_tag_share_a_line_until_column_80() {
    let text = "[Event \"x\"] {one}\n{two}\n{three}\n";
    assert_eq!(fmt(text), "[Event \"x\"]\n{one} {two} {three}\n");
    let long = format!("[Event \"x\"]\n{{{}}}\n{{short}}\n", "a".repeat(76));
    let out = fmt(&long);
    assert_eq!(
        out,
        format!("[Event \"x\"]\n{{{}}}\n{{short}}\n", "a".repeat(76)),
        "{out}"
    );
}

#[test]
fn strict_export_leaves_out_empty_lines_inside_comments_and_empty_play() {
    let options = FormatOptions {
        export: true,
        eol: Eol::Lf,
    };
    let text = "[Event \"x\"]\n{first\n\nsecond}\n[Declarer \"N\"]\n[Play \"E\"]\n*\n";
    let out = format_text(text, &options);
    assert!(out.contains("{first\nsecond}\n"), "{out}");
    assert!(!out.contains("[Play"), "{out}");
    // A Play whose leader the other tags do not give is kept: leaving it out would lose it.
    for kept in [
        "[Event \"x\"]\n[Play \"W\"]\n*\n",
        "[Event \"x\"]\n[Declarer \"N\"]\n[Play \"W\"]\n*\n",
        "[Event \"x\"]\n[Dealer \"N\"]\n[Auction \"E\"]\n*\n",
    ] {
        let out = format_text(kept, &options);
        assert!(
            out.contains("[Play \"W\"]") || out.contains("[Auction \"E\"]"),
            "{out}"
        );
    }
    // Without --export the comment is kept as written.
    assert!(fmt(text).contains("{first\n\nsecond}"));
}
