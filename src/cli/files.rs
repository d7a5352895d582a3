//! Which files a command works on: the paths given, with folders searched for every notation's
//! files.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::Notation;

/// Whether a path names standard input (`-`), as every command that reads files accepts.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads one input of a command (the file at `path`, or standard input for `-`) with the
/// notation it is in: `given`, else the one its name and content say
/// ([`Notation::of_content`]). A binary dealing file is read as Latin-1 text, a character a
/// byte; any other is decoded as text.
pub(crate) fn read_document(
    path: &Path,
    given: Option<Notation>,
) -> Result<(crate::text::SourceText, Notation), crate::text::ReadError> {
    let io = |error| crate::text::ReadError::Io {
        path: if is_stdin(path) {
            PathBuf::from("<stdin>")
        } else {
            path.to_path_buf()
        },
        error,
    };
    let bytes = if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes).map_err(io)?;
        bytes
    } else {
        std::fs::read(path).map_err(io)?
    };
    let notation = given.unwrap_or_else(|| {
        if is_stdin(path) {
            Notation::Pbn
        } else {
            Notation::of_content(path, &bytes)
        }
    });
    let source = if notation.is_binary() {
        crate::text::decode_binary(&bytes)?
    } else {
        crate::text::decode(&bytes)?
    };
    Ok((source, notation))
}

/// [`read_document`] for `command`; when it cannot, says why on standard error and gives the
/// exit code 2 to end the command with.
pub(crate) fn read_document_or_exit(
    command: &str,
    path: &Path,
    given: Option<Notation>,
) -> Result<(crate::text::SourceText, Notation), std::process::ExitCode> {
    read_document(path, given).map_err(|error| {
        eprintln!("kibitzer {command}: {}", read_failure(path, &error));
        std::process::ExitCode::from(2)
    })
}

/// Why `path` could not be read, naming it once: every command says it the same way.
pub(crate) fn read_failure(path: &Path, error: &crate::text::ReadError) -> String {
    match error {
        // An I/O error names the file already.
        crate::text::ReadError::Io { .. } => error.to_string(),
        _ if is_stdin(path) => format!("<stdin>: {error}"),
        _ => format!("{}: {error}", path.display()),
    }
}

/// The files a command works on: each path that is a file (or `-`) as given, each folder
/// searched with [`collect`]; and how many folders could not be read (each said on stderr).
/// When nothing is found to work on, `command` warns that nothing was (as ruff does): a
/// folder with no bridge file in it is more often a mistaken path than a clean archive.
pub(crate) fn gather(command: &str, paths: &[PathBuf]) -> (Vec<PathBuf>, usize) {
    let mut files = Vec::new();
    let mut failures = 0;
    for path in paths {
        if !is_stdin(path) && path.is_dir() {
            if let Err(error) = collect(path, &mut files) {
                eprintln!(
                    "kibitzer {command}: {}: cannot read folder: {error}",
                    path.display()
                );
                failures += 1;
            }
        } else {
            files.push(path.clone());
        }
    }
    if files.is_empty() && failures == 0 {
        eprintln!(
            "kibitzer {command}: warning: no PBN, RBN or LIN file found in {} (files are found by their extension: .pbn, .rbn, .lin)",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    (files, failures)
}

/// Adds the files under `folder` that Kibitzer reads (by extension, any case), sorted,
/// recursively. An unreadable subfolder is skipped rather than failing the whole run; an
/// unreadable `folder` itself is an error. A folder reached again through a symbolic link (a
/// loop, or two links to one place) is searched once, with a warning.
pub fn collect(folder: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut seen = HashSet::new();
    collect_in(folder, files, &mut seen)
}

fn collect_in(
    folder: &Path,
    files: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
) -> std::io::Result<()> {
    let real = std::fs::canonicalize(folder)?;
    if !seen.insert(real) {
        eprintln!(
            "kibitzer: {}: skipped: this folder was already searched by another path (a symbolic link leads back to it)",
            folder.display()
        );
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let _ = collect_in(&path, files, seen);
        } else if Notation::of_file(&path).is_some() {
            files.push(path);
        }
    }
    Ok(())
}

/// Writes a temporary file beside `path` and renames it over `path`, keeping its permissions:
/// for a file the command creates (`convert -o`), whatever stood there before is replaced.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_via_temp(path, bytes, None)
}

/// Rewrites a file the command read (`fmt`, `check --fix`, `dd --write`), atomically as
/// [`write_atomically`] does, but only while it still holds `read`, the bytes the new content
/// was made from: when someone saved another version in the meantime (an editor, another
/// run), the file is left as it now stands and the error says so, instead of the new content
/// quietly undoing that save.
pub(crate) fn rewrite_unchanged(path: &Path, read: &[u8], bytes: &[u8]) -> std::io::Result<()> {
    write_via_temp(path, bytes, Some(read))
}

