//! Checking a PBN file too large to hold in memory: it is read window by window, each window's
//! complete games are checked and their findings located and handed on to be printed, and the
//! window is dropped. Memory holds a window and a batch of findings, not the file, and the
//! 4 GiB limit of a whole text does not apply.
//!
//! A first pass over the bytes learns what every window needs to know of the whole file: the
//! encoding (UTF-8 unless some byte sequence is not, then Latin-1, as for a whole file), whether
//! the head declares `% EXPORT`, and whether any game inherits values with `"#"`. Files in UTF-16
//! and files with in-file suppressions (which reach across the whole text) are checked whole.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::flow::FindingsOut;
use super::output::Locator;
use super::Checked;
use crate::analysis::suppress::DIRECTIVE;
use crate::analysis::text_checks::declares_export;
use crate::analysis::{CheckOptions, WholeFileFacts, WindowChecker};
use crate::diagnostic::Diagnostic;
use crate::text::Encoding;

/// The size from which a PBN file is checked window by window; `KIBITZER_STREAM_FROM` (bytes)
/// changes it, for tests. Below it a whole check is a few percent faster (no first pass) and its
/// memory, under twice the file, is still small.
const STREAM_FROM: u64 = 256 << 20;

/// The bytes read per window; `KIBITZER_STREAM_WINDOW` (bytes) changes it, for tests.
const WINDOW: usize = 4 << 20;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Whether a file of `size` bytes is large enough to be checked window by window.
pub(crate) fn wanted(size: u64) -> bool {
    size >= setting("KIBITZER_STREAM_FROM", STREAM_FROM)
}

fn window_size() -> usize {
    usize::try_from(setting("KIBITZER_STREAM_WINDOW", WINDOW as u64))
        .unwrap_or(WINDOW)
        .max(1)
}

/// What the first pass learnt.
struct FirstPass {
    encoding: Encoding,
    /// Bytes of the UTF-8 byte-order mark to skip.
    skip: usize,
    facts: WholeFileFacts,
}

/// Reads until `buffer` is full or the file ends; the number of bytes read.
fn read_full(file: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The first pass: `None` when the file must be checked whole.
fn first_pass(path: &Path, window: usize) -> io::Result<Option<FirstPass>> {
    let mut file = File::open(path)?;
    // The buffer holds the bytes of a UTF-8 character cut by the previous block's end, then
    // the next block.
    let mut buffer = vec![0; 4 + window];
    let mut cut = 0;
    // The last bytes of the previous block, to find a word that its end cut in two.
    let mut tail: Vec<u8> = Vec::new();
    // The head decides the byte-order mark and export format, whatever the window size.
    let head = read_head(path)?;
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return Ok(None);
    }
    let skip = if head.starts_with(&[0xEF, 0xBB, 0xBF]) {
        3
    } else {
        0
    };
    let export = declares_export(&String::from_utf8_lossy(&head[skip..]));
    drop(head);
    // The byte-order mark is not validated as text.
    let mut bom_left = skip;
    let mut utf8 = true;
    let mut inherits = false;
    let mut mentions = |bytes: &[u8]| {
        if memchr::memmem::find(bytes, DIRECTIVE.as_bytes()).is_some() {
            return true;
        }
        inherits |= memchr::memmem::find(bytes, b"\"#").is_some();
        false
    };
    loop {
        let read = read_full(&mut file, &mut buffer[cut..])?;
        let fresh = &buffer[cut..cut + read];
        let mut seam = std::mem::take(&mut tail);
        seam.extend_from_slice(&fresh[..fresh.len().min(DIRECTIVE.len())]);
        if mentions(&seam) || mentions(fresh) {
            return Ok(None);
        }
        // What follows may complete a word begun in the last bytes (of `seam`, when this block
        // is shorter than the word).
        let last = if fresh.len() >= DIRECTIVE.len() {
            fresh
        } else {
            &seam
        };
        tail = last[last.len().saturating_sub(DIRECTIVE.len())..].to_vec();
        let at_end = read == 0;
        let unchecked = &buffer[..cut + read];
        let from = bom_left.min(unchecked.len());
        bom_left -= from;
        cut = 0;
        if utf8 {
            if let Err(error) = std::str::from_utf8(&unchecked[from..]) {
                let rest = unchecked.len() - from - error.valid_up_to();
                if error.error_len().is_none() && !at_end && rest <= 3 {
                    cut = rest;
                } else {
                    utf8 = false;
                }
            }
        }
        if at_end {
            break;
        }
        let end = unchecked.len();
        buffer.copy_within(end - cut..end, 0);
    }
    // A BOM followed by bytes that are not UTF-8 is kept as Latin-1 text, BOM included.
    Ok(Some(FirstPass {
        encoding: if utf8 {
            Encoding::Utf8
        } else {
            Encoding::Latin1
        },
        skip: if utf8 { skip } else { 0 },
        facts: WholeFileFacts {
            export,
            uses_inheritance: inherits,
        },
    }))
}

