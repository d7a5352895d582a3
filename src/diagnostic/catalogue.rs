//! The diagnostic catalogue: every code once, with its name, default severity and the notations
//! it is reported in. A check names its code as a [`Code`], so a code that is not here does not
//! compile.
//!
//! The tables of `docs/diagnostics.md` are made from this one (`document_table`; a test fails
//! when the file is stale, and `KIBITZER_BLESS=1 cargo test --lib catalogue` writes it anew); a
//! code never changes meaning once released.

use std::fmt;

use super::severity::Severity;

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code, e.g. `D203`.
    pub code: Code,
    /// The kebab-case name, e.g. `duplicate-card`.
    pub name: &'static str,
    /// The default severity.
    pub severity: Severity,
    /// The notations the code is reported in, by their letters: `P` (PBN), `R` (RBN), `L` (LIN),
    /// `M` (the dealing machines' DUP, BRI, DGE and DLM).
    pub notations: &'static str,
    /// When it is reported, in a sentence of Markdown (the "when" column of
    /// `docs/diagnostics.md`, and SARIF's help).
    pub when: &'static str,
    /// The text it points at.
    pub range: &'static str,
}

/// Declares the [`Code`] enum and [`CATALOGUE`] from one table of rows
/// `code "name" Severity "notations" "when" "range"`.
macro_rules! catalogue {
    ($($code:ident $name:literal $severity:ident $notations:literal $when:literal $range:literal,)*) => {
        /// A code of the catalogue: what a finding is, named once here and typed everywhere.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(
                #[doc = $name]
                $code,
            )*
        }

        /// Every code of the catalogue, in catalogue order (the order of [`Code`]).
        pub const CATALOGUE: &[CodeInfo] = &[
            $(
                CodeInfo {
                    code: Code::$code,
                    name: $name,
                    severity: Severity::$severity,
                    notations: $notations,
                    when: $when,
                    range: $range,
                },
            )*
        ];

        impl Code {
            /// The code as written, e.g. `D203`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }
        }
    };
}

