//! A project's settings: `kibitzer.toml`, found from each checked file's folder upward, read by
//! the command line and the language server alike, and the code selection both apply.
//!
//! ```toml
//! [check]
//! select = ["A", "D"]          # codes or prefixes; default all
//! extend-select = ["T102"]
//! ignore = ["A301"]
//! min-severity = "info"
//! export = false
//! [check.per-file-ignores]
//! "robots/**/*.pbn" = ["A301", "T102"]
//! [format]
//! eol = "keep"
//! export = false
//! ```
//!
//! Unknown keys and bad values are errors that name the file, the line and the key.

mod select;

use std::path::{Path, PathBuf};

use globset::{Glob, GlobMatcher};
use serde::Deserialize;

use crate::diagnostic::Severity;
use crate::format::Eol;
pub use select::Selection;

/// The name of the settings file.
pub(crate) const FILE_NAME: &str = "kibitzer.toml";

/// Kibitzer's settings for the files in this folder and the folders below it (kibitzer.toml):
/// what `kibitzer check` and `kibitzer fmt` do, and the editor with them.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "kibitzer.toml")]
struct RawFile {
    /// What checking reports.
    #[serde(default)]
    check: RawCheck,
    /// How formatting writes files.
    #[serde(default)]
    format: RawFormat,
}

/// What checking reports.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawCheck {
    /// The only codes to report, or their prefixes (`"A"`, `"T1"`, `"A301"`); every code when
    /// not given.
    select: Option<CodeList>,
    /// Codes or prefixes to report as well as the selected ones.
    #[serde(default)]
    extend_select: CodeList,
    /// Codes or prefixes never to report.
    #[serde(default)]
    ignore: CodeList,
    /// Hide findings below this severity (info when not given).
    min_severity: Option<SeverityName>,
    /// Hold every file to the PBN standard's export format, as if it began with `% EXPORT`.
    export: Option<bool>,
    /// Codes or prefixes not to report in the files a pattern matches (patterns are relative to
    /// this file's folder: `"robots/**/*.pbn" = ["A301"]`, or `= "A301"` for one).
    #[serde(default)]
    #[schemars(with = "std::collections::BTreeMap<String, CodeList>")]
    per_file_ignores: toml::Table,
}

/// Codes or prefixes: a list (`["A301", "T1"]`), or one as a plain string (`"A301"`).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
enum CodeList {
    /// One code or prefix.
    One(String),
    /// Codes or prefixes.
    Many(Vec<String>),
}

impl Default for CodeList {
    fn default() -> Self {
        CodeList::Many(Vec::new())
    }
}

impl CodeList {
    /// The codes, as a list.
    fn into_vec(self) -> Vec<String> {
        match self {
            CodeList::One(code) => vec![code],
            CodeList::Many(codes) => codes,
        }
    }
}

/// How formatting writes files.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawFormat {
    /// The line ends to write (keep: those the file has).
    eol: Option<EolName>,
    /// Write the PBN standard's strict export format: the `% PBN 2.1` and `% EXPORT` header and
    /// the missing mandatory tags.
    export: Option<bool>,
}

/// A severity, from the slightest: a hint, an informational note, a warning, an error.
#[derive(Debug, Clone, Copy, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum SeverityName {
    /// Everything, style hints included.
    Hint,
    /// Informational notes, warnings and errors.
    Info,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
}

/// Line ends.
#[derive(Debug, Clone, Copy, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum EolName {
    /// Keep each file's own line ends.
    Keep,
    /// `\n` (Unix, macOS).
    Lf,
    /// `\r\n` (Windows; the PBN standard's export format).
    Crlf,
}

/// The JSON Schema of `kibitzer.toml`, made from the types its settings are read into: editors
/// that know TOML (Even Better TOML, taplo) complete and check the file with it. The copy
/// committed in `editors/schema/` is tested against this.
pub fn settings_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(RawFile)).unwrap_or_default()
}

/// A `kibitzer.toml` read and checked.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    /// `[check] select`: the codes to report (every code when absent).
    pub select: Option<Vec<String>>,
    /// `[check] extend-select`.
    pub extend_select: Vec<String>,
    /// `[check] ignore`.
    pub ignore: Vec<String>,
    /// `[check] min-severity`.
    pub min_severity: Option<Severity>,
    /// `[check] export`.
    pub check_export: Option<bool>,
    /// `[check.per-file-ignores]`: glob (relative to the file's folder) and codes.
    per_file_ignores: Vec<(String, GlobMatcher, Vec<String>)>,
    /// `[format] eol`.
    pub eol: Option<Eol>,
    /// `[format] export`.
    pub format_export: Option<bool>,
}

