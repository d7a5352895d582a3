//! The server's settings, read from `initializationOptions` and `workspace/configuration`, and
//! each document's project settings file (`kibitzer.toml`), reloaded when it changes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use serde_json::Value;

use crate::config::{Config, ConfigError, Selection, SelectionArgs};
use crate::diagnostic::{Code, Severity};

pub use crate::format::Eol;

/// The settings (section `kibitzer`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// `check.export`: check export-format rules even without `% EXPORT`.
    pub check_export: bool,
    /// `check.minSeverity`: diagnostics below this are not published.
    pub min_severity: Severity,
    /// `format.eol`.
    pub format_eol: Eol,
    /// `format.export`: format to export format.
    pub format_export: bool,
    /// `diagnostics.debounceMs`: how long to wait after a change before checking.
    pub debounce_ms: u64,
    /// The codes a document's settings file selects (`None`: every code).
    pub selection: Option<Selection>,
    /// `doubleDummy.enabled`: solve complete deals in the background for the Deal hover.
    pub double_dummy: bool,
    /// `doubleDummy.playAnalysis`: inlay hints after each card that gave tricks away.
    pub play_analysis: bool,
    /// `check.doubleDummy`: check the DD results games carry against the solver.
    pub check_double_dummy: bool,
    /// Where the double-dummy checks find solved deals (set by the server for a document when
    /// `check.doubleDummy` is on).
    pub solutions: Option<crate::analysis::double_dummy::Solutions>,
    /// Which of the settings above the editor gave (they win over the settings file).
    pub explicit: Explicit,
}

/// The settings the editor gave explicitly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Explicit {
    /// `check.export`.
    pub check_export: bool,
    /// `check.minSeverity`.
    pub min_severity: bool,
    /// `format.eol`.
    pub format_eol: bool,
    /// `format.export`.
    pub format_export: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            check_export: false,
            min_severity: Severity::Hint,
            format_eol: Eol::Keep,
            format_export: false,
            debounce_ms: 150,
            selection: None,
            double_dummy: true,
            play_analysis: false,
            check_double_dummy: false,
            solutions: None,
            explicit: Explicit::default(),
        }
    }
}

/// Looks `path` up either nested (`{"check": {"export": true}}`) or dotted
/// (`{"check.export": true}`).
fn lookup<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    if let Some(v) = value.get(path) {
        return Some(v);
    }
    path.split('.').try_fold(value, |v, key| v.get(key))
}

impl Settings {
    /// Whether going from these settings to `new` changes what a check finds or shows (the
    /// documents are then checked again): export format, the least severity shown, or what
    /// the editor states explicitly (which also decides over a settings file).
    pub fn changes_findings(&self, new: &Settings) -> bool {
        new.check_export != self.check_export
            || new.min_severity != self.min_severity
            || new.explicit != self.explicit
    }

    /// Settings from a JSON object, keeping `self`'s value for anything absent or unreadable.
    /// A `kibitzer` key, when present, holds the settings.
    pub fn merged(&self, value: &Value) -> Settings {
        let value = value.get("kibitzer").unwrap_or(value);
        let mut out = self.clone();
        if let Some(b) = lookup(value, "check.export").and_then(Value::as_bool) {
            out.check_export = b;
            out.explicit.check_export = true;
        }
        if let Some(s) = lookup(value, "check.minSeverity")
            .and_then(Value::as_str)
            .and_then(Severity::from_name)
        {
            out.min_severity = s;
            out.explicit.min_severity = true;
        }
        if let Some(eol) = lookup(value, "format.eol").and_then(Value::as_str) {
            let known = match eol {
                "keep" => Some(Eol::Keep),
                "lf" => Some(Eol::Lf),
                "crlf" => Some(Eol::Crlf),
                _ => None,
            };
            if let Some(eol) = known {
                out.format_eol = eol;
                out.explicit.format_eol = true;
            }
        }
        if let Some(b) = lookup(value, "format.export").and_then(Value::as_bool) {
            out.format_export = b;
            out.explicit.format_export = true;
        }
        if let Some(b) = lookup(value, "doubleDummy.enabled").and_then(Value::as_bool) {
            out.double_dummy = b;
        }
        if let Some(b) = lookup(value, "doubleDummy.playAnalysis").and_then(Value::as_bool) {
            out.play_analysis = b;
        }
        if let Some(b) = lookup(value, "check.doubleDummy").and_then(Value::as_bool) {
            out.check_double_dummy = b;
        }
        if let Some(ms) = lookup(value, "diagnostics.debounceMs").and_then(Value::as_f64) {
            if ms.is_finite() && ms >= 0.0 {
                out.debounce_ms = (ms as u64).min(60_000);
            }
        }
        out
    }
}

