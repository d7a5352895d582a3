//! Snapshots of RBN trees for the examples both RBN documents give for every label, plus the
//! recovery cases. Update with `UPDATE_EXPECT=1 cargo test --test rbn_syntax_snapshots`, then
//! review the diff.

use expect_test::{expect, Expect};
use kibitzer::syntax::dump_rbn_tree;
use kibitzer::syntax::rbn::RbnParse;

fn check(input: &str, expected: Expect) {
    let parse = RbnParse::new(input);
    assert_eq!(parse.syntax().text().to_string(), input, "lossless");
    expected.assert_eq(&dump_rbn_tree(&parse));
}

/// Compact listing for many one-line examples: each line's tokens as `KIND"text"`, nodes in
/// brackets, then the errors.
fn compact(lines: &[&str]) -> String {
    use kibitzer::syntax::rbn::RbnNode;
    use rowan::NodeOrToken;
    fn walk(node: &RbnNode, out: &mut String) {
        for child in node.children_with_tokens() {
            match child {
                NodeOrToken::Node(n) => {
                    out.push_str(&format!("{:?}[", n.kind()));
                    walk(&n, out);
                    out.push_str("] ");
                }
                NodeOrToken::Token(t) if t.kind() == kibitzer::syntax::rbn::RbnKind::NEWLINE => {}
                NodeOrToken::Token(t) => out.push_str(&format!("{:?}{:?} ", t.kind(), t.text())),
            }
        }
    }
    let mut out = String::new();
    for line in lines {
        let parse = RbnParse::new(line);
        assert_eq!(parse.syntax().text().to_string(), *line);
        out.push_str(line.trim_end());
        out.push_str("\n  ");
        for (record, _) in parse.chunks() {
            walk(&record, &mut out);
        }
        out.push('\n');
        for e in parse.errors() {
            out.push_str(&format!("  error {}: {}\n", e.code.code(), e.message));
        }
    }
    out
}

