//! The server's settings, read from `initializationOptions` and `workspace/configuration`.

use serde_json::Value;

use crate::diagnostic::Severity;

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
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            check_export: false,
            min_severity: Severity::Hint,
            format_eol: Eol::Keep,
            format_export: false,
            debounce_ms: 150,
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
    /// Settings from a JSON object, keeping `self`'s value for anything absent or unreadable.
    /// A `kibitzer` key, when present, holds the settings.
    pub fn merged(&self, value: &Value) -> Settings {
        let value = value.get("kibitzer").unwrap_or(value);
        let mut out = self.clone();
        if let Some(b) = lookup(value, "check.export").and_then(Value::as_bool) {
            out.check_export = b;
        }
        if let Some(s) = lookup(value, "check.minSeverity")
            .and_then(Value::as_str)
            .and_then(Severity::from_name)
        {
            out.min_severity = s;
        }
        if let Some(eol) = lookup(value, "format.eol").and_then(Value::as_str) {
            match eol {
                "keep" => out.format_eol = Eol::Keep,
                "lf" => out.format_eol = Eol::Lf,
                "crlf" => out.format_eol = Eol::Crlf,
                _ => {}
            }
        }
        if let Some(b) = lookup(value, "format.export").and_then(Value::as_bool) {
            out.format_export = b;
        }
        if let Some(ms) = lookup(value, "diagnostics.debounceMs").and_then(Value::as_f64) {
            if ms.is_finite() && ms >= 0.0 {
                out.debounce_ms = (ms as u64).min(60_000);
            }
        }
        out
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