/// Why a settings file could not be used: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// The line (from 1), when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl Config {
    /// Reads the settings file at `path`.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError {
            path: path.to_path_buf(),
            line: None,
            message: format!("cannot read: {error}"),
        })?;
        Config::parse(path, &text)
    }

    /// Reads settings from `text` (the contents of `path`).
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        let error = |line: Option<usize>, message: String| ConfigError {
            path: path.to_path_buf(),
            line,
            message,
        };
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(s.start));
            error(line, e.message().trim().to_string())
        })?;
        // Codes are checked here so that a typo is found where it was written; every mistake
        // is said, in the order of the file's lines.
        let find_line = |needle: &str| text.find(needle).map(line_of);
        let mut mistakes: Vec<ConfigError> = Vec::new();
        let select = raw.check.select.map(CodeList::into_vec);
        let extend_select = raw.check.extend_select.into_vec();
        let ignore = raw.check.ignore.into_vec();
        let mut check_codes = |key: &str, codes: &[String]| {
            if let Err(m) = Selection::new(codes, &[], &[]) {
                mistakes.push(error(find_line(key), format!("`{key}`: {m}")));
            }
        };
        if let Some(select) = &select {
            check_codes("select", select);
        }
        check_codes("extend-select", &extend_select);
        check_codes("ignore", &ignore);
        let mut per_file_ignores = Vec::new();
        for (pattern, value) in &raw.check.per_file_ignores {
            let line = find_line(pattern);
            let codes: Option<Vec<String>> = match value {
                toml::Value::String(code) => Some(vec![code.clone()]),
                _ => value.as_array().and_then(|items| {
                    items
                        .iter()
                        .map(|v| v.as_str().map(str::to_string))
                        .collect::<Option<Vec<String>>>()
                }),
            };
            let Some(codes) = codes else {
                mistakes.push(error(
                    line,
                    format!("`per-file-ignores.\"{pattern}\"` must be a code or a list of codes"),
                ));
                continue;
            };
            if let Err(m) = Selection::new(&codes, &[], &[]) {
                mistakes.push(error(
                    line,
                    format!("`per-file-ignores.\"{pattern}\"`: {m}"),
                ));
                continue;
            }
            match Glob::new(pattern) {
                Ok(glob) => per_file_ignores.push((pattern.clone(), glob.compile_matcher(), codes)),
                Err(e) => mistakes.push(error(
                    line,
                    format!("`per-file-ignores.\"{pattern}\"`: {e}"),
                )),
            }
        }
        mistakes.sort_by_key(|m| m.line);
        if let Some(first) = mistakes.first() {
            // One error for the file: the first mistake, and the others after it with their lines.
            let mut message = first.message.clone();
            for other in &mistakes[1..] {
                match other.line {
                    Some(line) => message.push_str(&format!("; line {line}: {}", other.message)),
                    None => message.push_str(&format!("; {}", other.message)),
                }
            }
            return Err(error(first.line, message));
        }
        Ok(Config {
            path: path.to_path_buf(),
            select,
            extend_select,
            ignore,
            min_severity: raw.check.min_severity.map(|s| match s {
                SeverityName::Hint => Severity::Hint,
                SeverityName::Info => Severity::Info,
                SeverityName::Warning => Severity::Warning,
                SeverityName::Error => Severity::Error,
            }),
            check_export: raw.check.export,
            per_file_ignores,
            eol: raw.format.eol.map(|e| match e {
                EolName::Keep => Eol::Keep,
                EolName::Lf => Eol::Lf,
                EolName::Crlf => Eol::Crlf,
            }),
            format_export: raw.format.export,
        })
    }

    /// The settings file for `file`: the nearest `kibitzer.toml` in its folder or above.
    pub fn find_for(file: &Path) -> Option<PathBuf> {
        let absolute = std::path::absolute(file).ok()?;
        absolute
            .ancestors()
            .skip(1)
            .map(|dir| dir.join(FILE_NAME))
            .find(|candidate| candidate.is_file())
    }

    /// The codes `[check.per-file-ignores]` silences in `file`.
    pub fn ignores_for(&self, file: &Path) -> Vec<String> {
        let root = self.path.parent().unwrap_or(Path::new(""));
        let absolute = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
        let root = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
        let relative = absolute.strip_prefix(&root).unwrap_or(&absolute);
        self.per_file_ignores
            .iter()
            .filter(|(_, matcher, _)| matcher.is_match(relative))
            .flat_map(|(_, _, codes)| codes.iter().cloned())
            .collect()
    }

    /// The selection for `file`: `select`/`extend-select`/`ignore` from the command line or
    /// editor (`overrides`, which replace `select` when given and add to the others), then the
    /// file's per-file ignores.
    pub fn selection_for(
        config: Option<&Config>,
        file: &Path,
        overrides: &SelectionArgs,
    ) -> Result<Selection, String> {
        let mut select = overrides.select.clone();
        let mut extend = overrides.extend_select.clone();
        let mut ignore = overrides.ignore.clone();
        if let Some(config) = config {
            if select.is_empty() {
                select = config.select.clone().unwrap_or_default();
            }
            extend.extend(config.extend_select.iter().cloned());
            ignore.extend(config.ignore.iter().cloned());
            ignore.extend(config.ignores_for(file));
        }
        Selection::new(&select, &extend, &ignore)
    }
}