/// [`rewrite_unchanged`] for a command that kept the decoded text it read, not the bytes:
/// decoding loses nothing (each encoding reads every byte it accepts as one character or code
/// unit), so encoding that text again gives back the bytes read.
pub(crate) fn rewrite_source(
    path: &Path,
    read: &crate::text::SourceText,
    bytes: &[u8],
) -> std::io::Result<()> {
    let read_bytes = crate::text::encode(&read.text, read.encoding, read.bom).ok_or_else(|| {
        std::io::Error::other("the text read cannot be encoded again to compare it with the file")
    })?;
    rewrite_unchanged(path, &read_bytes, bytes)
}

/// The error of a file that changed on disk after it was read.
fn changed_since_read() -> std::io::Error {
    std::io::Error::other(
        "the file changed on disk after it was read; it is left as it now stands (run again to work on the new version)",
    )
}

/// Whether the file at `path` holds exactly `expected`, read in blocks (not held whole).
fn holds(path: &Path, expected: &[u8]) -> std::io::Result<bool> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    if file.metadata()?.len() != expected.len() as u64 {
        return Ok(false);
    }
    let mut block = vec![0u8; 64 << 10];
    let mut at = 0;
    loop {
        let read = match file.read(&mut block) {
            Ok(0) => return Ok(at == expected.len()),
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if expected.get(at..at + read) != Some(&block[..read]) {
            return Ok(false);
        }
        at += read;
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path` (when
/// `unchanged` is given, only if `path` still holds those bytes).
fn write_via_temp(path: &Path, bytes: &[u8], unchanged: Option<&[u8]>) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{file_name}.kibitzer-{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(metadata) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, metadata.permissions())?;
        }
        // Checked last, after the slow part (writing and syncing the new content), so that the
        // window in which a save could still be lost is as short as one comparison.
        if let Some(read) = unchanged {
            match holds(path, read) {
                Ok(true) => {}
                Ok(false) => return Err(changed_since_read()),
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                    return Err(std::io::Error::new(
                        error.kind(),
                        "the file was removed after it was read; it is not written again",
                    ))
                }
                Err(error) => return Err(error),
            }
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("kibitzer-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    fn entries(dir: &Path) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("readable")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn a_rewrite_replaces_the_file_it_read() {
        let dir = scratch("same");
        let path = dir.join("a.pbn");
        std::fs::write(&path, "old\n").expect("written");
        rewrite_unchanged(&path, b"old\n", b"new\n").expect("rewritten");
        assert_eq!(std::fs::read(&path).expect("read"), b"new\n");
        assert_eq!(entries(&dir), vec![path]);
    }

    #[test]
    fn a_rewrite_leaves_a_file_changed_since_it_was_read() {
        let dir = scratch("changed");
        let path = dir.join("a.pbn");
        // Another length, and the same length with other bytes (the content is compared, not
        // only the size).
        for now in ["saved meanwhile\n", "olD\n", "old\n\n"] {
            std::fs::write(&path, now).expect("written");
            let error = rewrite_unchanged(&path, b"old\n", b"new\n").expect_err("refused");
            assert!(error.to_string().contains("changed on disk"), "{error}");
            assert_eq!(std::fs::read_to_string(&path).expect("read"), now);
            assert_eq!(
                entries(&dir),
                vec![path.clone()],
                "no temporary file is left"
            );
        }
    }

    #[test]
    fn a_rewrite_of_a_file_removed_since_it_was_read_fails_and_creates_nothing() {
        let dir = scratch("removed");
        let path = dir.join("a.pbn");
        let error = rewrite_unchanged(&path, b"old\n", b"new\n").expect_err("refused");
        assert!(
            error.to_string().contains("removed after it was read"),
            "{error}"
        );
        assert!(entries(&dir).is_empty());
    }

    #[test]
    fn a_large_file_is_compared_block_by_block() {
        let dir = scratch("large");
        let path = dir.join("a.pbn");
        let read: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let mut now = read.clone();
        now[150_000] ^= 1;
        std::fs::write(&path, &now).expect("written");
        assert!(rewrite_unchanged(&path, &read, b"new").is_err());
        std::fs::write(&path, &read).expect("written");
        rewrite_unchanged(&path, &read, b"new").expect("rewritten");
        assert_eq!(std::fs::read(&path).expect("read"), b"new");
    }
}
