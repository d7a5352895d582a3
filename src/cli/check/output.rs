//! How `check` prints what it found: for people (`human`, `concise`), for programs (`json`), and
//! for CI (`github` workflow commands, `sarif` for code scanning); and `--statistics`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use serde_json::{json, Value};

use crate::diagnostic::catalogue::{lookup, CATALOGUE};
use crate::diagnostic::fix::wanted;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::syntax::TextRange;
use crate::text::LineIndex;

/// Output formats of `kibitzer check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// rustc-style messages with the source line and a caret underline.
    Human,
    /// One line per finding: `path:line:column: severity[CODE] message`.
    Concise,
    /// One JSON document.
    Json,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
}

/// A range as 1-based lines and character columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    /// Line and column of the start.
    pub start: (u32, u32),
    /// Line and column of the end.
    pub end: (u32, u32),
}

/// A finding with every place it names turned into lines and columns, so that it is printed
/// without its text: the file's text (or a window of it) can be dropped once it is checked.
#[derive(Debug, Clone)]
pub(crate) struct Located {
    /// The finding.
    pub diagnostic: Diagnostic,
    /// Where it is.
    pub span: Span,
    /// Where each related place is.
    pub related: Vec<Span>,
    /// Where each edit of each fix is.
    pub edits: Vec<Vec<Span>>,
    /// For the human format: the source line shown, the caret's column and its width.
    pub excerpt: Option<(String, usize, usize)>,
}

/// Locates findings of `text`, whose first line is line `line_base` (from 0) of the file.
///
/// Every finding costs a bounded amount of work, however long its line: columns on a long line
/// are counted from the nearest checkpoint, and the source line shown is cut to a window around
/// the finding (a 50 MB line with 20,000 findings once took minutes and gigabytes here).
pub(crate) struct Locator<'t> {
    text: &'t str,
    index: LineIndex,
    line_base: u32,
    excerpts: bool,
    checkpoints: std::cell::RefCell<Checkpoints>,
}

/// Every [`CHECKPOINT_BYTES`] bytes of one long line: the byte offset and the characters before
/// it on its line.
#[derive(Default)]
struct Checkpoints {
    line: Option<u32>,
    marks: Vec<(usize, u32)>,
}

/// The spacing of [`Checkpoints`]; lines shorter than this are counted from their start.
const CHECKPOINT_BYTES: usize = 4096;

/// Characters of the source line shown before a finding, and in all.
const EXCERPT_BEFORE: usize = 60;
const EXCERPT_WIDTH: usize = 160;