impl Settings {
    /// The settings for a document at `file` under its settings file: what the editor gave
    /// explicitly wins; the rest comes from the file, then the defaults.
    pub fn for_document(&self, config: Option<&Config>, file: &Path) -> Settings {
        let mut out = self.clone();
        let Some(config) = config else {
            return out;
        };
        if !self.explicit.check_export {
            out.check_export = config.check_export.unwrap_or(out.check_export);
        }
        if !self.explicit.min_severity {
            out.min_severity = config.min_severity.unwrap_or(out.min_severity);
        }
        if !self.explicit.format_eol {
            out.format_eol = config.eol.unwrap_or(out.format_eol);
        }
        if !self.explicit.format_export {
            out.format_export = config.format_export.unwrap_or(out.format_export);
        }
        out.selection = Config::selection_for(Some(config), file, &SelectionArgs::default()).ok();
        out
    }

    /// Whether a diagnostic with `code` and `severity` is published.
    pub fn shows(&self, code: Code, severity: Severity) -> bool {
        let selected = |s: &Selection| s.allows(code.as_str());
        severity >= self.min_severity && self.selection.as_ref().is_none_or(selected)
    }
}

/// A settings file as last read: its modification time and length then, and what it gave.
type ReadFile = (Option<SystemTime>, u64, Result<Arc<Config>, ConfigError>);

/// The settings files of the open documents, read once and read again when they change on disk.
#[derive(Debug, Default)]
pub(crate) struct ProjectFiles {
    /// By settings file.
    read: HashMap<PathBuf, ReadFile>,
}

impl ProjectFiles {
    /// The settings file that applies to `file`, read or re-read as needed. A file that cannot
    /// be used gives its error (the document is then checked without it).
    pub fn for_file(&mut self, file: &Path) -> Option<Result<Arc<Config>, ConfigError>> {
        let path = Config::find_for(file)?;
        let metadata = std::fs::metadata(&path).ok();
        let stamp = (
            metadata.as_ref().and_then(|m| m.modified().ok()),
            metadata.as_ref().map_or(0, |m| m.len()),
        );
        if let Some((modified, len, loaded)) = self.read.get(&path) {
            if (*modified, *len) == stamp {
                return Some(loaded.clone());
            }
        }
        let loaded = Config::load(&path).map(Arc::new);
        self.read.insert(path, (stamp.0, stamp.1, loaded.clone()));
        Some(loaded)
    }

    /// Forgets every file read (after the editor says one changed).
    pub fn forget(&mut self) {
        self.read.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_dotted_and_wrapped_forms_are_read() {
        let s = Settings::default().merged(&json!({
            "check": {"export": true, "minSeverity": "warning"},
            "format.eol": "crlf",
            "diagnostics": {"debounceMs": 0}
        }));
        assert!(s.check_export);
        assert_eq!(s.min_severity, Severity::Warning);
        assert_eq!(s.format_eol, Eol::Crlf);
        assert_eq!(s.debounce_ms, 0);
        let t = s.merged(
            &json!({"kibitzer": {"format": {"export": false}, "check": {"minSeverity": 3}}}),
        );
        assert!(!t.format_export);
        assert_eq!(t.min_severity, Severity::Warning);
    }
}
