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
            "kibitzer {command}: warning: no bridge file found in {} (files are found by their extension: .pbn, .rbn, .lin, and the dealing machines' .dup, .bri, .dge, .dlm)",
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

/// Where a write to `path` lands: the file a symbolic link points to (followed to the end, and
/// resolved against the link's folder when it points nowhere yet), else `path` itself, so that
/// writing through a link changes what it points to and keeps the link.
fn write_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut target = path.to_path_buf();
    // A loop of links is refused as the system refuses it, after as many steps as it allows.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let next = std::fs::read_link(&target)?;
                target = match target.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(target),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Writes `bytes` to `path` safely: into a device, a FIFO or a terminal as it stands (renaming
/// over `/dev/null` would replace it with a plain file), through a symbolic link to its target,
/// and into a plain file by a temporary file beside it renamed over it (when `unchanged` is
/// given, only if the file still holds those bytes), keeping its permissions and owner. A
/// read-only file is refused.
fn write_via_temp(path: &Path, bytes: &[u8], unchanged: Option<&[u8]>) -> std::io::Result<()> {
    // What the path finally names, links followed by the system: a device or a FIFO (such as
    // `/dev/stdout` on a pipe, whose link names no file) is opened through the path itself.
    if let Ok(metadata) = std::fs::metadata(path) {
        if metadata.is_dir() {
            return Err(std::io::Error::other("it is a folder"));
        }
        if !metadata.is_file() {
            let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
            file.write_all(bytes)?;
            return file.flush();
        }
    }
    let path = &write_target(path)?;
    let existing = std::fs::metadata(path).ok();
    if let Some(metadata) = &existing {
        if metadata.permissions().readonly() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the file is read-only; it is left as it is (make it writable to have it written)",
            ));
        }
    }
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
        if let Some(metadata) = &existing {
            std::fs::set_permissions(&temp, metadata.permissions())?;
            if !same_owner(&temp, metadata) {
                // The new file cannot be given the old one's owner (only root may give a file
                // away): write into the old file instead, which keeps its owner.
                let _ = std::fs::remove_file(&temp);
                if let Some(read) = unchanged {
                    if !holds(path, read)? {
                        return Err(changed_since_read());
                    }
                }
                let mut file = std::fs::OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(path)?;
                file.write_all(bytes)?;
                return file.sync_all();
            }
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

/// Gives `temp` the owner and group of the file it replaces; whether it now has them.
#[cfg(unix)]
fn same_owner(temp: &Path, old: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(new) = std::fs::metadata(temp) else {
        return false;
    };
    if new.uid() == old.uid() && new.gid() == old.gid() {
        return true;
    }
    std::os::unix::fs::chown(temp, Some(old.uid()), Some(old.gid())).is_ok()
}

/// Other systems keep no owner a rename could change.
#[cfg(not(unix))]
fn same_owner(_temp: &Path, _old: &std::fs::Metadata) -> bool {
    true
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

    #[cfg(unix)]
    #[test]
    fn a_write_through_a_symbolic_link_changes_its_target_and_keeps_the_link() {
        let dir = scratch("link");
        let target = dir.join("real.pbn");
        let link = dir.join("link.pbn");
        std::fs::write(&target, "old\n").expect("written");
        std::os::unix::fs::symlink("real.pbn", &link).expect("link");
        rewrite_unchanged(&link, b"old\n", b"new\n").expect("rewritten");
        assert!(std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).expect("read"), b"new\n");
        write_atomically(&link, b"newer\n").expect("written");
        assert_eq!(std::fs::read(&target).expect("read"), b"newer\n");
        assert_eq!(entries(&dir), vec![link, target]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused_and_left() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("readonly");
        let path = dir.join("a.pbn");
        std::fs::write(&path, "old\n").expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("mode");
        let error = rewrite_unchanged(&path, b"old\n", b"new\n").expect_err("refused");
        assert!(error.to_string().contains("read-only"), "{error}");
        assert!(write_atomically(&path, b"new\n").is_err());
        assert_eq!(std::fs::read(&path).expect("read"), b"old\n");
        assert_eq!(entries(&dir), vec![path]);
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("a.pbn");
        std::fs::write(&path, "old\n").expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("mode");
        rewrite_unchanged(&path, b"old\n", b"new\n").expect("rewritten");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_fifo_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        write_atomically(Path::new("/dev/null"), b"nothing\n").expect("written");
        assert!(std::fs::metadata("/dev/null")
            .expect("meta")
            .file_type()
            .is_char_device());
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            panic!("mkfifo is needed for this test");
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).expect("read the fifo"))
        };
        write_atomically(&fifo, b"through\n").expect("written");
        assert_eq!(reader.join().expect("reader"), b"through\n");
        assert!(std::fs::symlink_metadata(&fifo)
            .expect("meta")
            .file_type()
            .is_fifo());
        assert_eq!(entries(&dir), vec![fifo]);
    }
}