impl<'t> Locator<'t> {
    /// A locator for `text`; `excerpts` keeps the source line of each finding (human format).
    pub fn new(text: &'t str, line_base: u32, excerpts: bool) -> Locator<'t> {
        Locator {
            text,
            index: LineIndex::new(text),
            line_base,
            excerpts,
            checkpoints: Default::default(),
        }
    }

    /// The byte range of line `line`, without its line end.
    fn line_bounds(&self, line: u32) -> (usize, usize) {
        let start = self.index.line_start(line).unwrap_or(0) as usize;
        let end = self
            .index
            .line_start(line + 1)
            .map_or(self.text.len(), |s| s as usize);
        let content = self.text.get(start..end).unwrap_or("");
        (start, start + content.trim_end_matches(['\n', '\r']).len())
    }

    /// The line (from 0) and character column (from 0) of a byte offset.
    fn line_col(&self, offset: u32) -> (u32, u32) {
        let mut offset = (offset as usize).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.index.line_of(offset as u32);
        let (start, end) = self.line_bounds(line);
        let (from, before) = if offset - start > CHECKPOINT_BYTES {
            let mut checkpoints = self.checkpoints.borrow_mut();
            if checkpoints.line != Some(line) {
                let mut marks = vec![(start, 0)];
                let mut next = start + CHECKPOINT_BYTES;
                for (chars, (at, _)) in self.text[start..end].char_indices().enumerate() {
                    if start + at >= next {
                        marks.push((start + at, chars as u32));
                        next = start + at + CHECKPOINT_BYTES;
                    }
                }
                *checkpoints = Checkpoints {
                    line: Some(line),
                    marks,
                };
            }
            let marks = &checkpoints.marks;
            marks[marks
                .partition_point(|&(at, _)| at <= offset)
                .saturating_sub(1)]
        } else {
            (start, 0)
        };
        let counted = self.text.get(from..offset).map_or(0, |t| t.chars().count());
        (line, before + counted as u32)
    }

    /// The source line holding the start of `range`, cut to a window around it (tabs and other
    /// control characters shown as spaces, `…` where it is cut), and the caret column and width
    /// in characters (at least one caret; a range over several lines is underlined to the end
    /// of its first line, or of the window).
    fn excerpt(&self, range: TextRange) -> (String, usize, usize) {
        let mut start = (u32::from(range.start()) as usize).min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        let (line_start, content_end) = self.line_bounds(self.index.line_of(start as u32));
        let before = &self.text[line_start..start];
        let shown_from = before
            .char_indices()
            .rev()
            .nth(EXCERPT_BEFORE)
            .map_or(line_start, |(at, _)| line_start + at);
        let rest = &self.text[shown_from..content_end];
        let shown_to = rest
            .char_indices()
            .nth(EXCERPT_WIDTH)
            .map_or(content_end, |(at, _)| shown_from + at);
        let plain = |t: &str| -> String {
            t.chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect()
        };
        let mut shown = String::new();
        let mut column = 0;
        if shown_from > line_start {
            shown.push('…');
            column = 1;
        }
        shown.push_str(&plain(&self.text[shown_from..shown_to]));
        if shown_to < content_end {
            shown.push('…');
        }
        column += self.text[shown_from..start].chars().count();
        let end = (u32::from(range.end()) as usize).clamp(start, shown_to.max(start));
        let width = self.text.get(start..end).map_or(0, |t| t.chars().count());
        (shown, column, width.max(1))
    }

    /// How many line ends the text holds.
    pub fn lines_ended(&self) -> u32 {
        u32::try_from(self.index.line_count().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    fn span(&self, range: TextRange) -> Span {
        let (sl, sc) = self.line_col(range.start().into());
        let (el, ec) = self.line_col(range.end().into());
        Span {
            start: (sl + 1 + self.line_base, sc + 1),
            end: (el + 1 + self.line_base, ec + 1),
        }
    }

    /// The finding with its places located.
    pub fn locate(&self, diagnostic: Diagnostic) -> Located {
        Located {
            span: self.span(diagnostic.range),
            related: diagnostic
                .related
                .iter()
                .map(|r| self.span(r.range))
                .collect(),
            edits: diagnostic
                .fixes
                .iter()
                .map(|f| f.edits.iter().map(|e| self.span(e.range)).collect())
                .collect(),
            excerpt: self.excerpts.then(|| self.excerpt(diagnostic.range)),
            diagnostic,
        }
    }
}

/// Counts over the whole run.
#[derive(Debug, Default)]
pub(crate) struct Totals {
    /// Files checked.
    pub files: usize,
    /// Games checked.
    pub games: usize,
    /// Findings by severity.
    pub errors: usize,
    /// Warnings shown.
    pub warnings: usize,
    /// Infos shown.
    pub infos: usize,
    /// Hints shown.
    pub hints: usize,
    /// Findings with a safe fix.
    pub fixable: usize,
    /// Findings whose only fixes change meaning.
    pub unsafe_fixable: usize,
    /// Fixes applied by `--fix`.
    pub fixed: usize,
    /// Files `--fix` changed.
    pub files_fixed: usize,
    /// Per code: (findings, fixable findings), for `--statistics`.
    pub by_code: BTreeMap<&'static str, (usize, usize)>,
}

impl Totals {
    /// Counts findings of the file being printed.
    pub fn add_findings(&mut self, findings: &[Located], unsafe_fixes: bool) {
        for d in findings.iter().map(|l| &l.diagnostic) {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
                Severity::Hint => self.hints += 1,
            }
            let safe = has_fix(d, Applicability::Safe);
            let fixable = d
                .fixes
                .iter()
                .any(|f| wanted(f.applicability, unsafe_fixes));
            self.fixable += usize::from(safe);
            self.unsafe_fixable += usize::from(!safe && has_fix(d, Applicability::Unsafe));
            let entry = self.by_code.entry(d.code.as_str()).or_default();
            entry.0 += 1;
            entry.1 += usize::from(fixable);
        }
    }

    /// Counts a file whose findings have all been counted.
    pub fn add_file(&mut self, games: usize, fixed: usize) {
        self.files += 1;
        self.games += games;
        self.fixed += fixed;
        self.files_fixed += usize::from(fixed > 0);
    }
}

fn has_fix(d: &Diagnostic, applicability: Applicability) -> bool {
    d.fixes.iter().any(|f| f.applicability == applicability)
}

fn json_range(span: Span) -> Value {
    let ((sl, sc), (el, ec)) = (span.start, span.end);
    json!({"start": {"line": sl, "column": sc}, "end": {"line": el, "column": ec}})
}

/// The JSON object of one finding.
pub(crate) fn diagnostic_json(located: &Located) -> Value {
    let d = &located.diagnostic;
    json!({
        "code": d.code,
        "name": d.code.name(),
        "severity": d.severity.name(),
        "message": d.message,
        "range": json_range(located.span),
        "related": d.related.iter().zip(&located.related).map(|(r, span)| json!({
            "message": r.message,
            "range": json_range(*span),
        })).collect::<Vec<_>>(),
        "fixes": d.fixes.iter().zip(&located.edits).map(|(f, spans)| json!({
            "title": f.title,
            "applicability": f.applicability.name(),
            "edits": f.edits.iter().zip(spans).map(|(e, span)| json!({
                "range": json_range(*span),
                "new_text": e.new_text,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// Writes each file's findings as they come, then the summary.
pub(crate) struct Printer {
    /// The format.
    pub format: Format,
    /// Whether to colour human output.
    pub colour: bool,
    /// The lowest severity shown (for the summary's columns).
    pub min: Severity,
    /// Whether fixes that change meaning count as fixable.
    pub unsafe_fixes: bool,
    /// Whether `--fix` ran.
    pub fixing: bool,
    /// No file has been written yet (JSON separates files with commas).
    first_file: bool,
    /// No finding has been written yet: of the file (JSON) or of the run (SARIF).
    first_finding: bool,
    /// The files that could not be read or checked, and why: JSON and SARIF list them after
    /// the findings, so that a program reading the output learns of them too.
    unreadable: Vec<(String, String)>,
}

impl Printer {
    /// A printer for one run.
    pub fn new(
        format: Format,
        colour: bool,
        min: Severity,
        unsafe_fixes: bool,
        fixing: bool,
    ) -> Printer {
        Printer {
            format,
            colour,
            min,
            unsafe_fixes,
            fixing,
            first_file: true,
            first_finding: true,
            unreadable: Vec::new(),
        }
    }

    /// What comes before the first file. JSON and SARIF documents are written as the findings
    /// come, never built whole: a run may report millions.
    pub fn start(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        match self.format {
            Format::Json => write!(out, "{{\"files\":["),
            Format::Sarif => {
                let head = sarif_document();
                let text = head.to_string();
                // The document up to its empty results array, which `finish` closes.
                write!(out, "{}", text.strip_suffix("]}]}").unwrap_or(&text))
            }
            _ => Ok(()),
        }
    }

    fn paint(&self, text: &str, style: &str) -> String {
        if self.colour {
            format!("\x1b[{style}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// What comes before a file's findings.
    pub fn begin_file(
        &mut self,
        out: &mut impl Write,
        path: &Path,
        encoding: &str,
    ) -> std::io::Result<()> {
        if self.format == Format::Json {
            // The counts come after the findings, which are written as the check goes.
            let head = json!({
                "path": path.display().to_string(),
                "encoding": encoding,
                "diagnostics": [],
            })
            .to_string();
            if !self.first_file {
                write!(out, ",")?;
            }
            self.first_file = false;
            self.first_finding = true;
            write!(out, "{}", head.strip_suffix("]}").unwrap_or(&head))?;
        }
        Ok(())
    }

    /// Some of a file's findings, in text order (all of them, or the next batch).
    pub fn findings(
        &mut self,
        out: &mut impl Write,
        path: &Path,
        findings: &[Located],
    ) -> std::io::Result<()> {
        match self.format {
            Format::Json | Format::Sarif => {
                for located in findings {
                    if !self.first_finding {
                        write!(out, ",")?;
                    }
                    self.first_finding = false;
                    let value = if self.format == Format::Json {
                        diagnostic_json(located)
                    } else {
                        sarif_result(path, located)
                    };
                    serde_json::to_writer(&mut *out, &value)?;
                }
            }
            Format::Human => {
                for located in findings {
                    self.human(out, path, located)?;
                }
            }
            Format::Concise => {
                for located in findings {
                    let d = &located.diagnostic;
                    let (line, column) = located.span.start;
                    let marker = if has_fix(d, Applicability::Safe) {
                        " [*]"
                    } else {
                        ""
                    };
                    writeln!(
                        out,
                        "{}:{line}:{column}: {}[{}]{marker} {}",
                        path.display(),
                        d.severity.name(),
                        d.code,
                        d.message
                    )?;
                }
            }
            Format::Github => {
                for located in findings {
                    writeln!(out, "{}", github_line(path, located))?;
                }
            }
        }
        Ok(())
    }

    /// What comes after a file's findings: its counts.
    pub fn end_file(
        &mut self,
        out: &mut impl Write,
        games: usize,
        fixed: usize,
    ) -> std::io::Result<()> {
        if self.format == Format::Json {
            write!(out, "],\"games\":{games},\"fixed\":{fixed}}}")?;
        }
        Ok(())
    }

    fn human(&self, out: &mut impl Write, path: &Path, located: &Located) -> std::io::Result<()> {
        let d = &located.diagnostic;
        let (line, column) = located.span.start;
        let style = match d.severity {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "1;34",
            Severity::Hint => "1;36",
        };
        let label = self.paint(&format!("{}[{}]", d.severity.name(), d.code), style);
        writeln!(
            out,
            "{}:{line}:{column}: {label} {}",
            path.display(),
            d.message
        )?;
        let (source_line, caret_start, caret_len) = located
            .excerpt
            .clone()
            .unwrap_or_else(|| (String::new(), 0, 1));
        let gutter = line.to_string();
        let pad = " ".repeat(gutter.len());
        let bar = self.paint("|", "1;34");
        writeln!(out, "{pad} {bar}")?;
        writeln!(out, "{} {bar} {source_line}", self.paint(&gutter, "1;34"))?;
        let carets = self.paint(&"^".repeat(caret_len), style);
        writeln!(out, "{pad} {bar} {}{carets}", " ".repeat(caret_start))?;
        for (related, span) in d.related.iter().zip(&located.related) {
            let (rl, rc) = span.start;
            writeln!(
                out,
                "{pad} = note: {}:{rl}:{rc}: {}",
                path.display(),
                related.message
            )?;
        }
        for fix in &d.fixes {
            let how = match fix.applicability {
                Applicability::Safe => "",
                Applicability::Unsafe => " (changes the meaning: --unsafe-fixes)",
            };
            writeln!(out, "{pad} = help: {}{how}", fix.title)?;
        }
        writeln!(out)
    }

    /// A file that could not be read or checked, and why (`message` names the file too). The
    /// human formats said so on standard error; GitHub gets an error annotation on the file,
    /// JSON and SARIF a list at their end.
    pub fn unreadable(
        &mut self,
        out: &mut impl Write,
        path: &Path,
        message: &str,
    ) -> std::io::Result<()> {
        match self.format {
            Format::Github => writeln!(
                out,
                "::error file={},title=kibitzer: not checked::{}",
                github_escape(&path.display().to_string(), true),
                github_escape(message, false)
            ),
            Format::Json | Format::Sarif => {
                self.unreadable
                    .push((path.display().to_string(), message.to_string()));
                Ok(())
            }
            Format::Human | Format::Concise => Ok(()),
        }
    }

    /// The summary (or the closing of the JSON and SARIF documents).
    pub fn finish(&mut self, out: &mut impl Write, totals: &Totals) -> std::io::Result<()> {
        match self.format {
            Format::Json => {
                let unreadable: Vec<Value> = self
                    .unreadable
                    .iter()
                    .map(|(path, message)| json!({"path": path, "message": message}))
                    .collect();
                let summary = json!({
                    "files": totals.files,
                    "games": totals.games,
                    "errors": totals.errors,
                    "warnings": totals.warnings,
                    "fixable": totals.fixable,
                    "fixed": totals.fixed,
                    "unreadable": unreadable,
                });
                write!(out, "],\"summary\":")?;
                serde_json::to_writer(&mut *out, &summary)?;
                writeln!(out, "}}")
            }
            Format::Sarif => {
                // SARIF says what kept a tool from its work as the invocation's notifications.
                let notifications: Vec<Value> = self
                    .unreadable
                    .iter()
                    .map(|(path, message)| {
                        json!({
                            "level": "error",
                            "message": {"text": message},
                            "locations": [{"physicalLocation": {
                                "artifactLocation": {"uri": artifact_uri(Path::new(path))},
                            }}],
                        })
                    })
                    .collect();
                let invocation = json!([{
                    "executionSuccessful": self.unreadable.is_empty(),
                    "toolExecutionNotifications": notifications,
                }]);
                write!(out, "],\"invocations\":")?;
                serde_json::to_writer(&mut *out, &invocation)?;
                writeln!(out, "}}]}}")
            }
            Format::Github => Ok(()),
            Format::Human | Format::Concise => writeln!(out, "{}", self.summary_line(totals)),
        }
    }

    fn summary_line(&self, totals: &Totals) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut counts = vec![
            plural(totals.errors, "error"),
            plural(totals.warnings, "warning"),
        ];
        if self.min <= Severity::Info {
            counts.push(plural(totals.infos, "info"));
        }
        if self.min <= Severity::Hint {
            counts.push(plural(totals.hints, "hint"));
        }
        let mut line = format!(
            "Checked {} in {}: {}",
            plural(totals.games, "game"),
            plural(totals.files, "file"),
            counts.join(", ")
        );
        if self.fixing {
            line.push_str(&format!(
                "; fixed {} in {}",
                plural(totals.fixed, "finding"),
                plural(totals.files_fixed, "file")
            ));
        }
        let remaining = if self.unsafe_fixes {
            totals.fixable + totals.unsafe_fixable
        } else {
            totals.fixable
        };
        if remaining > 0 {
            line.push_str(&format!(
                "; {remaining} fixable with --fix{}",
                if self.unsafe_fixes {
                    " --unsafe-fixes"
                } else {
                    ""
                }
            ));
        }
        if !self.unsafe_fixes && totals.unsafe_fixable > 0 {
            line.push_str(&format!(
                " ({} more with --unsafe-fixes)",
                totals.unsafe_fixable
            ));
        }
        line
    }
}

/// `--statistics`: one line per code, most frequent first: count, code, name, fixable count.
pub fn statistics(out: &mut impl Write, format: Format, totals: &Totals) -> std::io::Result<()> {
    let mut rows: Vec<(&str, usize, usize)> = totals
        .by_code
        .iter()
        .map(|(code, (count, fixable))| (*code, *count, *fixable))
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    if format == Format::Json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(code, count, fixable)| {
                json!({"code": code, "name": lookup(code).map_or("", |c| c.name), "count": count, "fixable": fixable})
            })
            .collect();
        serde_json::to_writer(&mut *out, &list)?;
        return writeln!(out);
    }
    if rows.is_empty() {
        // Silence would leave the reader wondering whether the run did anything.
        return writeln!(
            out,
            "No findings in {} {} ({} {}).",
            totals.files,
            plural(totals.files, "file", "files"),
            totals.games,
            plural(totals.games, "game", "games")
        );
    }
    let width = rows.first().map_or(1, |r| r.1.to_string().len());
    for (code, count, fixable) in rows {
        let name = lookup(code).map_or("", |c| c.name);
        let fixes = if fixable > 0 {
            format!("  ({fixable} fixable)")
        } else {
            String::new()
        };
        writeln!(out, "{count:>width$}  {code}  {name}{fixes}")?;
    }
    Ok(())
}

/// `one` or `many`, as `count` asks.
fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// Escapes workflow-command data: `%`, CR and LF (and, in a property, `:` and `,`).
fn github_escape(text: &str, property: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

/// One GitHub Actions workflow command for a finding.
fn github_line(path: &Path, located: &Located) -> String {
    let d = &located.diagnostic;
    let ((line, column), (end_line, end_column)) = (located.span.start, located.span.end);
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "notice",
    };
    format!(
        "::{command} file={},line={line},col={column},endLine={end_line},endColumn={end_column},title={}::{}",
        github_escape(&path.display().to_string(), true),
        github_escape(&format!("{} {}", d.code, d.code.name()), true),
        github_escape(&d.message, false),
    )
}

/// A path as a SARIF artifact URI: forward slashes, and the characters a URI reference cannot
/// hold percent-encoded.
fn artifact_uri(path: &Path) -> String {
    let text = path.display().to_string().replace('\\', "/");
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte))
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

/// One SARIF result.
fn sarif_result(path: &Path, located: &Located) -> Value {
    let d = &located.diagnostic;
    let ((line, column), (end_line, end_column)) = (located.span.start, located.span.end);
    let rule_index = CATALOGUE.iter().position(|c| c.code == d.code);
    json!({
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": sarif_level(d.severity),
        "message": {"text": d.message},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": {"uri": artifact_uri(path)},
                "region": {
                    "startLine": line,
                    "startColumn": column,
                    "endLine": end_line,
                    "endColumn": end_column,
                },
            },
        }],
    })
}

/// The SARIF 2.1.0 document with no results yet: the tool with every rule of the catalogue.
fn sarif_document() -> Value {
    let rules: Vec<Value> = CATALOGUE
        .iter()
        .map(|c| {
            let help = c.when;
            json!({
                "id": c.code,
                "name": c.name,
                "shortDescription": {"text": c.name.replace('-', " ")},
                "fullDescription": {"text": help},
                "help": {"text": help},
                "defaultConfiguration": {"level": sarif_level(c.severity)},
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "kibitzer",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": [],
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_command_data_and_properties_are_escaped() {
        assert_eq!(github_escape("a%b\r\nc: d, e", false), "a%25b%0D%0Ac: d, e");
        assert_eq!(github_escape("a:b,c", true), "a%3Ab%2Cc");
    }

    #[test]
    fn artifact_uris_are_uri_references() {
        assert_eq!(artifact_uri(Path::new("dir/a b%.pbn")), "dir/a%20b%25.pbn");
        assert_eq!(artifact_uri(Path::new("Liège.pbn")), "Li%C3%A8ge.pbn");
    }
}
