//! Which codes `check` reports: `--select`, `--extend-select` and `--ignore`, by code or by
//! prefix (`A`, `T1`, `A301`), as ruff users know them.

use crate::diagnostic::catalogue::CATALOGUE;

/// The codes chosen on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Prefixes to report (every code when empty).
    select: Vec<String>,
    /// Prefixes to report on top of `select`.
    extend: Vec<String>,
    /// Prefixes not to report.
    ignore: Vec<String>,
}

/// Splits repeated and comma-separated selectors, upper-cased and trimmed.
fn selectors(values: &[String]) -> Vec<String> {
    values
        .iter()
        .flat_map(|v| v.split(','))
        .map(|s| s.trim().to_ascii_uppercase())
        .filter(|s| !s.is_empty())
        .collect()
}

impl Selection {
    /// The selection the options give; an error names a selector that matches no code.
    pub fn new(
        select: &[String],
        extend: &[String],
        ignore: &[String],
    ) -> Result<Selection, String> {
        let selection = Selection {
            select: selectors(select),
            extend: selectors(extend),
            ignore: selectors(ignore),
        };
        for selector in selection
            .select
            .iter()
            .chain(&selection.extend)
            .chain(&selection.ignore)
        {
            if selector != "ALL"
                && !CATALOGUE
                    .iter()
                    .any(|c| c.code.starts_with(selector.as_str()))
            {
                return Err(format!(
                    "`{selector}` matches no diagnostic code (codes are a family letter and three digits, such as A301; a prefix such as A or T1 selects a family)"
                ));
            }
        }
        Ok(selection)
    }

    /// Whether `code` is reported: the most specific selector that matches it decides, and
    /// an ignore wins a tie (`--select A --ignore A301` reports every A code but A301;
    /// `--ignore A --select A301` reports A301 alone of the family).
    pub fn allows(&self, code: &str) -> bool {
        let longest = |list: &[String]| {
            list.iter()
                .filter(|s| *s == "ALL" || code.starts_with(s.as_str()))
                .map(|s| if s == "ALL" { 0 } else { s.len() })
                .max()
        };
        let chosen = if self.select.is_empty() {
            Some(0)
        } else {
            longest(&self.select)
        };
        let chosen = chosen.max(longest(&self.extend));
        match (chosen, longest(&self.ignore)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(chosen), Some(ignored)) => chosen > ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_most_specific_selector_decides() {
        let all = Selection::new(&[], &[], &[]).unwrap();
        assert!(all.allows("A301") && all.allows("S011"));
        let a_not_301 = Selection::new(&list(&["A"]), &[], &list(&["A301"])).unwrap();
        assert!(a_not_301.allows("A302") && !a_not_301.allows("A301") && !a_not_301.allows("D203"));
        let only_301 = Selection::new(&list(&["A301"]), &[], &list(&["A"])).unwrap();
        assert!(only_301.allows("A301") && !only_301.allows("A302"));
        let extended = Selection::new(&list(&["d"]), &list(&["t1,S011"]), &[]).unwrap();
        assert!(extended.allows("D203") && extended.allows("T102") && extended.allows("S011"));
        assert!(!extended.allows("T201") && !extended.allows("A301"));
        let ignore_family = Selection::new(&[], &[], &list(&["T"])).unwrap();
        assert!(!ignore_family.allows("T102") && ignore_family.allows("A301"));
    }

    #[test]
    fn a_selector_matching_no_code_is_refused() {
        let error = Selection::new(&list(&["Q9"]), &[], &[]).unwrap_err();
        assert!(error.contains("`Q9` matches no diagnostic code"), "{error}");
        assert!(Selection::new(&[], &[], &list(&["A3999"])).is_err());
    }
}