catalogue! {
    S001 "unterminated-string" Error "P"
        r#"a `"` string runs to the end of its line without closing"#
        r#"the string"#,
    S002 "malformed-tag-pair" Error "P"
        r#"a `[` is not followed by name, quoted value and `]` — e.g. `[Event Club Pairs]`"#
        r#"the tag pair as far as it goes"#,
    S003 "unexpected-text" Error "P"
        r#"text that belongs nowhere: words between tags, data after a tag that opens no section (`[Result "9"]` followed by text), a non-call in an auction, a `{` among the data of a supplemental section that is not closed on its line (PBN allows no comment there, so it starts stray text to the line end and cannot run on over the games after it; one closed on its line is B704), and the rest of a line of section data longer than 65,536 bytes, which is not read (a reader may cut a line at 255 characters; past the cap a line of millions of calls or cards is one piece of text, not millions of tokens)"#
        r#"the text, up to the end of its line"#,
    S004 "unterminated-comment" Error "P"
        r#"a `{` comment never closes"#
        r#"the `{`"#,
    S005 "tab-in-string" Error "P"
        r#"a tab inside a string"#
        r#"the tab"#,
    S006 "line-too-long" Error "P"
        r#"a line over 255 characters, counting its line end (the standard's limit: a reader may cut the line there); a warning when only its CRLF takes it over (the reference verifier reads 254 characters and a CRLF whole)"#
        r#"the part after character 255"#,
    S007 "forbidden-character" Warning "P"
        r#"a control character other than tab, vertical tab and line ends, DEL, or U+0080–U+009F"#
        r#"the character (fix: remove it)"#,
    S008 "tag-name-case" Error "P"
        r#"a tag name starting with anything but an upper-case letter"#
        r#"the name"#,
    S009 "not-latin-1" Info "P"
        r#"a character above U+00FF outside comments: the file cannot be written as Latin-1, PBN's character set"#
        r#"the character"#,
    S010 "escape-in-comment-position" Warning "P"
        r#"a line inside a `{}` comment that starts with `% PBN` or `% EXPORT`: it looks like an escape line but is just comment text"#
        r#"the line"#,
    S011 "no-final-newline" Hint "PR"
        r#"the last line has no line end"#
        r#"the end of the file (fix: add one)"#,
    S012 "invalid-suppression" Warning "PR"
        r#"a `% kibitzer-ignore:` line names something that is no code or prefix of one, or stands between games where it applies to nothing"#
        r#"the code, or the line"#,
    S013 "unused-suppression" Hint "PR"
        r#"a code of a `% kibitzer-ignore:` line silences nothing in its scope"#
        r#"the code (fix: remove it)"#,
    S014 "comment-holds-tag-pairs" Warning "P"
        r#"a `{` comment that runs over several lines holds whole tag pairs (`[South "…"]` at a line's start): most likely a `}` is missing on the `{`'s line, and a later comment's `}` closed it, so the tags are read as comment text"#
        r#"the `{` (fix: close the comment at the end of its line)"#,
    T101 "duplicate-tag" Warning "P"
        r#"a tag other than Note appears twice in a game; PBN ignores the later one. Related: the first"#
        r#"the later name"#,
    T102 "invalid-tag-value" Error "P"
        r#"a value breaks its tag's syntax. Checked: Dealer, Vulnerable, Declarer (`^S` allowed), Contract, Result, Date/EventDate/UTCDate (`YYYY.MM.DD`, `?` for unknown digits), Time/UTCTime (`HH:MM:SS`), Board (positive number), Round, Table, Room (`Open`/`Closed`), FrenchMP (`Yes`/`No`), Hidden, TimeControl (`4/30`), TimeCall, TimeCard, Score, ScoreIMP, ScoreMP, ScorePercentage, ScoreRubber, ScoreRubberHistory, OptimumScore, Auction, Play, Scoring. `?` and `""` always pass. Understood spellings get a fix: `3N` → `3NT`, `N-S` → `NS`, `North` → `N`, `2-Aug-2023` → `2023.08.02`"#
        r#"the value"#,
    T103 "forbidden-inheritance" Error "P"
        r#"`#` or `##…` on Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play or Note"#
        r#"the value"#,
    T104 "nothing-to-inherit" Info "P"
        r#"`#` where no earlier game gives the tag a value, so it becomes empty"#
        r#"the value"#,
    T105 "unknown-tag" Hint "P"
        r#"a tag PBN 2.1 does not define and no known program writes (those, such as `BCFlags`, raise nothing); the message suggests the defined name it probably meant (`Vulnerability` → `Vulnerable`)"#
        r#"the name"#,
    T106 "missing-mandatory-tag" Warning "P"
        r#"*export*: one of the 15 mandatory tags is missing and no earlier `##` supplies it (one diagnostic lists them all)"#
        r#"the game's first tag pair"#,
    T107 "section-needs-tag" Error "P"
        r#"an Auction section without a Dealer, or a Play section without Deal, Declarer or Contract (a passed-out board, `Contract "Pass"`, needs no Declarer)"#
        r#"the section's tag name"#,
    T108 "not-export-order" Hint "P"
        r#"*export*: tags out of order (the mandatory tags in their order, other tags alphabetically, Auction, Play, then supplemental sections alphabetically). Related: the tag it should precede"#
        r#"the first misplaced tag name"#,
    T109 "unusual-tag-value" Info "P"
        r#"an open-ended tag (Scoring fields, Mode, Termination, Competition, WestType…) with a value the standard does not list"#
        r#"the value"#,
    D201 "malformed-deal" Error "P"
        r#"the Deal is not `<seat>:<hand> <hand> <hand> <hand>`: bad or missing seat, missing `:`, not four hands, a hand without four suits, more than one space between hands"#
        r#"the value or the bad part"#,
    D202 "invalid-rank" Error "P"
        r#"a character in a suit that is no rank (`AKQJT98765432`; `akqjt` are fine); `10` is flagged as one with the fix `T`"#
        r#"the character"#,
    D203 "duplicate-card" Error "PRL"
        r#"a card given twice ("South holds ♠K, but it is already in West's hand"). Related: the first"#
        r#"the second occurrence"#,
    D204 "too-many-cards" Error "PRL"
        r#"a hand of more than 13 cards"#
        r#"the hand"#,
    // RBN hands may be incomplete and of different sizes.
    D205 "unequal-hands" Error "PL"
        r#"the known hands hold different numbers of cards; the message gives every count. When some hands are written as empty (`...`) next to full ones, it says that a hand not given is `-`, with a fix"#
        r#"the value"#,
    // In RBN and LIN the writer, not the user, chose the spelling.
    D206 "deal-not-in-export-form" Hint "P"
        r#"*export*: a suit not written from the top down, or a deal that does not start with the dealer"#
        r#"the suit, or the first seat"#,
    D207 "no-cards" Info "PRL"
        r#"the deal gives no cards at all (`W:... ... ... ...`, as BridgeComposer writes a board without a diagram); a warning, with the fix `?`, when no hand is given at all (`N:- - - -`)"#
        r#"the value"#,
    D208 "fourth-hand-derivable" Hint "PRL"
        r#"three full hands and a `-`: the fourth can only be the 13 remaining cards (fix: fill it in)"#
        r#"the `-`"#,
    A301 "invalid-call" Error "P"
        r#"a token that is no call (`P`, `1N`, `Dbl`); the message names the probable call"#
        r#"the token"#,
    A302 "insufficient-bid" Error "PRL"
        r#"a bid not higher than the previous one, without `^I`"#
        r#"the bid"#,
    A303 "illegal-double" Error "PRL"
        r#"a double of nothing, of partner, or of a doubled bid"#
        r#"the `X`"#,
    A304 "illegal-redouble" Error "PRL"
        r#"a redouble without an opponents' double to redouble"#
        r#"the `XX`"#,
    A305 "call-after-end" Error "PRL"
        r#"a call after the auction is over"#
        r#"the call"#,
    A306 "auction-unfinished" Warning "PRL"
        r#"the auction stops before it is over, without `*` or `+`"#
        r#"the last call"#,
    A307 "auction-seat-mismatch" Error "PRL"
        r#"the Auction tag's seat is not the dealer and no `-` placeholders make up for it"#
        r#"the Auction value"#,
    A308 "contract-mismatch" Error "PRL"
        r#"the Contract differs from the auction's final contract"#
        r#"the Contract value"#,
    A309 "declarer-mismatch" Error "PRL"
        r#"the Declarer differs from the auction's declarer, or `^X` (declarer and dummy swapped) does not name the partner of the auction's declarer"#
        r#"the Declarer value"#,
    A310 "passed-out-mismatch" Error "PRL"
        r#"a passed-out auction with a contract, declarer or result"#
        r#"the tag value"#,
    A311 "needless-irregularity" Error "P"
        r#"`^I` on a sufficient bid or on a call that is no bid, `^S` where nobody was skipped, a mark with no call after it: the file contradicts itself"#
        r#"the mark"#,
    A312 "misplaced-continuation" Error "P"
        r#"`+` or `*` not at the end, or both"#
        r#"the mark"#,
    N401 "undefined-note" Error "PRL"
        r#"`=k=` in a section that has no `[Note "k:…"]` (fix: add the Note). The Notes of a section are those right after it, and those after other tags before the next Auction or Play (BridgeComposer writes `[BCNote ""]` between an auction and its notes)"#
        r#"the `=k=`"#,
    N402 "unused-note" Warning "P"
        r#"a Note no call or card of its section refers to"#
        r#"the Note tag"#,
    N403 "duplicate-note" Error "P"
        r#"two Notes with one number in a section. Related: the first"#
        r#"the later Note"#,
    N404 "note-index-range" Error "P"
        r#"a note number outside 1–32, in `=k=` or a Note"#
        r#"the number"#,
    N405 "malformed-note" Error "P"
        r#"a Note that is not `<number>:<text>`"#
        r#"the value or the number"#,
    N406 "misplaced-note" Warning "P"
        r#"a Note outside the Auction and Play sections, where nothing can refer to it"#
        r#"the Note tag"#,
    P501 "invalid-card" Error "P"
        r#"a token that is no card (`S10`, `Q`)"#
        r#"the token"#,
    P502 "card-not-held" Error "PRL"
        r#"a card the player of that column does not hold"#
        r#"the card"#,
    P503 "card-played-twice" Error "PRL"
        r#"a card played again. Related: the first time"#
        r#"the card"#,
    P504 "revoke" Error "PRL"
        r#"not following suit while able to, without `^R`"#
        r#"the card"#,
    P505 "wrong-opening-leader" Error "PRL"
        r#"the Play tag's seat is not declarer's left-hand opponent (with `^X`, not X's: the lead that caused the swap)"#
        r#"the Play value"#,
    P506 "result-mismatch" Error "PRL"
        r#"the Result disagrees with the tricks the play gives, without `^`"#
        r#"the Result value"#,
    P507 "too-many-tricks" Error "PRL"
        r#"more than 13 tricks, or cards after the play ended"#
        r#"the first extra card"#,
    P508 "play-needs-full-deal" Warning "PRL"
        r#"the Deal lacks the hands needed to check the play"#
        r#"the Play tag"#,
    P509 "needless-irregularity" Error "P"
        r#"`^R` or `^L` where nothing irregular happened, or with no card after it; a `^` Result (it differs from the tricks won) that all thirteen tricks played agree with: the file contradicts itself. A warning when no trick, or too few, are played to show the difference"#
        r#"the mark, or the Result value"#,
    P510 "misplaced-continuation" Error "P"
        r#"`*` before the end of the play, or `*` with `+`"#
        r#"the mark"#,
    P511 "unknown-leader" Warning "PRL"
        r#"cards are given but the opening leader cannot be known"#
        r#"the Play tag"#,
    G601 "nag-range" Error "P"
        r#"a NAG above `$255`"#
        r#"the NAG"#,
    G602 "nag-wrong-section" Error "P"
        r#"a call NAG ($1–$6, $13) on a card or a card NAG ($7–$12, $14) on a call; a warning for the ranges only the reference keeps apart ($20–$93 calls', $200–$238 cards')"#
        r#"the NAG"#,
    G603 "duplicate-annotation" Error "P"
        r#"two suffixes or two note references on one call or card"#
        r#"the second"#,
    G604 "duplicate-nag" Warning "P"
        r#"the same NAG twice on one call or card, or a second judgement (`3H ! $2`, `SK $7 $8`: one suffix or NAG from $1 to $12 each)"#
        r#"the second"#,
    B701 "table-row-length" Error "P"
        r#"the elements do not fill whole rows"#
        r#"the incomplete row"#,
    B702 "invalid-column" Error "P"
        r#"a column spec whose `\` is not followed by a width (and optional `L`/`R`)"#
        r#"the column spec"#,
    B703 "invalid-table-value" Warning "P"
        r#"a value that does not fit its predefined column (Declarer, Denomination, Result, Contract, scores, percentages, times, ranks); an error when it cannot happen at the table (over 13 tricks, a percentage over 100, a contract of level 0, 8 or 9). Bridgewebs' doubled contract `3D*` gets the fix `3DX`"#
        r#"the element"#,
    B704 "section-comment" Error "P"
        r#"a comment after the first element of section data (only the section's tag may be followed by a comment)"#
        r#"the comment"#,
    B705 "table-order" Error "P"
        r#"a row out of the order a `+` (descending) or `-` (ascending) column asks for. Related: the column spec"#
        r#"the row"#,
    X801 "score-mismatch" Error "PRL"
        r#"the Score differs from the duplicate score of Contract, Declarer, Result and Vulnerable (not checked for Rubber scoring); fix: the right score"#
        r#"the Score value"#,
    X802 "board-rotation" Hint "PRL"
        r#"Dealer or Vulnerable differ from the usual rotation for the Board number"#
        r#"the Dealer or Vulnerable value"#,
    X803 "result-sum" Error "PRL"
        r#"a Result `NS a EW b` whose tricks add up to more than 13, or to less with all 13 tricks played"#
        r#"the Result value"#,
    X804 "rubber-vulnerability" Error "PRL"
        r#"the games won in ScoreRubberHistory give another vulnerability than the Vulnerable tag (fix: the implied one). Related: the history"#
        r#"the Vulnerable value"#,
    X805 "result-without-declarer" Error "PRL"
        r#"a Result when the Contract is `Pass` or the Declarer is empty (what the standard writes for a passed-out board), unless the auction was passed out (then A310 speaks)"#
        r#"the Result value"#,
    R901 "unknown-label" Error "R"
        r#"a line starting with no known label, note digit, `{` or `%`"#
        r#"the label"#,
    R902 "invalid-label-character" Error "R"
        r#"a character the label does not allow"#
        r#"the character"#,
    R903 "label-too-long" Error "R"
        r#"a line longer than its label allows (past 16,384 bytes of data the rest of the line is not read at all)"#
        r#"the excess"#,
    R904 "malformed-field" Error "R"
        r#"a field out of shape (H, A, C, P, R, M…)"#
        r#"the field"#,
    R905 "unterminated-paragraph" Warning "R"
        r#"a `{` paragraph not closed before the record ends"#
        r#"the `{`"#,
    R906 "missing-space-after-label" Error "R"
        r#"no space between a label and its data"#
        r#"the label"#,
    L701 "unknown-key" Info "L"
        r#"a key Kibitzer does not know (it is kept, and passed through by conversions), or a key that is not two letters"#
        r#"the key"#,
    L702 "malformed-pair" Error "L"
        r#"text that is no `key|value|` pair (stray words between pairs), or a pair whose value is not closed by `|`; and the rest of a board (or header) longer than 256 KiB, which is not read"#
        r#"the text or the pair"#,
    L703 "malformed-deal-or-board" Error "L"
        r#"`md` out of shape: no dealer digit 1–4, a rank before any suit letter, a character that is no rank, a card given twice in a hand, more than four hands; or a `qx` without a board number"#
        r#"the digit, the hand or the value"#,
    L704 "malformed-vulnerability" Error "L"
        r#"`sv` other than `o`, `0`, `-`, `n`, `e`, `b`"#
        r#"the value"#,
    L705 "player-count" Warning "L"
        r#"`pn` with other than four names (eight in a vugraph header)"#
        r#"the value"#,
    L706 "malformed-call" Error "L"
        r#"`mb` that is no call (`p`, `d`, `r`, `1c`…`7n`, `1NT`, several run together as in `1dppp`, `!` for an alert)"#
        r#"the value"#,
    L707 "malformed-card" Error "L"
        r#"`pc` that is no card (`sk`, `H10`)"#
        r#"the value"#,
    L708 "malformed-claim" Error "L"
        r#"`mc` that is not a number of tricks from 0 to 13"#
        r#"the value"#,
    L709 "result-mismatch" Error "L"
        r#"a vugraph header's `rs` result gives declarer another number of tricks, or another declarer, than the board's claim or complete play"#
        r#"the result in `rs`"#,
    L710 "unreadable-handviewer-address" Error "L"
        r#"a web address in a LIN file that is no BBO handviewer board: no `?…` query, no hand (`lin=`, or `n=`, `e=`, `s=`, `w=`), a `d=` that is no seat, or LIN that holds another address"#
        r#"the address"#,
    M101 "no-such-card" Error "M"
        r#"a BRI number that is not `01`–`52`, a DGE byte that is neither a rank nor a suit marker (or a rank before the first marker, or a seventeenth marker), a DLM letter outside `a`–`p`, or a DLM board line that is not 26 letters and three digits"#
        r#"the number, byte or letter"#,
    M102 "card-given-twice" Error "M"
        r#"a card given a second time in a board"#
        r#"the second"#,
    M103 "hand-not-thirteen" Error "M"
        r#"a seat with other than 13 cards (each card read once)"#
        r#"the board's record or line"#,
    M104 "board-checksum" Error "M"
        r#"a DLM board line whose three digits are not the board number XORed with its 26 letters (the machine refuses it); the fix writes the right ones"#
        r#"the digits"#,
    M105 "header-checksum" Warning "M"
        r#"the DLM header's `Checksum` is not `Duplicates` XOR `From board` XOR `To board` XOR 1 for `Status=Show` (BigDeal's formula, which Duplimate's software accepts; deal-convert reads another, so this is a warning); the fix writes it"#
        r#"the value"#,
    M106 "header-range" Error "M"
        r#"a DLM file with no `[Document]` section, or whose `From board` and `To board` are not a run of boards within 1–99"#
        r#"the line"#,
    M107 "board-missing" Error "M"
        r#"a DLM board of the set (`From board` to `To board`) with no `Board NN=` line"#
        r#"the `To board` line"#,
    M108 "dup-trailer" Warning "M"
        r#"a DUP first record whose trailer (bytes 146–155) is not `Y`/`N` twice and three numbers, or whose boards disagree with the records the file holds"#
        r#"the trailer"#,
    M109 "dup-copies-differ" Error "M"
        r#"a DUP record whose DGE part is another deal than its BRI part (a blank DGE part, the blind variant, is not checked)"#
        r#"the DGE part"#,
    M110 "padding" Info "M"
        r#"BRI padding that is not 32 spaces and 18 NUL bytes, or DGE padding that is not 60 NUL bytes (no reader reads it; every writer writes it so)"#
        r#"the padding"#,
    M111 "truncated-record" Warning "M"
        r#"a last record shorter than the format's (128 or 156 bytes); one too short to hold a deal is not read"#
        r#"the record"#,
    O101 "double-dummy-mismatch" Error "P"
        r#"a table row or a `DoubleDummyTricks` digit gives another number of tricks than the solver; fix (unsafe): the solver's number"#
        r#"the Result element or the digit"#,
    O102 "par-mismatch" Warning "P"
        r#"`OptimumScore` is not the par score, or `ParContract` names a contract that is not par; fix (unsafe): the solver's value"#
        r#"the value"#,
    O103 "double-dummy-table-shape" Warning "P"
        r#"an `OptimumResultTable` without the Declarer, Denomination and Result columns (such as BEN's `Declarer Suit Tricks`), one that does not give all 20 declarer and denomination pairs (fix: the whole table, written by the solver), or a `DoubleDummyTricks` that is not 20 base-14 digits (fix: the solver's)"#
        r#"the column spec, the tag name, or the value"#,
}

