//! The notation seam: which notation a document is written in, and the one place that sends
//! each whole-document job (check, format, dump, convert) to that notation's code.
//!
//! Front ends (the CLI, the language server, the tests) decide the notation once, from a path or
//! an editor's language id, and then call these methods; nothing else matches on the notation to
//! choose a parser, a checker or a writer. A new notation is a new variant here and the match
//! arms the compiler then asks for.

use std::path::Path;

use crate::analysis::{check_stream_into, CheckOptions, FileReport, Found};
use crate::convert::readback;
use crate::convert::to_dealing::write_dealing;
use crate::convert::{
    read_lin, read_pbn, read_rbn, unread_text, write_lin, write_pbn_file, write_rbn,
};
use crate::format::pieces::format_pieces;
use crate::format::{format_text, FormatOptions};
use crate::model::board::BoardModel;
use crate::model::dealing::{read_dealing_boards, DealingFormat};
use crate::model::{read_lin_parse, read_pbn_parse, read_rbn_parse};
use crate::syntax::lin::{LinLanguage, LinParse};
use crate::syntax::rbn::{RbnLanguage, RbnParse};
use crate::syntax::{dump_lin_tree, dump_rbn_tree, dump_tree, Parse};

/// The notations Kibitzer reads (and the values of the command line's `--from` and `--to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Notation {
    /// Portable Bridge Notation (`.pbn`).
    Pbn,
    /// Richard's Bridge Notation (`.rbn`).
    Rbn,
    /// Bridge Base Online's LIN (`.lin`).
    Lin,
    /// Duplimate's dealing-machine file (`.dup`), binary.
    Dup,
    /// The dealing machines' BRI (`.bri`), binary.
    Bri,
    /// The dealing machines' DGE (`.dge`), binary.
    Dge,
    /// Duplimate for Windows' DLM (`.dlm`), an INI text.
    Dlm,
}

/// A whole text converted to another notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The converted text.
    pub text: String,
    /// The notation it is written in.
    pub notation: Notation,
    /// The source's text that could not be read (left out of `text`), place by place.
    pub unread: Vec<String>,
    /// What differs between the boards read and the same boards read back from `text`: every
    /// item the target lost or changed, summed up one line a kind (see
    /// [`crate::convert::readback`]).
    pub losses: Vec<String>,
    /// How many items differ in all (0: the conversion lost nothing).
    pub lost: usize,
    /// The source's errors, the first few with their line: what they concern may be missing
    /// from `text` (a hand that cannot be read, say).
    pub source_errors: Vec<String>,
}

impl Notation {
    /// Every notation, in the order they are listed to users.
    pub const ALL: [Notation; 7] = [
        Notation::Pbn,
        Notation::Rbn,
        Notation::Lin,
        Notation::Dup,
        Notation::Bri,
        Notation::Dge,
        Notation::Dlm,
    ];

    /// The dealing machine's format the notation is, if it is one.
    pub fn dealing(self) -> Option<DealingFormat> {
        match self {
            Notation::Dup => Some(DealingFormat::Dup),
            Notation::Bri => Some(DealingFormat::Bri),
            Notation::Dge => Some(DealingFormat::Dge),
            Notation::Dlm => Some(DealingFormat::Dlm),
            Notation::Pbn | Notation::Rbn | Notation::Lin => None,
        }
    }

    /// The notation of a dealing machine's format.
    pub fn of_dealing(format: DealingFormat) -> Notation {
        match format {
            DealingFormat::Dup => Notation::Dup,
            DealingFormat::Bri => Notation::Bri,
            DealingFormat::Dge => Notation::Dge,
            DealingFormat::Dlm => Notation::Dlm,
        }
    }

    /// Whether a file of the notation is binary (read and written as Latin-1 text, a character
    /// a byte).
    pub fn is_binary(self) -> bool {
        self.dealing().is_some_and(DealingFormat::is_binary)
    }

