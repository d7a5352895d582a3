//! Snapshots of trees for small inputs: every token kind and every recovery case.
//! Update with `UPDATE_EXPECT=1 cargo test --test syntax_snapshots`, then review the diff.

use expect_test::{expect, Expect};
use kibitzer::syntax::{dump_tree, Parse};

fn check(input: &str, expected: Expect) {
    let parse = Parse::new(input);
    assert_eq!(parse.syntax().text().to_string(), input, "lossless");
    expected.assert_eq(&dump_tree(&parse));
}

#[test]
fn tag_pairs_strings_and_escapes() {
    check(
        "[Event \"Club \\\"Pairs\\\" \\\\ 1\"]\n[Site\"\"] [Board \"7\"]\n",
        expect![[r#"
            FILE@0..51
              GAME@0..51
                TAG_PAIR@0..29
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Event"
                  WHITESPACE@6..7 " "
                  STRING@7..28 "\"Club \\\"Pairs\\\" \\\\ 1\""
                  R_BRACK@28..29 "]"
                NEWLINE@29..30 "\n"
                TAG_PAIR@30..38
                  L_BRACK@30..31 "["
                  TAG_NAME@31..35 "Site"
                  STRING@35..37 "\"\""
                  R_BRACK@37..38 "]"
                WHITESPACE@38..39 " "
                TAG_PAIR@39..50
                  L_BRACK@39..40 "["
                  TAG_NAME@40..45 "Board"
                  WHITESPACE@45..46 " "
                  STRING@46..49 "\"7\""
                  R_BRACK@49..50 "]"
                NEWLINE@50..51 "\n"
        "#]],
    );
}

#[test]
fn structured_values() {
    check(
        "[Deal \"N:AKQ.JT9..8765432 - T2.A.K.Q -\"]\n[Note \"12:transfer: hearts\"]\n[Scoring \"IMP;Cross\"]\n",
        expect![[r#"
            FILE@0..92
              GAME@0..92
                TAG_PAIR@0..40
                  L_BRACK@0..1 "["
                  TAG_NAME@1..5 "Deal"
                  WHITESPACE@5..6 " "
                  TAG_VALUE@6..39
                    QUOTE@6..7 "\""
                    VALUE_TEXT@7..8 "N"
                    COLON@8..9 ":"
                    HAND@9..25
                      VALUE_TEXT@9..12 "AKQ"
                      DOT@12..13 "."
                      VALUE_TEXT@13..16 "JT9"
                      DOT@16..17 "."
                      DOT@17..18 "."
                      VALUE_TEXT@18..25 "8765432"
                    WHITESPACE@25..26 " "
                    HAND@26..27
                      VALUE_TEXT@26..27 "-"
                    WHITESPACE@27..28 " "
                    HAND@28..36
                      VALUE_TEXT@28..30 "T2"
                      DOT@30..31 "."
                      VALUE_TEXT@31..32 "A"
                      DOT@32..33 "."
                      VALUE_TEXT@33..34 "K"
                      DOT@34..35 "."
                      VALUE_TEXT@35..36 "Q"
                    WHITESPACE@36..37 " "
                    HAND@37..38
                      VALUE_TEXT@37..38 "-"
                    QUOTE@38..39 "\""
                  R_BRACK@39..40 "]"
                NEWLINE@40..41 "\n"
                TAG_PAIR@41..69
                  L_BRACK@41..42 "["
                  TAG_NAME@42..46 "Note"
                  WHITESPACE@46..47 " "
                  TAG_VALUE@47..68
                    QUOTE@47..48 "\""
                    VALUE_TEXT@48..50 "12"
                    COLON@50..51 ":"
                    VALUE_TEXT@51..67 "transfer: hearts"
                    QUOTE@67..68 "\""
                  R_BRACK@68..69 "]"
                NEWLINE@69..70 "\n"
                TAG_PAIR@70..91
                  L_BRACK@70..71 "["
                  TAG_NAME@71..78 "Scoring"
                  WHITESPACE@78..79 " "
                  TAG_VALUE@79..90
                    QUOTE@79..80 "\""
                    VALUE_TEXT@80..83 "IMP"
                    SEMICOLON@83..84 ";"
                    VALUE_TEXT@84..89 "Cross"
                    QUOTE@89..90 "\""
                  R_BRACK@90..91 "]"
                NEWLINE@91..92 "\n"
        "#]],
    );
}

#[test]
fn auction_with_every_annotation() {
    check(
        "[Auction \"W\"]\n- 1S !! =1= $25 ^S\n^I 1C ?! Pass AP\n+ *\n[Note \"1:5 cards\"]\n",
        expect![[r#"
            FILE@0..73
              GAME@0..73
                AUCTION_SECTION@0..73
                  TAG_PAIR@0..13
                    L_BRACK@0..1 "["
                    TAG_NAME@1..8 "Auction"
                    WHITESPACE@8..9 " "
                    STRING@9..12 "\"W\""
                    R_BRACK@12..13 "]"
                  NEWLINE@13..14 "\n"
                  CALL@14..15 "-"
                  WHITESPACE@15..16 " "
                  CALL@16..18 "1S"
                  WHITESPACE@18..19 " "
                  SUFFIX@19..21 "!!"
                  WHITESPACE@21..22 " "
                  NOTE_REF@22..25 "=1="
                  WHITESPACE@25..26 " "
                  NAG@26..29 "$25"
                  WHITESPACE@29..30 " "
                  IRREGULARITY@30..32 "^S"
                  NEWLINE@32..33 "\n"
                  IRREGULARITY@33..35 "^I"
                  WHITESPACE@35..36 " "
                  CALL@36..38 "1C"
                  WHITESPACE@38..39 " "
                  SUFFIX@39..41 "?!"
                  WHITESPACE@41..42 " "
                  CALL@42..46 "Pass"
                  WHITESPACE@46..47 " "
                  CALL@47..49 "AP"
                  NEWLINE@49..50 "\n"
                  PLUS@50..51 "+"
                  WHITESPACE@51..52 " "
                  STAR@52..53 "*"
                  NEWLINE@53..54 "\n"
                  TAG_PAIR@54..72
                    L_BRACK@54..55 "["
                    TAG_NAME@55..59 "Note"
                    WHITESPACE@59..60 " "
                    TAG_VALUE@60..71
                      QUOTE@60..61 "\""
                      VALUE_TEXT@61..62 "1"
                      COLON@62..63 ":"
                      VALUE_TEXT@63..70 "5 cards"
                      QUOTE@70..71 "\""
                    R_BRACK@71..72 "]"
                  NEWLINE@72..73 "\n"
        "#]],
    );
}

#[test]
fn play_with_irregularities() {
    check(
        "[Play \"W\"]\nCA ^R S6 C3 c4\n^L H2 - + DK!\n*\n",
        expect![[r#"
            FILE@0..42
              GAME@0..42
                PLAY_SECTION@0..42
                  TAG_PAIR@0..10
                    L_BRACK@0..1 "["
                    TAG_NAME@1..5 "Play"
                    WHITESPACE@5..6 " "
                    STRING@6..9 "\"W\""
                    R_BRACK@9..10 "]"
                  NEWLINE@10..11 "\n"
                  CARD@11..13 "CA"
                  WHITESPACE@13..14 " "
                  IRREGULARITY@14..16 "^R"
                  WHITESPACE@16..17 " "
                  CARD@17..19 "S6"
                  WHITESPACE@19..20 " "
                  CARD@20..22 "C3"
                  WHITESPACE@22..23 " "
                  CARD@23..25 "c4"
                  NEWLINE@25..26 "\n"
                  IRREGULARITY@26..28 "^L"
                  WHITESPACE@28..29 " "
                  CARD@29..31 "H2"
                  WHITESPACE@31..32 " "
                  CARD@32..33 "-"
                  WHITESPACE@33..34 " "
                  PLUS@34..35 "+"
                  WHITESPACE@35..36 " "
                  CARD@36..38 "DK"
                  SUFFIX@38..39 "!"
                  NEWLINE@39..40 "\n"
                  STAR@40..41 "*"
                  NEWLINE@41..42 "\n"
        "#]],
    );
}

#[test]
fn table_section() {
    check(
        "[OptimumResultTable \"Declarer;Denomination\\2R;+Result\\2R\"]\nN  S 10\nS \"N T\" ?\n",
        expect![[r#"
            FILE@0..77
              GAME@0..77
                SUPPLEMENTAL_SECTION@0..77
                  TAG_PAIR@0..58
                    L_BRACK@0..1 "["
                    TAG_NAME@1..19 "OptimumResultTable"
                    WHITESPACE@19..20 " "
                    TAG_VALUE@20..57
                      QUOTE@20..21 "\""
                      VALUE_TEXT@21..29 "Declarer"
                      SEMICOLON@29..30 ";"
                      VALUE_TEXT@30..45 "Denomination\\2R"
                      SEMICOLON@45..46 ";"
                      VALUE_TEXT@46..56 "+Result\\2R"
                      QUOTE@56..57 "\""
                    R_BRACK@57..58 "]"
                  NEWLINE@58..59 "\n"
                  SECTION_TOKEN@59..60 "N"
                  WHITESPACE@60..62 "  "
                  SECTION_TOKEN@62..63 "S"
                  WHITESPACE@63..64 " "
                  SECTION_TOKEN@64..66 "10"
                  NEWLINE@66..67 "\n"
                  SECTION_TOKEN@67..68 "S"
                  WHITESPACE@68..69 " "
                  STRING@69..74 "\"N T\""
                  WHITESPACE@74..75 " "
                  SECTION_TOKEN@75..76 "?"
                  NEWLINE@76..77 "\n"
        "#]],
    );
}

#[test]
fn comments_escapes_and_line_ends() {
    check(
        "% PBN 2.1\r\n{before}\r\n[Event \"a\"] ; rest of line {not a brace}\r\n{spans\r\n\r\n% not an escape\r\nlines}[Site \"b\"]\r",
        expect![[r#"
            FILE@0..107
              GAME@0..107
                ESCAPE_LINE@0..9 "% PBN 2.1"
                NEWLINE@9..11 "\r\n"
                COMMENT_BLOCK@11..19 "{before}"
                NEWLINE@19..21 "\r\n"
                TAG_PAIR@21..32
                  L_BRACK@21..22 "["
                  TAG_NAME@22..27 "Event"
                  WHITESPACE@27..28 " "
                  STRING@28..31 "\"a\""
                  R_BRACK@31..32 "]"
                WHITESPACE@32..33 " "
                COMMENT_LINE@33..61 "; rest of line {not a brace}"
                NEWLINE@61..63 "\r\n"
                COMMENT_BLOCK@63..96 "{spans\r\n\r\n% not an escape\r\nlines}"
                TAG_PAIR@96..106
                  L_BRACK@96..97 "["
                  TAG_NAME@97..101 "Site"
                  WHITESPACE@101..102 " "
                  STRING@102..105 "\"b\""
                  R_BRACK@105..106 "]"
                NEWLINE@106..107 "\r"
        "#]],
    );
}

#[test]
fn games_split_by_semi_empty_lines() {
    check(
        "[Board \"1\"]\n \t\n\n[Board \"2\"]\n{comment only}\n\n% header only\n",
        expect![[r#"
            FILE@0..58
              GAME@0..12
                TAG_PAIR@0..11
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Board"
                  WHITESPACE@6..7 " "
                  STRING@7..10 "\"1\""
                  R_BRACK@10..11 "]"
                NEWLINE@11..12 "\n"
              BLANK_LINES@12..16 " \t\n\n"
              GAME@16..43
                TAG_PAIR@16..27
                  L_BRACK@16..17 "["
                  TAG_NAME@17..22 "Board"
                  WHITESPACE@22..23 " "
                  STRING@23..26 "\"2\""
                  R_BRACK@26..27 "]"
                NEWLINE@27..28 "\n"
                COMMENT_BLOCK@28..42 "{comment only}"
                NEWLINE@42..43 "\n"
              BLANK_LINES@43..44 "\n"
              TRIVIA@44..58
                ESCAPE_LINE@44..57 "% header only"
                NEWLINE@57..58 "\n"
        "#]],
    );
}

#[test]
fn recovery_unquoted_value_and_lone_bracket() {
    check(
        "[Event Random Deal #]\n[\n[Result \"\"]\n[Date  \"2-Aug-2023\"]\n",
        expect![[r#"
            FILE@0..57
              GAME@0..57
                TAG_PAIR@0..21
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Event"
                  WHITESPACE@6..7 " "
                  ERROR@7..20
                    UNQUOTED_VALUE@7..20 "Random Deal #"
                  R_BRACK@20..21 "]"
                NEWLINE@21..22 "\n"
                TAG_PAIR@22..23
                  L_BRACK@22..23 "["
                NEWLINE@23..24 "\n"
                TAG_PAIR@24..35
                  L_BRACK@24..25 "["
                  TAG_NAME@25..31 "Result"
                  WHITESPACE@31..32 " "
                  STRING@32..34 "\"\""
                  R_BRACK@34..35 "]"
                NEWLINE@35..36 "\n"
                TAG_PAIR@36..56
                  L_BRACK@36..37 "["
                  TAG_NAME@37..41 "Date"
                  WHITESPACE@41..43 "  "
                  STRING@43..55 "\"2-Aug-2023\""
                  R_BRACK@55..56 "]"
                NEWLINE@56..57 "\n"
            error 0..21: S002 tag value is not quoted: write [Event "Random Deal #"]
            error 22..23: S002 tag pair has no tag name and has no value and is not closed by `]`
        "#]],
    );
}

#[test]
fn recovery_data_after_tag_and_stray_text() {
    check(
        "statistics: 12 boards\n[Play \"W\"]CQ\n[Event \"x\" \"y\"]\n[Site \"s\"\n[Contract \"3NT\"] oops\n",
        expect![[r#"
            FILE@0..83
              GAME@0..83
                ERROR@0..21
                  UNKNOWN@0..11 "statistics:"
                  WHITESPACE@11..12 " "
                  UNKNOWN@12..14 "12"
                  WHITESPACE@14..15 " "
                  UNKNOWN@15..21 "boards"
                NEWLINE@21..22 "\n"
                PLAY_SECTION@22..35
                  TAG_PAIR@22..32
                    L_BRACK@22..23 "["
                    TAG_NAME@23..27 "Play"
                    WHITESPACE@27..28 " "
                    STRING@28..31 "\"W\""
                    R_BRACK@31..32 "]"
                  CARD@32..34 "CQ"
                  NEWLINE@34..35 "\n"
                TAG_PAIR@35..50
                  L_BRACK@35..36 "["
                  TAG_NAME@36..41 "Event"
                  WHITESPACE@41..42 " "
                  STRING@42..45 "\"x\""
                  ERROR@45..49
                    WHITESPACE@45..46 " "
                    STRING@46..49 "\"y\""
                  R_BRACK@49..50 "]"
                NEWLINE@50..51 "\n"
                TAG_PAIR@51..60
                  L_BRACK@51..52 "["
                  TAG_NAME@52..56 "Site"
                  WHITESPACE@56..57 " "
                  STRING@57..60 "\"s\""
                NEWLINE@60..61 "\n"
                SUPPLEMENTAL_SECTION@61..83
                  TAG_PAIR@61..77
                    L_BRACK@61..62 "["
                    TAG_NAME@62..70 "Contract"
                    WHITESPACE@70..71 " "
                    STRING@71..76 "\"3NT\""
                    R_BRACK@76..77 "]"
                  WHITESPACE@77..78 " "
                  SECTION_TOKEN@78..82 "oops"
                  NEWLINE@82..83 "\n"
            error 0..21: S003 unexpected text `statistics: 12 boards`: only tag pairs and comments may stand here
            error 35..50: S002 unexpected `"y"` inside a tag pair
            error 51..60: S002 tag pair `Site` is not closed by `]`
        "#]],
    );
}

#[test]
fn recovery_bracket_lines_inside_comments() {
    check(
        "{Lesson\n[show NS]\n\n[PLAY N:H5]\n}\n[Board \"1\"]\n",
        expect![[r#"
            FILE@0..45
              GAME@0..45
                COMMENT_BLOCK@0..32 "{Lesson\n[show NS]\n\n[PLAY N:H5]\n}"
                NEWLINE@32..33 "\n"
                TAG_PAIR@33..44
                  L_BRACK@33..34 "["
                  TAG_NAME@34..39 "Board"
                  WHITESPACE@39..40 " "
                  STRING@40..43 "\"1\""
                  R_BRACK@43..44 "]"
                NEWLINE@44..45 "\n"
        "#]],
    );
}

#[test]
fn recovery_unclosed_comment_and_string() {
    check(
        "[Event \"open\n[Board \"1\"]\n{never closed\n\n[Board \"2\"]\n",
        expect![[r#"
            FILE@0..52
              GAME@0..52
                TAG_PAIR@0..12
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Event"
                  WHITESPACE@6..7 " "
                  STRING@7..12 "\"open"
                NEWLINE@12..13 "\n"
                TAG_PAIR@13..24
                  L_BRACK@13..14 "["
                  TAG_NAME@14..19 "Board"
                  WHITESPACE@19..20 " "
                  STRING@20..23 "\"1\""
                  R_BRACK@23..24 "]"
                NEWLINE@24..25 "\n"
                COMMENT_BLOCK@25..52 "{never closed\n\n[Board \"2\"]\n"
            error 0..12: S002 tag pair `Event` is not closed by `]`
            error 7..12: S001 string is not closed: `"` missing before the end of the line
            error 25..26: S004 this `{` comment is never closed: everything after it is taken as comment
        "#]],
    );
}

#[test]
fn recovery_tabs_nuls_and_unknown_characters() {
    check(
        "[Event \"a\tb\"]\t\n[Auction \"N\"]\n1S\u{0}& ]\n\u{0}\n",
        expect![[r#"
            FILE@0..38
              GAME@0..38
                TAG_PAIR@0..13
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Event"
                  WHITESPACE@6..7 " "
                  STRING@7..12 "\"a\tb\""
                  R_BRACK@12..13 "]"
                WHITESPACE@13..14 "\t"
                NEWLINE@14..15 "\n"
                AUCTION_SECTION@15..38
                  TAG_PAIR@15..28
                    L_BRACK@15..16 "["
                    TAG_NAME@16..23 "Auction"
                    WHITESPACE@23..24 " "
                    STRING@24..27 "\"N\""
                    R_BRACK@27..28 "]"
                  NEWLINE@28..29 "\n"
                  CALL@29..31 "1S"
                  ERROR@31..33
                    UNKNOWN@31..33 "\u0000&"
                  WHITESPACE@33..34 " "
                  ERROR@34..35
                    R_BRACK@34..35 "]"
                  NEWLINE@35..36 "\n"
                  ERROR@36..37
                    UNKNOWN@36..37 "\u0000"
                  NEWLINE@37..38 "\n"
            error 9..10: S005 tab character inside a string (use spaces)
            error 31..33: S003 unexpected `\u{0}&` in the auction: a call was expected
            error 34..35: S003 unexpected `]` in the auction: a call was expected
            error 36..37: S003 unexpected `\u{0}` in the auction: a call was expected
        "#]],
    );
}

#[test]
fn appended_statistics_after_a_blank_line() {
    check(
        "[Board \"1\"]\n\nTotal boards: 1\nAverage HCP: 10.0\n",
        expect![[r#"
            FILE@0..47
              GAME@0..12
                TAG_PAIR@0..11
                  L_BRACK@0..1 "["
                  TAG_NAME@1..6 "Board"
                  WHITESPACE@6..7 " "
                  STRING@7..10 "\"1\""
                  R_BRACK@10..11 "]"
                NEWLINE@11..12 "\n"
              BLANK_LINES@12..13 "\n"
              GAME@13..47
                ERROR@13..28
                  UNKNOWN@13..18 "Total"
                  WHITESPACE@18..19 " "
                  UNKNOWN@19..26 "boards:"
                  WHITESPACE@26..27 " "
                  UNKNOWN@27..28 "1"
                NEWLINE@28..29 "\n"
                ERROR@29..46
                  UNKNOWN@29..36 "Average"
                  WHITESPACE@36..37 " "
                  UNKNOWN@37..41 "HCP:"
                  WHITESPACE@41..42 " "
                  UNKNOWN@42..46 "10.0"
                NEWLINE@46..47 "\n"
            error 13..28: S003 unexpected text `Total boards: 1`: only tag pairs and comments may stand here
            error 29..46: S003 unexpected text `Average HCP: 10.0`: only tag pairs and comments may stand here
        "#]],
    );
}

#[test]
fn long_lines_parse_in_linear_time() {
    let long_value = "x".repeat(100_000);
    // As long as a line of section data is read as tokens.
    let long_auction = "Pass ".repeat(kibitzer::syntax::DATA_LINE_CAP / 5 - 1);
    let text = format!("[Event \"{long_value}\"]\n[Auction \"N\"]\n{long_auction}\n");
    let parse = Parse::new(&text);
    assert_eq!(parse.syntax().text().to_string(), text);
    assert!(parse.errors().is_empty());
}

#[test]
fn a_brace_among_table_data_is_stray_and_the_next_game_stays_a_game() {
    // The `{` after the first row is never closed on its line: PBN allows no comment there, so
    // it starts stray text to the line end and the blank line still ends the game; the `}` of
    // the next game's comment does not pull that game in.
    check(
        "[ScoreTable \"Score\"]\n10 { see 2\n\n[Board \"2\"]\n{note}\n",
        expect![[r#"
            FILE@0..52
              GAME@0..32
                SUPPLEMENTAL_SECTION@0..32
                  TAG_PAIR@0..20
                    L_BRACK@0..1 "["
                    TAG_NAME@1..11 "ScoreTable"
                    WHITESPACE@11..12 " "
                    TAG_VALUE@12..19
                      QUOTE@12..13 "\""
                      VALUE_TEXT@13..18 "Score"
                      QUOTE@18..19 "\""
                    R_BRACK@19..20 "]"
                  NEWLINE@20..21 "\n"
                  SECTION_TOKEN@21..23 "10"
                  WHITESPACE@23..24 " "
                  ERROR@24..31
                    UNKNOWN@24..31 "{ see 2"
                  NEWLINE@31..32 "\n"
              BLANK_LINES@32..33 "\n"
              GAME@33..52
                TAG_PAIR@33..44
                  L_BRACK@33..34 "["
                  TAG_NAME@34..39 "Board"
                  WHITESPACE@39..40 " "
                  STRING@40..43 "\"2\""
                  R_BRACK@43..44 "]"
                NEWLINE@44..45 "\n"
                COMMENT_BLOCK@45..51 "{note}"
                NEWLINE@51..52 "\n"
            error 24..31: S003 this `{` is not closed on its line, and among section data it cannot open a comment (only the section's tag pair may be followed by one): the rest of the line is read as stray text
        "#]],
    );
}

#[test]
fn a_comment_right_after_a_section_tag_may_run_over_a_blank_line() {
    check(
        "[ScoreTable \"Score\"]\n{first\n\nsecond} 10 {same line}\n",
        expect![[r#"
            FILE@0..52
              GAME@0..52
                SUPPLEMENTAL_SECTION@0..52
                  TAG_PAIR@0..20
                    L_BRACK@0..1 "["
                    TAG_NAME@1..11 "ScoreTable"
                    WHITESPACE@11..12 " "
                    TAG_VALUE@12..19
                      QUOTE@12..13 "\""
                      VALUE_TEXT@13..18 "Score"
                      QUOTE@18..19 "\""
                    R_BRACK@19..20 "]"
                  NEWLINE@20..21 "\n"
                  COMMENT_BLOCK@21..36 "{first\n\nsecond}"
                  WHITESPACE@36..37 " "
                  SECTION_TOKEN@37..39 "10"
                  WHITESPACE@39..40 " "
                  COMMENT_BLOCK@40..51 "{same line}"
                  NEWLINE@51..52 "\n"
        "#]],
    );
}

#[test]
fn a_line_of_unclosed_braces_among_table_data_is_read_once() {
    // The first stray `{` takes the rest of its line, braces and all: one error, and the next
    // game stays a game.
    let text = format!(
        "[ScoreTable \"Score\"]\n1 {}\n\n[Board \"2\"]\n",
        "{".repeat(100_000)
    );
    let parse = Parse::new(&text);
    let games = parse
        .syntax()
        .children()
        .filter(|n| n.kind() == kibitzer::syntax::SyntaxKind::GAME)
        .count();
    assert_eq!(games, 2);
    let codes: Vec<_> = parse.errors().iter().map(|e| e.code.code()).collect();
    assert_eq!(codes, ["S003"]);
}