#[test]
fn whole_record_of_the_article() {
    check(
        "% RBN 2.2\nT Florida Belles Are Ringers:Richard Pavlicek\nS\nH W:A8765.QT.K9.AT87;J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\nA WZ:1S2H2S4D:4SPP5H:XA\n1 forcing\nP E:CK972:CQ!H483\nR 9-300:0\n{Watch\nthe defense!}\n\nB 9\n",
        expect![[r#"
            FILE@0..202
              RECORD@0..197
                PERCENT_LINE@0..9 "% RBN 2.2"
                NEWLINE@9..10 "\n"
                FIELD@10..56
                  LABEL@10..11 "T"
                  WHITESPACE@11..12 " "
                  TEXT@12..38 "Florida Belles Are Ringers"
                  COLON@38..39 ":"
                  TEXT@39..55 "Richard Pavlicek"
                  NEWLINE@55..56 "\n"
                FIELD@56..58
                  LABEL@56..57 "S"
                  NEWLINE@57..58 "\n"
                FIELD@58..114
                  LABEL@58..59 "H"
                  WHITESPACE@59..60 " "
                  TEXT@60..61 "W"
                  HAND@61..78
                    COLON@61..62 ":"
                    TEXT@62..67 "A8765"
                    DOT@67..68 "."
                    TEXT@68..70 "QT"
                    DOT@70..71 "."
                    TEXT@71..73 "K9"
                    DOT@73..74 "."
                    TEXT@74..78 "AT87"
                  HAND@78..95
                    SEMICOLON@78..79 ";"
                    TEXT@79..82 "J42"
                    DOT@82..83 "."
                    TEXT@83..89 "AJ7632"
                    DOT@89..90 "."
                    TEXT@90..91 "J"
                    DOT@91..92 "."
                    TEXT@92..95 "632"
                  HAND@95..112
                    COLON@95..96 ":"
                    TEXT@96..99 "QT3"
                    DOT@99..100 "."
                    TEXT@100..102 "85"
                    DOT@102..103 "."
                    TEXT@103..106 "Q86"
                    DOT@106..107 "."
                    TEXT@107..112 "KQJ54"
                  HAND@112..113
                    COLON@112..113 ":"
                  NEWLINE@113..114 "\n"
                FIELD@114..138
                  LABEL@114..115 "A"
                  WHITESPACE@115..116 " "
                  TEXT@116..118 "WZ"
                  COLON@118..119 ":"
                  CALL@119..121 "1S"
                  CALL@121..123 "2H"
                  CALL@123..125 "2S"
                  CALL@125..127 "4D"
                  COLON@127..128 ":"
                  CALL@128..130 "4S"
                  CALL@130..131 "P"
                  CALL@131..132 "P"
                  CALL@132..134 "5H"
                  COLON@134..135 ":"
                  CALL@135..136 "X"
                  CALL@136..137 "A"
                  NEWLINE@137..138 "\n"
                NOTE@138..148
                  LABEL@138..139 "1"
                  WHITESPACE@139..140 " "
                  TEXT@140..147 "forcing"
                  NEWLINE@147..148 "\n"
                FIELD@148..166
                  LABEL@148..149 "P"
                  WHITESPACE@149..150 " "
                  TEXT@150..151 "E"
                  COLON@151..152 ":"
                  TRICK@152..157
                    CARD@152..154 "CK"
                    CARD@154..155 "9"
                    CARD@155..156 "7"
                    CARD@156..157 "2"
                  COLON@157..158 ":"
                  TRICK@158..165
                    CARD@158..160 "CQ"
                    SUFFIX@160..161 "!"
                    CARD@161..163 "H4"
                    CARD@163..164 "8"
                    CARD@164..165 "3"
                  NEWLINE@165..166 "\n"
                FIELD@166..176
                  LABEL@166..167 "R"
                  WHITESPACE@167..168 " "
                  TEXT@168..173 "9-300"
                  COLON@173..174 ":"
                  TEXT@174..175 "0"
                  NEWLINE@175..176 "\n"
                PARAGRAPH@176..196 "{Watch\nthe defense!}"
                NEWLINE@196..197 "\n"
              BLANK_LINES@197..198 "\n"
              RECORD@198..202
                FIELD@198..202
                  LABEL@198..199 "B"
                  WHITESPACE@199..200 " "
                  TEXT@200..201 "9"
                  NEWLINE@201..202 "\n"
        "#]],
    );
}

#[test]
fn title_location_event_session_examples() {
    let text = compact(&[
        "T Greed Costs Contract:Richard Pavlicek",
        "T :Joe Blow",
        "T Preempts:: Fact or Fiction?:Marty Bergen",
        "L Fort Lauderdale FL",
        "L Toronto ON:Royal York Hotel",
        "L Valkenberg NL:Holland Casino",
        "L Edmonton::AB:Royal Alex",
        "E 1999 Grand National Teams",
        "E Southeastern Regional:Flight A Open Pairs",
        "E Beginning Bridge:Lesson 1",
        "S 2nd Session",
        "S Semifinal:3",
        "S Flight A:Round 12",
        "S Rebids by Opener:Page 1",
        "S 2",
        "S S:3",
        "S R32:1",
        "S I:12",
        "S Slam Bidding:Blackwood",
    ]);
    expect![[r#"
        T Greed Costs Contract:Richard Pavlicek
          FIELD[LABEL"T" WHITESPACE" " TEXT"Greed Costs Contract" COLON":" TEXT"Richard Pavlicek" ] 
        T :Joe Blow
          FIELD[LABEL"T" WHITESPACE" " COLON":" TEXT"Joe Blow" ] 
        T Preempts:: Fact or Fiction?:Marty Bergen
          FIELD[LABEL"T" WHITESPACE" " TEXT"Preempts:: Fact or Fiction?" COLON":" TEXT"Marty Bergen" ] 
        L Fort Lauderdale FL
          FIELD[LABEL"L" WHITESPACE" " TEXT"Fort Lauderdale FL" ] 
        L Toronto ON:Royal York Hotel
          FIELD[LABEL"L" WHITESPACE" " TEXT"Toronto ON" COLON":" TEXT"Royal York Hotel" ] 
        L Valkenberg NL:Holland Casino
          FIELD[LABEL"L" WHITESPACE" " TEXT"Valkenberg NL" COLON":" TEXT"Holland Casino" ] 
        L Edmonton::AB:Royal Alex
          FIELD[LABEL"L" WHITESPACE" " TEXT"Edmonton::AB" COLON":" TEXT"Royal Alex" ] 
        E 1999 Grand National Teams
          FIELD[LABEL"E" WHITESPACE" " TEXT"1999 Grand National Teams" ] 
        E Southeastern Regional:Flight A Open Pairs
          FIELD[LABEL"E" WHITESPACE" " TEXT"Southeastern Regional" COLON":" TEXT"Flight A Open Pairs" ] 
        E Beginning Bridge:Lesson 1
          FIELD[LABEL"E" WHITESPACE" " TEXT"Beginning Bridge" COLON":" TEXT"Lesson 1" ] 
        S 2nd Session
          FIELD[LABEL"S" WHITESPACE" " TEXT"2nd Session" ] 
        S Semifinal:3
          FIELD[LABEL"S" WHITESPACE" " TEXT"Semifinal" COLON":" TEXT"3" ] 
        S Flight A:Round 12
          FIELD[LABEL"S" WHITESPACE" " TEXT"Flight A" COLON":" TEXT"Round 12" ] 
        S Rebids by Opener:Page 1
          FIELD[LABEL"S" WHITESPACE" " TEXT"Rebids by Opener" COLON":" TEXT"Page 1" ] 
        S 2
          FIELD[LABEL"S" WHITESPACE" " TEXT"2" ] 
        S S:3
          FIELD[LABEL"S" WHITESPACE" " TEXT"S" COLON":" TEXT"3" ] 
        S R32:1
          FIELD[LABEL"S" WHITESPACE" " TEXT"R32" COLON":" TEXT"1" ] 
        S I:12
          FIELD[LABEL"S" WHITESPACE" " TEXT"I" COLON":" TEXT"12" ] 
        S Slam Bidding:Blackwood
          FIELD[LABEL"S" WHITESPACE" " TEXT"Slam Bidding" COLON":" TEXT"Blackwood" ] 
    "#]].assert_eq(&text);
}

#[test]
fn date_scoring_teams_names_board_examples() {
    let text = compact(&[
        "D 19980131",
        "D 199709",
        "D 1996",
        "D 1955C",
        "D 20000509:091508",
        "D 20010704:1930",
        "D 20011130:24",
        "D 20011201:0",
        "D 1986120911",
        "D 20120428:072315G",
        "F I",
        "F X:Butler",
        "F I:1952",
        "F M:old",
        "F A:no honors or partials",
        "F C:NS 60",
        "K Nickell:Schwartz",
        "K Italy +999:United States +2",
        "K Iceland +76.33:Bulgaria +91.50",
        "K GIB +99 -3:Jack 97",
        "K Italy:USA1:999:22",
        "K France:Spain::-5",
        "K GIB:Jack:99-8",
        "N Wolff+Hamman:Stansby+Martel",
        "N Wolff+Hamman:Stansby+Martel:O:US Open",
        "N Soloway",
        "N :Jan+Joe:O",
        "N :+Norman Kay:6",
        "N +Roth:GIB 4.0",
        "B 7",
        "B 10:7X01",
        "B 15:C",
        "B 9:97-7-542",
        "B :KK",
        "B xy",
    ]);
    expect![[r#"
        D 19980131
          FIELD[LABEL"D" WHITESPACE" " TEXT"19980131" ] 
        D 199709
          FIELD[LABEL"D" WHITESPACE" " TEXT"199709" ] 
        D 1996
          FIELD[LABEL"D" WHITESPACE" " TEXT"1996" ] 
        D 1955C
          FIELD[LABEL"D" WHITESPACE" " TEXT"1955C" ] 
        D 20000509:091508
          FIELD[LABEL"D" WHITESPACE" " TEXT"20000509" COLON":" TEXT"091508" ] 
        D 20010704:1930
          FIELD[LABEL"D" WHITESPACE" " TEXT"20010704" COLON":" TEXT"1930" ] 
        D 20011130:24
          FIELD[LABEL"D" WHITESPACE" " TEXT"20011130" COLON":" TEXT"24" ] 
        D 20011201:0
          FIELD[LABEL"D" WHITESPACE" " TEXT"20011201" COLON":" TEXT"0" ] 
        D 1986120911
          FIELD[LABEL"D" WHITESPACE" " TEXT"1986120911" ] 
        D 20120428:072315G
          FIELD[LABEL"D" WHITESPACE" " TEXT"20120428" COLON":" TEXT"072315G" ] 
        F I
          FIELD[LABEL"F" WHITESPACE" " TEXT"I" ] 
        F X:Butler
          FIELD[LABEL"F" WHITESPACE" " TEXT"X" COLON":" TEXT"Butler" ] 
        F I:1952
          FIELD[LABEL"F" WHITESPACE" " TEXT"I" COLON":" TEXT"1952" ] 
        F M:old
          FIELD[LABEL"F" WHITESPACE" " TEXT"M" COLON":" TEXT"old" ] 
        F A:no honors or partials
          FIELD[LABEL"F" WHITESPACE" " TEXT"A" COLON":" TEXT"no honors or partials" ] 
        F C:NS 60
          FIELD[LABEL"F" WHITESPACE" " TEXT"C" COLON":" TEXT"NS 60" ] 
        K Nickell:Schwartz
          FIELD[LABEL"K" WHITESPACE" " TEXT"Nickell" COLON":" TEXT"Schwartz" ] 
        K Italy +999:United States +2
          FIELD[LABEL"K" WHITESPACE" " TEXT"Italy +999" COLON":" TEXT"United States +2" ] 
        K Iceland +76.33:Bulgaria +91.50
          FIELD[LABEL"K" WHITESPACE" " TEXT"Iceland +76.33" COLON":" TEXT"Bulgaria +91.50" ] 
        K GIB +99 -3:Jack 97
          FIELD[LABEL"K" WHITESPACE" " TEXT"GIB +99 -3" COLON":" TEXT"Jack 97" ] 
        K Italy:USA1:999:22
          FIELD[LABEL"K" WHITESPACE" " TEXT"Italy" COLON":" TEXT"USA1" COLON":" TEXT"999" COLON":" TEXT"22" ] 
        K France:Spain::-5
          FIELD[LABEL"K" WHITESPACE" " TEXT"France" COLON":" TEXT"Spain" COLON":" COLON":" TEXT"-5" ] 
        K GIB:Jack:99-8
          FIELD[LABEL"K" WHITESPACE" " TEXT"GIB" COLON":" TEXT"Jack" COLON":" TEXT"99-8" ] 
        N Wolff+Hamman:Stansby+Martel
          FIELD[LABEL"N" WHITESPACE" " TEXT"Wolff" PLUS"+" TEXT"Hamman" COLON":" TEXT"Stansby" PLUS"+" TEXT"Martel" ] 
        N Wolff+Hamman:Stansby+Martel:O:US Open
          FIELD[LABEL"N" WHITESPACE" " TEXT"Wolff" PLUS"+" TEXT"Hamman" COLON":" TEXT"Stansby" PLUS"+" TEXT"Martel" COLON":" TEXT"O" COLON":" TEXT"US Open" ] 
        N Soloway
          FIELD[LABEL"N" WHITESPACE" " TEXT"Soloway" ] 
        N :Jan+Joe:O
          FIELD[LABEL"N" WHITESPACE" " COLON":" TEXT"Jan" PLUS"+" TEXT"Joe" COLON":" TEXT"O" ] 
        N :+Norman Kay:6
          FIELD[LABEL"N" WHITESPACE" " COLON":" PLUS"+" TEXT"Norman Kay" COLON":" TEXT"6" ] 
        N +Roth:GIB 4.0
          FIELD[LABEL"N" WHITESPACE" " PLUS"+" TEXT"Roth" COLON":" TEXT"GIB 4.0" ] 
        B 7
          FIELD[LABEL"B" WHITESPACE" " TEXT"7" ] 
        B 10:7X01
          FIELD[LABEL"B" WHITESPACE" " TEXT"10" COLON":" TEXT"7X01" ] 
        B 15:C
          FIELD[LABEL"B" WHITESPACE" " TEXT"15" COLON":" TEXT"C" ] 
        B 9:97-7-542
          FIELD[LABEL"B" WHITESPACE" " TEXT"9" COLON":" TEXT"97-7-542" ] 
        B :KK
          FIELD[LABEL"B" WHITESPACE" " COLON":" TEXT"KK" ] 
        B xy
          FIELD[LABEL"B" WHITESPACE" " TEXT"xy" ] 
    "#]].assert_eq(&text);
}

#[test]
fn hand_examples() {
    let text = compact(&[
        "H W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:",
        "H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72",
        "H E:T4.8642.AKT8.K65",
        "H W:K9.K9.9:3.A3.Q.4:Q82..J.A:A7.7.K8",
        "H W:43:KJ2:Q976:AT85",
        "H W:A875.632.76.8643;Q632.Q87.J842.Q2:KJT4.KJT4.AQ3.AJ;",
        "H E;K5.T.KQJT98.KQJT:A876.A2.765.A876;32.KQJ9876543..9:",
        "H S:AKxx.Qxx.?.xxx",
    ]);
    expect![[r#"
        H W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:
          FIELD[LABEL"H" WHITESPACE" " TEXT"W" HAND[COLON":" TEXT"873" DOT"." TEXT"A6" DOT"." TEXT"KT864" DOT"." TEXT"KQ8" ] HAND[COLON":" TEXT"96" DOT"." TEXT"T54" DOT"." TEXT"97" DOT"." TEXT"AJ9643" ] HAND[COLON":" TEXT"T542" DOT"." TEXT"K93" DOT"." TEXT"AQ53" DOT"." TEXT"52" ] HAND[COLON":" ] ] 
        H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72
          FIELD[LABEL"H" WHITESPACE" " TEXT"N" HAND[COLON":" TEXT"AKQ72" DOT"." DOT"." TEXT"AKQ72" DOT"." TEXT"753" ] HAND[COLON":" ] HAND[COLON":" DOT"." TEXT"AKQ72" DOT"." TEXT"753" DOT"." TEXT"AKQ72" ] ] 
        H E:T4.8642.AKT8.K65
          FIELD[LABEL"H" WHITESPACE" " TEXT"E" HAND[COLON":" TEXT"T4" DOT"." TEXT"8642" DOT"." TEXT"AKT8" DOT"." TEXT"K65" ] ] 
        H W:K9.K9.9:3.A3.Q.4:Q82..J.A:A7.7.K8
          FIELD[LABEL"H" WHITESPACE" " TEXT"W" HAND[COLON":" TEXT"K9" DOT"." TEXT"K9" DOT"." TEXT"9" ] HAND[COLON":" TEXT"3" DOT"." TEXT"A3" DOT"." TEXT"Q" DOT"." TEXT"4" ] HAND[COLON":" TEXT"Q82" DOT"." DOT"." TEXT"J" DOT"." TEXT"A" ] HAND[COLON":" TEXT"A7" DOT"." TEXT"7" DOT"." TEXT"K8" ] ] 
        H W:43:KJ2:Q976:AT85
          FIELD[LABEL"H" WHITESPACE" " TEXT"W" HAND[COLON":" TEXT"43" ] HAND[COLON":" TEXT"KJ2" ] HAND[COLON":" TEXT"Q976" ] HAND[COLON":" TEXT"AT85" ] ] 
        H W:A875.632.76.8643;Q632.Q87.J842.Q2:KJT4.KJT4.AQ3.AJ;
          FIELD[LABEL"H" WHITESPACE" " TEXT"W" HAND[COLON":" TEXT"A875" DOT"." TEXT"632" DOT"." TEXT"76" DOT"." TEXT"8643" ] HAND[SEMICOLON";" TEXT"Q632" DOT"." TEXT"Q87" DOT"." TEXT"J842" DOT"." TEXT"Q2" ] HAND[COLON":" TEXT"KJT4" DOT"." TEXT"KJT4" DOT"." TEXT"AQ3" DOT"." TEXT"AJ" ] HAND[SEMICOLON";" ] ] 
        H E;K5.T.KQJT98.KQJT:A876.A2.765.A876;32.KQJ9876543..9:
          FIELD[LABEL"H" WHITESPACE" " TEXT"E" HAND[SEMICOLON";" TEXT"K5" DOT"." TEXT"T" DOT"." TEXT"KQJT98" DOT"." TEXT"KQJT" ] HAND[COLON":" TEXT"A876" DOT"." TEXT"A2" DOT"." TEXT"765" DOT"." TEXT"A876" ] HAND[SEMICOLON";" TEXT"32" DOT"." TEXT"KQJ9876543" DOT"." DOT"." TEXT"9" ] HAND[COLON":" ] ] 
        H S:AKxx.Qxx.?.xxx
          FIELD[LABEL"H" WHITESPACE" " TEXT"S" HAND[COLON":" TEXT"AKxx" DOT"." TEXT"Qxx" DOT"." TEXT"?" DOT"." TEXT"xxx" ] ] 
    "#]].assert_eq(&text);
}

#[test]
fn auction_contract_play_result_examples() {
    let text = compact(&[
        "A SZ:1SP2SP:4SA",
        "A EN",
        "A WE:A",
        "A NB:1SXY",
        "A S:1SP2CP:2D",
        "A EB:3CP3N?P:PX!R^1A",
        "C 5D:N",
        "C P",
        "C 6HR:W",
        "C 4SX:S8",
        "C N:S6",
        "C C:EM",
        "P N:SK54T:SA87H3:HA245:HKQ8J",
        "P W:DA762:Y",
        "P S:HQ*3J2:HK47A:DJA53:HT68C7^1",
        "P S63JA:D4TQ6:DAJ9K",
        "R 11",
        "R 10+620",
        "R 8-300:+4",
        "R P:-2",
        "R :66.67",
        "R 9-100:=",
    ]);
    expect![[r#"
        A SZ:1SP2SP:4SA
          FIELD[LABEL"A" WHITESPACE" " TEXT"SZ" COLON":" CALL"1S" CALL"P" CALL"2S" CALL"P" COLON":" CALL"4S" CALL"A" ] 
        A EN
          FIELD[LABEL"A" WHITESPACE" " TEXT"EN" ] 
        A WE:A
          FIELD[LABEL"A" WHITESPACE" " TEXT"WE" COLON":" CALL"A" ] 
        A NB:1SXY
          FIELD[LABEL"A" WHITESPACE" " TEXT"NB" COLON":" CALL"1S" CALL"X" CALL"Y" ] 
        A S:1SP2CP:2D
          FIELD[LABEL"A" WHITESPACE" " TEXT"S" COLON":" CALL"1S" CALL"P" CALL"2C" CALL"P" COLON":" CALL"2D" ] 
        A EB:3CP3N?P:PX!R^1A
          FIELD[LABEL"A" WHITESPACE" " TEXT"EB" COLON":" CALL"3C" CALL"P" CALL"3N" SUFFIX"?" CALL"P" COLON":" CALL"P" CALL"X" SUFFIX"!" CALL"R" NOTE_REF"^1" CALL"A" ] 
        C 5D:N
          FIELD[LABEL"C" WHITESPACE" " TEXT"5D" COLON":" TEXT"N" ] 
        C P
          FIELD[LABEL"C" WHITESPACE" " TEXT"P" ] 
        C 6HR:W
          FIELD[LABEL"C" WHITESPACE" " TEXT"6HR" COLON":" TEXT"W" ] 
        C 4SX:S8
          FIELD[LABEL"C" WHITESPACE" " TEXT"4SX" COLON":" TEXT"S8" ] 
        C N:S6
          FIELD[LABEL"C" WHITESPACE" " TEXT"N" COLON":" TEXT"S6" ] 
        C C:EM
          FIELD[LABEL"C" WHITESPACE" " TEXT"C" COLON":" TEXT"EM" ] 
        P N:SK54T:SA87H3:HA245:HKQ8J
          FIELD[LABEL"P" WHITESPACE" " TEXT"N" COLON":" TRICK[CARD"SK" CARD"5" CARD"4" CARD"T" ] COLON":" TRICK[CARD"SA" CARD"8" CARD"7" CARD"H3" ] COLON":" TRICK[CARD"HA" CARD"2" CARD"4" CARD"5" ] COLON":" TRICK[CARD"HK" CARD"Q" CARD"8" CARD"J" ] ] 
        P W:DA762:Y
          FIELD[LABEL"P" WHITESPACE" " TEXT"W" COLON":" TRICK[CARD"DA" CARD"7" CARD"6" CARD"2" ] COLON":" TRICK[CARD"Y" ] ] 
        P S:HQ*3J2:HK47A:DJA53:HT68C7^1
          FIELD[LABEL"P" WHITESPACE" " TEXT"S" COLON":" TRICK[CARD"HQ" SUFFIX"*" CARD"3" CARD"J" CARD"2" ] COLON":" TRICK[CARD"HK" CARD"4" CARD"7" CARD"A" ] COLON":" TRICK[CARD"DJ" CARD"A" CARD"5" CARD"3" ] COLON":" TRICK[CARD"HT" CARD"6" CARD"8" CARD"C7" NOTE_REF"^1" ] ] 
        P S63JA:D4TQ6:DAJ9K
          FIELD[LABEL"P" WHITESPACE" " TRICK[CARD"S6" CARD"3" CARD"J" CARD"A" ] COLON":" TRICK[CARD"D4" CARD"T" CARD"Q" CARD"6" ] COLON":" TRICK[CARD"DA" CARD"J" CARD"9" CARD"K" ] ] 
        R 11
          FIELD[LABEL"R" WHITESPACE" " TEXT"11" ] 
        R 10+620
          FIELD[LABEL"R" WHITESPACE" " TEXT"10+620" ] 
        R 8-300:+4
          FIELD[LABEL"R" WHITESPACE" " TEXT"8-300" COLON":" TEXT"+4" ] 
        R P:-2
          FIELD[LABEL"R" WHITESPACE" " TEXT"P" COLON":" TEXT"-2" ] 
        R :66.67
          FIELD[LABEL"R" WHITESPACE" " COLON":" TEXT"66.67" ] 
        R 9-100:=
          FIELD[LABEL"R" WHITESPACE" " TEXT"9-100" COLON":" TEXT"=" ] 
    "#]].assert_eq(&text);
}

#[test]
fn awards_makes_and_notes_examples() {
    let text = compact(&[
        "I 3N=10:4S=7:6S=5:P=4:5S=3:4N=1",
        "I Win HA; lead SK=10:Win HA; lead H2=8",
        "I 80=99:98:75=97:95:67=94:92:50=90",
        "M 9",
        "M BA",
        "M :978A7+979A7:46435+45436",
        "M C:DCC99=:!=",
        "M 9:?4=:?8+?9",
        "1 Apparently lost his mind",
        "0 a note numbered zero",
    ]);
    expect![[r#"
        I 3N=10:4S=7:6S=5:P=4:5S=3:4N=1
          FIELD[LABEL"I" WHITESPACE" " TEXT"3N=10" COLON":" TEXT"4S=7" COLON":" TEXT"6S=5" COLON":" TEXT"P=4" COLON":" TEXT"5S=3" COLON":" TEXT"4N=1" ] 
        I Win HA; lead SK=10:Win HA; lead H2=8
          FIELD[LABEL"I" WHITESPACE" " TEXT"Win HA; lead SK=10" COLON":" TEXT"Win HA; lead H2=8" ] 
        I 80=99:98:75=97:95:67=94:92:50=90
          FIELD[LABEL"I" WHITESPACE" " TEXT"80=99" COLON":" TEXT"98" COLON":" TEXT"75=97" COLON":" TEXT"95" COLON":" TEXT"67=94" COLON":" TEXT"92" COLON":" TEXT"50=90" ] 
        M 9
          FIELD[LABEL"M" WHITESPACE" " TEXT"9" ] 
        M BA
          FIELD[LABEL"M" WHITESPACE" " TEXT"BA" ] 
        M :978A7+979A7:46435+45436
          FIELD[LABEL"M" WHITESPACE" " COLON":" TEXT"978A7+979A7" COLON":" TEXT"46435+45436" ] 
        M C:DCC99=:!=
          FIELD[LABEL"M" WHITESPACE" " TEXT"C" COLON":" TEXT"DCC99=" COLON":" TEXT"!=" ] 
        M 9:?4=:?8+?9
          FIELD[LABEL"M" WHITESPACE" " TEXT"9" COLON":" TEXT"?4=" COLON":" TEXT"?8+?9" ] 
        1 Apparently lost his mind
          NOTE[LABEL"1" WHITESPACE" " TEXT"Apparently lost his mind" ] 
        0 a note numbered zero
          NOTE[LABEL"0" WHITESPACE" " TEXT"a note numbered zero" ] 
    "#]].assert_eq(&text);
}

#[test]
fn recovery_cases() {
    check(
        "Tno space\nZ 12\n H 1\nA\n{open\nT swallowed\n{second}\n{third",
        expect![[r#"
            FILE@0..55
              RECORD@0..55
                FIELD@0..10
                  LABEL@0..1 "T"
                  TEXT@1..9 "no space"
                  NEWLINE@9..10 "\n"
                ERROR@10..15
                  UNKNOWN@10..14 "Z 12"
                  NEWLINE@14..15 "\n"
                ERROR@15..20
                  UNKNOWN@15..19 " H 1"
                  NEWLINE@19..20 "\n"
                FIELD@20..22
                  LABEL@20..21 "A"
                  NEWLINE@21..22 "\n"
                PARAGRAPH@22..39 "{open\nT swallowed"
                NEWLINE@39..40 "\n"
                PARAGRAPH@40..48 "{second}"
                NEWLINE@48..49 "\n"
                PARAGRAPH@49..55 "{third"
            error 0..1: R906 a space must follow the label `T` before its data
            error 10..11: R901 `Z` is no RBN label: a line starts with one of TDLESFKNBHACPRIM, a note digit, `{` or `%`
            error 15..16: R901 ` ` is no RBN label: a line starts with one of TDLESFKNBHACPRIM, a note digit, `{` or `%`
            error 22..23: R905 this paragraph is not closed by `}` at the end of a line
            error 49..50: R905 this paragraph is not closed by `}` at the end of a line
        "#]],
    );
}