    /// The notation of a file from its name and its bytes: the extension's, except where the
    /// content says otherwise (a dealing file whose extension lies about which of the four it
    /// is, a DLM or binary dealing file under another name). PBN when neither says.
    pub fn of_content(path: &Path, bytes: &[u8]) -> Notation {
        let named = Notation::of_file(path);
        let sniffed = DealingFormat::sniff(bytes).map(Notation::of_dealing);
        match (named, sniffed) {
            (Some(named), Some(sniffed)) if named.dealing().is_some() => sniffed,
            // A text notation's file that is a dealing file all the same: only when it is not
            // text (a binary one), or opens as a DLM does.
            (_, Some(Notation::Dlm)) => Notation::Dlm,
            (_, Some(sniffed)) if crate::text::decode(bytes).is_err() => sniffed,
            (Some(named), _) => named,
            (None, _) => Notation::Pbn,
        }
    }

    /// The notation of a file by its extension (any case); PBN when it is none of ours.
    pub fn from_path(path: &Path) -> Notation {
        Notation::of_file(path).unwrap_or(Notation::Pbn)
    }

    /// The notation of a file by its extension (any case), if it is one Kibitzer reads: what a
    /// folder walk keeps.
    pub fn of_file(path: &Path) -> Option<Notation> {
        let ext = path.extension()?.to_str()?;
        Notation::ALL
            .into_iter()
            .find(|n| ext.eq_ignore_ascii_case(n.extension()))
    }