/// Selection given on the command line or by an editor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SelectionArgs {
    /// `--select`.
    pub select: Vec<String>,
    /// `--extend-select`.
    pub extend_select: Vec<String>,
    /// `--ignore`.
    pub ignore: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(Path::new("/p/kibitzer.toml"), text)
    }

    #[test]
    fn every_key_is_read() {
        let config = parse(
            "[check]\nselect = [\"A\", \"D\"]\nextend-select = [\"T102\"]\nignore = [\"A301\"]\nmin-severity = \"warning\"\nexport = true\n[check.per-file-ignores]\n\"robots/**/*.pbn\" = [\"A301\", \"T102\"]\n[format]\neol = \"crlf\"\nexport = true\n",
        )
        .unwrap();
        assert_eq!(config.select, Some(vec!["A".into(), "D".into()]));
        assert_eq!(config.extend_select, vec!["T102".to_string()]);
        assert_eq!(config.min_severity, Some(Severity::Warning));
        assert_eq!(
            (config.check_export, config.format_export),
            (Some(true), Some(true))
        );
        assert_eq!(config.eol, Some(Eol::Crlf));
        assert_eq!(
            config.ignores_for(Path::new("/p/robots/gib/a.pbn")),
            vec!["A301".to_string(), "T102".to_string()]
        );
        assert!(config.ignores_for(Path::new("/p/people/a.pbn")).is_empty());
    }

    #[test]
    fn unknown_keys_and_bad_values_name_file_line_and_key() {
        let error = parse("[check]\nselect = [\"A\"]\nsilence = true\n").unwrap_err();
        assert_eq!(error.line, Some(3));
        assert!(
            error.to_string().starts_with("/p/kibitzer.toml:3: "),
            "{error}"
        );
        assert!(error.message.contains("silence"), "{error}");
        let error = parse("[format]\neol = \"cr\"\n").unwrap_err();
        assert_eq!(error.line, Some(2));
        assert!(error.message.contains("cr"), "{error}");
        let error = parse("[check]\n\nignore = [\"Q77\"]\n").unwrap_err();
        assert_eq!(error.line, Some(3));
        assert!(
            error.message.contains("`ignore`") && error.message.contains("Q77"),
            "{error}"
        );
        let error = parse("[check.per-file-ignores]\n\"a/[\" = [\"A301\"]\n").unwrap_err();
        assert_eq!(error.line, Some(2));
        let error = parse("[checks]\n").unwrap_err();
        assert!(error.message.contains("checks"), "{error}");
    }

    #[test]
    fn command_line_selection_replaces_select_and_adds_to_the_rest() {
        let config = parse("[check]\nselect = [\"A\"]\nignore = [\"A301\"]\n").unwrap();
        let file = Path::new("/p/x.pbn");
        let none = SelectionArgs::default();
        let from_file = Config::selection_for(Some(&config), file, &none).unwrap();
        assert!(from_file.allows("A302") && !from_file.allows("A301") && !from_file.allows("D203"));
        let args = SelectionArgs {
            select: vec!["D".into()],
            ..SelectionArgs::default()
        };
        let overridden = Config::selection_for(Some(&config), file, &args).unwrap();
        assert!(overridden.allows("D203") && !overridden.allows("A302"));
    }
}