impl Code {
    /// The code's catalogue entry.
    pub fn info(self) -> &'static CodeInfo {
        &CATALOGUE[self as usize]
    }

    /// The catalogue name, e.g. `duplicate-card`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The default severity.
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    /// The family letter, e.g. `D` for the deal checks.
    pub fn family(self) -> char {
        self.as_str().chars().next().unwrap_or('?')
    }

    /// Whether the code is reported in the notation with catalogue letter `notation` (`P`, `R`,
    /// `L`, or `M` for the dealing machines' files).
    pub fn applies_to(self, notation: char) -> bool {
        self.info().notations.contains(notation)
    }

    /// Whether the code starts with `prefix` (a family letter, or a code's first digits).
    pub fn starts_with(self, prefix: &str) -> bool {
        self.as_str().starts_with(prefix)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// The catalogue entry of the code written `code`, if there is one.
pub(crate) fn lookup(code: &str) -> Option<&'static CodeInfo> {
    CATALOGUE.iter().find(|info| info.code == code)
}

/// The catalogue entries of a code written by its code (in either case, `a301`), or of the
/// codes of a name (`invalid-call`; a few names serve two families, as `needless-irregularity`
/// does A311 and P509).
pub fn find_codes(query: &str) -> Vec<&'static CodeInfo> {
    let query = query.trim();
    CATALOGUE
        .iter()
        .filter(|info| info.code.as_str().eq_ignore_ascii_case(query) || info.name == query)
        .collect()
}