    /// The notation of an editor language id (`pbn`, `rbn`).
    pub fn from_language_id(id: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| id.eq_ignore_ascii_case(n.extension()))
    }

    /// The letter the diagnostic catalogue names the notation by, in the notations a code is
    /// reported in (`P`, `R`, `L`).
    pub fn catalogue_letter(self) -> char {
        match self {
            Notation::Pbn => 'P',
            Notation::Rbn => 'R',
            Notation::Lin => 'L',
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => 'M',
        }
    }

    /// The usual file extension, without the dot (also the editor language id).
    pub fn extension(self) -> &'static str {
        match self {
            Notation::Pbn => "pbn",
            Notation::Rbn => "rbn",
            Notation::Lin => "lin",
            Notation::Dup => "dup",
            Notation::Bri => "bri",
            Notation::Dge => "dge",
            Notation::Dlm => "dlm",
        }
    }

    /// The notation's name for people (`PBN`).
    pub fn name(self) -> &'static str {
        match self {
            Notation::Pbn => "PBN",
            Notation::Rbn => "RBN",
            Notation::Lin => "LIN",
            Notation::Dup => "DUP",
            Notation::Bri => "BRI",
            Notation::Dge => "DGE",
            Notation::Dlm => "DLM",
        }
    }

    /// What one piece of a document is called: a PBN game, an RBN record, a LIN board.
    pub fn piece_name(self) -> &'static str {
        match self {
            Notation::Pbn => "game",
            Notation::Rbn => "record",
            Notation::Lin | Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                "board"
            }
        }
    }

    /// Checks a whole document (diagnostic ranges in the text), on every core for large texts.
    pub fn check(self, text: &str, options: &CheckOptions) -> FileReport {
        let threads = crate::parallel::available_threads();
        self.check_on(text, options, threads)
    }

    /// [`Notation::check`] on at most `threads` threads (a caller checking many files at once
    /// gives each one thread).
    pub fn check_on(self, text: &str, options: &CheckOptions, threads: usize) -> FileReport {
        FileReport::gather(|found| self.check_into(text, options, threads, found))
    }

    /// [`check_on`](Self::check_on) handing the findings to `found` as they are made, a run of
    /// games at a time, in text order.
    pub fn check_into(
        self,
        text: &str,
        options: &CheckOptions,
        threads: usize,
        found: &mut Found<'_>,
    ) {
        match self {
            Notation::Pbn => check_stream_into(text, options, threads, found),
            Notation::Rbn => crate::analysis::rbn::check_rbn_text_into(text, options, found),
            Notation::Lin => crate::analysis::lin::check_lin_text_into(text, options, found),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                let format = self.dealing().unwrap_or(DealingFormat::Dlm);
                crate::analysis::dealing::check_dealing_text_into(format, text, options, found)
            }
        }
    }

    /// Formats a whole document; the same options mean the same thing for every notation.
    pub fn format(self, text: &str, options: &FormatOptions) -> String {
        match self {
            Notation::Pbn => format_text(text, options),
            Notation::Rbn => format_pieces::<RbnLanguage>(text, options),
            Notation::Lin => format_pieces::<LinLanguage>(text, options),
            // A dealing file is written whole by its writer: there is nothing to lay out but a
            // DLM's line ends, when they are asked for.
            Notation::Dlm if options.eol != crate::format::Eol::Keep => {
                let newline = options.eol.newline(text);
                let mut out: String = text.lines().collect::<Vec<_>>().join(newline);
                if text.ends_with('\n') || text.ends_with('\r') {
                    out.push_str(newline);
                }
                out
            }
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => text.to_string(),
        }
    }

    /// The syntax errors of a text: where formatting leaves a game, record or board as it is
    /// written, since it rewrites only what it can read whole.
    pub fn syntax_errors(self, text: &str) -> Vec<crate::syntax::SyntaxError> {
        match self {
            Notation::Pbn => Parse::new(text).errors().to_vec(),
            Notation::Rbn => RbnParse::new(text).errors().to_vec(),
            Notation::Lin => LinParse::new(text).errors().to_vec(),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => Vec::new(),
        }
    }

    /// Where formatting leaves the text as written, and why: one line a place, as
    /// `line 17: A301 …`. A game, record or board with a syntax error is not rewritten, and
    /// neither is a PBN game holding something the formatter does not understand well enough
    /// (a call that is no PBN call, say); its first error says what.
    pub fn left_as_written(self, text: &str, options: &FormatOptions) -> Vec<String> {
        self.kept_as_written(text, options)
            .into_iter()
            .map(|kept| format!("line {}: {}", kept.line, kept.why))
            .collect()
    }

    /// [`Notation::left_as_written`] place by place, each saying whether the user can mend it
    /// (a finding says what to fix) or the game is kept though correct (irregularities the
    /// formatter does not rewrite).
    pub fn kept_as_written(self, text: &str, options: &FormatOptions) -> Vec<KeptAsWritten> {
        let index = crate::text::LineIndex::new(text);
        let line = |offset: usize| index.line_of(offset as u32) + 1;
        let mut out: Vec<KeptAsWritten> = match self {
            Notation::Pbn => crate::format::kept_as_written(text, options)
                .into_iter()
                .map(|range| {
                    let game = text.get(range.clone()).unwrap_or_default();
                    let report = self.check_on(game, &CheckOptions::default(), 1);
                    let worst = report
                        .diagnostics
                        .iter()
                        .filter(|d| d.severity >= crate::diagnostic::Severity::Warning)
                        .max_by_key(|d| (d.severity, std::cmp::Reverse(d.range.start())));
                    match worst {
                        Some(d) => KeptAsWritten {
                            line: line(range.start + usize::from(d.range.start())),
                            why: format!("{} {}", d.code, d.message),
                            mendable: true,
                        },
                        None => KeptAsWritten {
                            line: line(range.start),
                            why: unrewritable_reason(game),
                            mendable: false,
                        },
                    }
                })
                .collect(),
            _ => self
                .syntax_errors(text)
                .iter()
                .map(|e| KeptAsWritten {
                    line: line(usize::from(e.range.start())),
                    why: format!("{} {}", e.code.code(), e.message),
                    mendable: true,
                })
                .collect(),
        };
        out.dedup_by_key(|kept| kept.line);
        out
    }

    /// The syntax tree printed one node or token a line, then the syntax errors.
    pub fn dump(self, text: &str) -> String {
        match self {
            Notation::Pbn => dump_tree(&Parse::new(text)),
            Notation::Rbn => dump_rbn_tree(&RbnParse::new(text)),
            Notation::Lin => dump_lin_tree(&LinParse::new(text)),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                let format = self.dealing().unwrap_or(DealingFormat::Dlm);
                crate::model::dealing::dump_dealing(format, text)
            }
        }
    }

    /// Reads every board of a text whole into its model.
    pub fn read_boards(self, text: &str) -> Vec<BoardModel> {
        match self {
            Notation::Pbn => read_pbn(text),
            Notation::Rbn => read_rbn(text),
            Notation::Lin => read_lin(text),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                read_dealing_boards(self.dealing().unwrap_or(DealingFormat::Dlm), text)
            }
        }
    }

    /// Writes boards as a whole text in this notation, with what it cannot express.
    pub fn write_boards(self, boards: &[BoardModel]) -> (String, Vec<String>) {
        match self {
            Notation::Pbn => write_pbn_file(boards),
            Notation::Rbn => write_rbn(boards),
            Notation::Lin => write_lin(boards),
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                write_dealing(self.dealing().unwrap_or(DealingFormat::Dlm), boards)
            }
        }
    }

    /// Reads every board of a text, with the text its syntax errors kept the reading from
    /// (see `unread_text`).
    pub fn read_boards_and_unread(self, text: &str) -> (Vec<BoardModel>, Vec<String>) {
        match self {
            Notation::Pbn => {
                let parse = Parse::new(text);
                (
                    read_pbn_parse(&parse, text),
                    unread_text(text, parse.errors()),
                )
            }
            Notation::Rbn => {
                let parse = RbnParse::new(text);
                (read_rbn_parse(&parse), unread_text(text, parse.errors()))
            }
            Notation::Lin => {
                let parse = LinParse::new(text);
                (read_lin_parse(&parse), unread_text(text, parse.errors()))
            }
            Notation::Dup | Notation::Bri | Notation::Dge | Notation::Dlm => {
                (self.read_boards(text), Vec::new())
            }
        }
    }

    /// Converts a whole text in this notation to `to`, saying what is left out: the text the
    /// source's reading skipped, the source's errors, and every difference between the boards
    /// read and the boards read back from what was written. The text is written as `kibitzer
    /// fmt` writes it, so that formatting the result changes nothing; a text converted to its
    /// own notation is that formatting.
    pub fn convert(self, text: &str, to: Notation) -> Converted {
        // The source's check runs beside the conversion, and the items of the boards read are
        // listed beside the writing and the reading back, when there is a core for them (the
        // browser has one thread): the writing and the reading back are mostly one thread's
        // work.
        let threads = crate::parallel::available_threads();
        if threads < 2 {
            let mut converted = self.convert_checked(text, to, 1);
            converted.source_errors = self.errors_listed(text, 1);
            return converted;
        }
        // The reading is spread over the cores; then one thread writes, formats and reads
        // back (mostly one thread's work) while another checks the source and lists the items
        // of the boards read; the comparison is spread again.
        let (boards, unread) = self.read_boards_and_unread(text);
        let (written, differences, source_errors, back, read) = std::thread::scope(|scope| {
            let beside = scope.spawn(|| {
                let read = readback::items_of_all(&boards, 1);
                // The streaming check holds one game's tree at a time: a parse kept for it
                // cost more memory (and page faults) than parsing again saved.
                (read, self.errors_listed(text, 1))
            });
            let written = self.write_and_format(text, &boards, to);
            let back = to.read_boards(&written);
            let back_items = readback::items_of_all(&back, threads);
            let (read, errors) = match beside.join() {
                Ok(done) => done,
                Err(_) => (
                    readback::items_of_all(&boards, threads),
                    self.errors_listed(text, threads),
                ),
            };
            let differences = readback::compare_items(&boards, &read, &back, &back_items, threads);
            (written, differences, errors, (back, back_items), read)
        });
        // Freeing a few million small blocks is work too: the boards read back on one thread,
        // those read on this one.
        std::thread::scope(|scope| {
            scope.spawn(move || drop(back));
            drop(read);
            drop(boards);
        });
        let mut converted = self.converted(text, written, to, unread, differences);
        converted.source_errors = source_errors;
        converted
    }

    /// [`Notation::convert`] without the source's check, on up to `threads` threads.
    fn convert_checked(self, text: &str, to: Notation, threads: usize) -> Converted {
        let (boards, unread) = self.read_boards_and_unread(text);
        let written = self.write_and_format(text, &boards, to);
        let back = to.read_boards(&written);
        let differences = readback::compare_on(&boards, &back, threads);
        self.converted(text, written, to, unread, differences)
    }

    /// The text of `boards` (read from `text`) in the notation `to`, as `kibitzer fmt` writes
    /// it; in the same notation the text is formatted.
    fn write_and_format(self, text: &str, boards: &[BoardModel], to: Notation) -> String {
        if self == to {
            to.format(text, &FormatOptions::default())
        } else {
            let (written, _) = to.write_boards(boards);
            to.format(&written, &FormatOptions::default())
        }
    }

    /// The conversion's result: the text written and what did not come back.
    fn converted(
        self,
        text: &str,
        written: String,
        to: Notation,
        unread: Vec<String>,
        differences: Vec<readback::Loss>,
    ) -> Converted {
        let mut losses = readback::summarize(&differences);
        // The `%` lines belong to the file, not to a board: they are looked for in the text.
        let escapes = match self {
            Notation::Pbn | Notation::Rbn => readback::escape_lines_lost(text, &written),
            _ => Vec::new(),
        };
        if let Some(first) = escapes.first() {
            losses.push(format!(
                "the `%` lines (notes for programs): {} not written, the first `{}`",
                escapes.len(),
                first
            ));
        }
        Converted {
            text: written,
            notation: to,
            unread,
            losses,
            lost: differences.len() + escapes.len(),
            source_errors: Vec::new(),
        }
    }

    /// The first errors `check` finds in a text, one a line with its place, and how many more.
    fn errors_listed(self, text: &str, threads: usize) -> Vec<String> {
        listed_errors(
            text,
            &self.check_on(text, &CheckOptions::default(), threads),
        )
    }

    /// The address of each board on BBO's handviewer, one a line (a board without hands is a
    /// `#` line saying so, so that the lines stay one a board).
    pub fn handviewer_links(self, text: &str) -> String {
        let mut links = String::new();
        for board in self.read_boards(text) {
            match crate::convert::handviewer::handviewer_url(&board) {
                Some(url) => links.push_str(&url),
                None => links.push_str("# a board without hands"),
            }
            links.push('\n');
        }
        links
    }

    /// The other notation of a pair (for the editor's one-step conversion command).
    pub fn counterpart(self) -> Notation {
        match self {
            Notation::Pbn => Notation::Rbn,
            _ => Notation::Pbn,
        }
    }
}