/// The first megabyte of the file: where its byte-order mark and `% EXPORT` stand.
fn read_head(path: &Path) -> io::Result<Vec<u8>> {
    let mut head = vec![0; 1 << 20];
    let read = read_full(&mut File::open(path)?, &mut head)?;
    head.truncate(read);
    Ok(head)
}

/// Checks the PBN file at `path` window by window; `Ok(None)` when it must be checked whole.
/// `shown` selects the findings to keep (located); `excerpts` keeps their source lines.
pub(crate) fn check_streamed(
    path: &Path,
    options: &CheckOptions,
    threads: usize,
    excerpts: bool,
    shown: impl Fn(&Diagnostic) -> bool,
    out: &mut FindingsOut<'_>,
) -> Result<Option<Checked>, String> {
    let window_bytes = window_size();
    let name = path.display();
    let pass = match first_pass(path, window_bytes) {
        Ok(Some(pass)) => pass,
        Ok(None) => return Ok(None),
        Err(error) => return Err(format!("{name}: {error}")),
    };
    let changed = || format!("{name}: the file changed while it was being checked");
    let mut file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    out.read_as(pass.encoding);
    let mut checker = WindowChecker::new(options, pass.facts, threads);
    // UTF-8 is read straight into the window, kept as bytes: what the last window left, then
    // the bytes read (which may end inside a character). Latin-1 is read into `block` and
    // widened into `latin1`.
    let mut window: Vec<u8> = Vec::new();
    let mut block = Vec::new();
    let mut latin1 = String::new();
    let mut skip = pass.skip;
    let mut line_base: u32 = 0;
    let mut streamed = Checked {
        encoding: pass.encoding,
        games: 0,
        findings: Vec::new(),
        fixed: 0,
        diff: None,
    };
    // Bytes to read next: a window, or twice the last read when a game longer than the window
    // left nothing checked, so that the text kept and read again grows geometrically (a single
    // huge game is re-split and re-validated a few times, not once per window).
    let mut wanted = window_bytes;
    loop {
        let buffer = match pass.encoding {
            Encoding::Utf8 => &mut window,
            _ => &mut block,
        };
        let from = buffer.len();
        buffer.resize(from + wanted, 0);
        let read = read_full(&mut file, &mut buffer[from..]).map_err(|e| format!("{name}: {e}"))?;
        buffer.truncate(from + read);
        let at_end = read < wanted;
        if skip > 0 {
            let skipped = skip.min(read);
            buffer.drain(from..from + skipped);
            skip -= skipped;
        }
        let text = match pass.encoding {
            Encoding::Utf8 => match std::str::from_utf8(&window) {
                Ok(text) => text,
                Err(error) if error.error_len().is_none() && !at_end => {
                    std::str::from_utf8(&window[..error.valid_up_to()]).map_err(|_| changed())?
                }
                Err(_) => return Err(changed()),
            },
            _ => {
                latin1.extend(block.drain(..).map(char::from));
                &latin1
            }
        };
        // At the end, `text` is all that is left: a character cut by the end is an error above.
        let (checked, report) = checker.check_window(text, at_end);
        streamed.games += report.games;
        let done = text.get(..checked).ok_or_else(changed)?;
        let locator = Locator::new(done, line_base, excerpts);
        out.push(
            report
                .diagnostics
                .into_iter()
                .filter(|d| shown(d))
                .map(|d| locator.locate(d)),
        );
        line_base = line_base.saturating_add(locator.lines_ended());
        match pass.encoding {
            Encoding::Utf8 => drop(window.drain(..checked)),
            _ => drop(latin1.drain(..checked)),
        }
        if at_end {
            return Ok(Some(streamed));
        }
        wanted = if checked == 0 {
            wanted.saturating_mul(2)
        } else {
            window_bytes
        };
    }
}
