//! How serious a diagnostic is.

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Style: export format or convention only.
    Hint,
    /// Worth knowing.
    Info,
    /// Suspicious or non-portable.
    Warning,
    /// The data is wrong or unusable.
    Error,
}

impl Severity {
    /// The lower-case name (`hint`, `info`, `warning`, `error`).
    pub fn name(self) -> &'static str {
        match self {
            Severity::Hint => "hint",
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parses a lower-case severity name.
    pub fn from_name(name: &str) -> Option<Severity> {
        match name {
            "hint" => Some(Severity::Hint),
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}