/// A place formatting leaves as written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAsWritten {
    /// The line (from 1) the reason stands on.
    pub line: u32,
    /// Why: the finding that keeps it (`A301 …`), or what the formatter does not rewrite.
    pub why: String,
    /// Whether a finding says what to mend (else the game is correct and kept all the same).
    pub mendable: bool,
}

/// Why the formatter keeps a game that has no error as written: irregularity marks it does not
/// rewrite (chapter 3.9: a `^S`, `^R` or `^L` among the calls, a mark other than `^R`/`^L`
/// among the cards), else something it does not understand well enough.
fn unrewritable_reason(game: &str) -> String {
    let marks: Vec<&str> = ["^S", "^I", "^R", "^L"]
        .into_iter()
        .filter(|m| game.contains(m))
        .collect();
    if marks.is_empty() {
        "something in it the formatter cannot rewrite safely".to_string()
    } else {
        format!(
            "it holds irregularities ({}, chapter 3.9) that export format is not written for here: the game is kept exactly as written",
            marks.join(", ")
        )
    }
}

/// The first errors of a check's `report` on `text`, one a line with its place, and how many
/// more.
fn listed_errors(text: &str, report: &FileReport) -> Vec<String> {
    const LISTED: usize = 5;
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .collect();
    let index = crate::text::LineIndex::new(text);
    let mut out: Vec<String> = errors
        .iter()
        .take(LISTED)
        .map(|d| {
            let line = index.line_of(u32::from(d.range.start())) + 1;
            format!("line {line}: {} {}", d.code.as_str(), d.message)
        })
        .collect();
    if errors.len() > LISTED {
        out.push(format!(
            "and {} more (`kibitzer check` lists them all)",
            errors.len() - LISTED
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Eol;

    #[test]
    fn names_extensions_and_language_ids_agree() {
        for notation in Notation::ALL {
            let file = format!("x.{}", notation.extension().to_uppercase());
            assert_eq!(Notation::of_file(Path::new(&file)), Some(notation));
            assert_eq!(
                Notation::from_language_id(notation.extension()),
                Some(notation)
            );
        }
        assert_eq!(Notation::of_file(Path::new("x.txt")), None);
        assert_eq!(Notation::from_path(Path::new("x")), Notation::Pbn);
    }

    #[test]
    fn line_end_options_hold_for_every_notation() {
        let texts = [
            (Notation::Pbn, "[Event \"x\"]\r\n[Board \"1\"]\r\n"),
            (Notation::Rbn, "b 1\r\nA NZ:P\r\n"),
            (Notation::Lin, "qx|o1|md|3SA,,,|\r\nqx|o2|sv|o|\r\n"),
        ];
        for (notation, crlf) in texts {
            let kept = notation.format(crlf, &FormatOptions::default());
            assert!(
                !kept.replace("\r\n", "").contains('\n'),
                "{notation:?} keeps CRLF"
            );
            let lf = notation.format(
                crlf,
                &FormatOptions {
                    eol: Eol::Lf,
                    ..FormatOptions::default()
                },
            );
            assert!(!lf.contains('\r'), "{notation:?} writes LF");
            let back = notation.format(
                &lf,
                &FormatOptions {
                    eol: Eol::Crlf,
                    ..FormatOptions::default()
                },
            );
            assert!(
                !back.replace("\r\n", "").contains('\n'),
                "{notation:?} writes CRLF"
            );
        }
    }

    /// Each notation's reading skips the text of some syntax errors; a conversion says so,
    /// with the line, in every direction, and says nothing for the same text without them.
    #[test]
    fn conversions_list_the_text_their_reading_skipped() {
        let deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let md = "3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,";
        let cases = [
            (
                Notation::Pbn,
                format!(
                    "[Deal \"{deal}\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT ] Pass Pass Pass\n"
                ),
                format!("[Deal \"{deal}\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n"),
                "line 4: `]` (S003",
            ),
            (
                Notation::Rbn,
                "% RBN 3.0\nB 1\nQ what\nA NZ:1NPPP\n".to_string(),
                "% RBN 3.0\nB 1\nA NZ:1NPPP\n".to_string(),
                "line 3: `Q` (R901",
            ),
            (
                Notation::Lin,
                format!("qx|o1|md|{md}|\nsv|o|mb|1n|mb|p|mb|p|mb|p|pc|SA|\n???\npc|h2"),
                // A pair without its closing `|` is read all the same: nothing is unread.
                format!("qx|o1|md|{md}|\nsv|o|mb|1n|mb|p|mb|p|mb|p|pc|SA|\npc|h2"),
                "line 3: `???` (L702",
            ),
        ];
        for (from, broken, clean, expected) in cases {
            for to in Notation::ALL.into_iter().filter(|&to| to != from) {
                let converted = from.convert(&broken, to);
                assert_eq!(
                    converted.unread.len(),
                    1,
                    "{from:?} to {to:?}: {converted:?}"
                );
                assert!(
                    converted.unread[0].starts_with(expected),
                    "{from:?} to {to:?}: {:?}",
                    converted.unread
                );
                let converted = from.convert(&clean, to);
                assert!(
                    converted.unread.is_empty(),
                    "{from:?} to {to:?}: {converted:?}"
                );
            }
        }
    }

    /// What the reading of a record could not keep (RBN's award list) is listed by every
    /// writer, LIN's included (it was silent).
    #[test]
    fn what_the_record_could_not_hold_is_listed_by_every_writer() {
        let rbn = "% RBN 3.0\nB 1\nI 1:N\nA NZ:1NPPP\n";
        for to in [Notation::Pbn, Notation::Lin] {
            let converted = Notation::Rbn.convert(rbn, to);
            assert!(
                converted
                    .losses
                    .iter()
                    .any(|d| d.starts_with("the award list (I): 1 board")),
                "{to:?}: {:?}",
                converted.losses
            );
        }
    }
}