/// The explanation of every code `query` names (a code, or a name two codes may share), one
/// after the other; `None` when it names none.
pub fn explain(query: &str) -> Option<String> {
    let pages: Vec<String> = find_codes(query).into_iter().map(explanation).collect();
    (!pages.is_empty()).then(|| pages.join("\n"))
}

/// What the codes of family `letter` are about, as `docs/diagnostics.md` heads them.
pub fn family_words(letter: char) -> &'static str {
    match letter {
        'S' => "characters, lines and tag-pair syntax",
        'T' => "tags",
        'D' => "the deal",
        'A' => "the auction",
        'N' => "notes",
        'P' => "the play",
        'G' => "annotations",
        'B' => "supplemental sections and tables",
        'X' => "tags checked against each other",
        'M' => "the dealing machines' files",
        'O' => "double dummy",
        'R' => "RBN",
        'L' => "LIN",
        _ => "other",
    }
}

/// A code's documentation in Markdown, from its catalogue entry: what `kibitzer explain`
/// prints and the editors open from a finding's code.
pub fn explanation(info: &CodeInfo) -> String {
    let code = info.code;
    format!(
        "# {code} {name}\n\n\
         **{severity}** by default · reported in {notations} · family {family} ({family_words})\n\n\
         **When:** {when}.\n\n\
         **Marked:** {range}.\n\n\
         Silence it in a PBN or RBN file with a line `% kibitzer-ignore: {code}` before its \
         first game, or in a folder with `ignore = [\"{code}\"]` under `[check]` in its `kibitzer.toml`. \
         Every code, and where Kibitzer and the standard's reference verifier differ, is in the \
         documentation's `diagnostics.md`.\n",
        name = info.name,
        severity = info.severity.name(),
        notations = notation_words(info.notations),
        family = code.family(),
        family_words = family_words(code.family()),
        when = info.when.trim_end_matches('.'),
        range = info.range.trim_end_matches('.'),
    )
}

/// The notations of a code's catalogue letters, as the documentation names them.
fn notation_words(letters: &str) -> String {
    letters
        .chars()
        .map(|letter| match letter {
            'P' => "PBN",
            'R' => "RBN",
            'L' => "LIN",
            _ => "DUP/BRI/DGE/DLM",
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
/// The table of one family's codes (`S`, `T`, …) as `docs/diagnostics.md` shows it: its header,
/// its rule line and a row a code, each line ended.
pub fn document_table(family: char) -> String {
    let mut out = String::from(
        "| code | name | severity | when | range | notations |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for info in CATALOGUE.iter().filter(|i| i.code.family() == family) {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            info.code,
            info.name,
            info.severity.name(),
            info.when,
            info.range,
            notation_words(info.notations)
        ));
    }
    out
}

#[cfg(test)]
/// `docs/diagnostics.md` (given as `doc`) with each catalogue table made anew from the
/// catalogue: a table stands under a heading `## X — …`, X its family.
pub fn regenerate_document(doc: &str) -> String {
    let mut out = String::with_capacity(doc.len());
    let mut family = None;
    let mut lines = doc.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(heading) = line.strip_prefix("## ") {
            family = heading.chars().next().filter(|_| heading.contains(" — "));
        }
        match family {
            Some(letter) if line.starts_with("| code | name | severity | when | range |") => {
                while lines.peek().is_some_and(|l| l.starts_with('|')) {
                    lines.next();
                }
                out.push_str(&document_table(letter));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// Every code's documentation names it and says when it is reported; a code is found by
    /// its code in either case and by its name; each family's words are the documentation's
    /// heading for it.
    #[test]
    fn every_code_is_explained_and_found_by_code_or_name() {
        let docs = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md"),
        )
        .expect("docs/diagnostics.md");
        for info in CATALOGUE {
            let code = info.code.as_str();
            let text = explanation(info);
            assert!(
                text.starts_with(&format!("# {code} {}\n", info.name)),
                "{text}"
            );
            assert!(text.contains(info.when.trim_end_matches('.')), "{text}");
            assert_eq!(find_codes(&code.to_ascii_lowercase()), [info]);
            assert!(find_codes(info.name).contains(&info));
            let family = info.code.family();
            let heading = format!("## {family} — {}", family_words(family));
            assert!(
                docs.contains(&heading),
                "no heading `{heading}` in the docs"
            );
        }
        assert!(find_codes("Z999").is_empty());
        assert_eq!(find_codes("needless-irregularity").len(), 2);
    }

    use super::*;

    /// `docs/diagnostics.md`'s tables are the catalogue's: made anew, the file is unchanged.
    /// With `KIBITZER_BLESS=1` the test writes the file instead.
    #[test]
    fn the_document_tables_are_made_from_the_catalogue() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md");
        let doc = std::fs::read_to_string(&path).unwrap_or_default();
        let made = regenerate_document(&doc);
        if std::env::var_os("KIBITZER_BLESS").is_some() {
            std::fs::write(&path, &made).unwrap_or_default();
            return;
        }
        assert!(
            doc == made,
            "docs/diagnostics.md is stale: run `KIBITZER_BLESS=1 cargo test --lib catalogue`"
        );
        // Each family has its table: a family with no heading would have its codes nowhere.
        for info in CATALOGUE {
            let family = info.code.family();
            assert!(
                doc.lines()
                    .any(|l| l.starts_with(&format!("## {family} — "))),
                "{}: no heading `## {family} — …` for its table",
                info.code
            );
        }
    }

    #[test]
    fn every_code_says_when_and_where() {
        for info in CATALOGUE {
            assert!(!info.when.trim().is_empty(), "{}", info.code);
            assert!(!info.range.trim().is_empty(), "{}", info.code);
            assert!(
                !info.when.contains(" | "),
                "{}: a cell may not hold ` | `",
                info.code
            );
        }
    }
}
