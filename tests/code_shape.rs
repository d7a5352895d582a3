//! The shape the code keeps: no function in `src/` runs over 120 lines (a longer one is split
//! into steps that say what they do). Counted from the `fn` line to the closing brace at the
//! same indent, as rustfmt lays them out. And a diagnostic code is named as a `Code`, written
//! as text only in the catalogue's table (and where users' own text is read: settings).

use std::path::Path;

const LONGEST: usize = 120;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The functions of `text` longer than [`LONGEST`] lines: (name, first line, length).
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let mut words = body.split_whitespace().peekable();
        while words
            .peek()
            .is_some_and(|w| w.starts_with("pub") || ["async", "const", "unsafe"].contains(w))
        {
            words.next();
        }
        if words.next() != Some("fn") || line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let closing = format!("{indent}}}");
        let end = lines[i + 1..]
            .iter()
            .position(|l| l.trim_end() == closing)
            .map_or(lines.len(), |k| i + 1 + k);
        let length = end - i + 1;
        if length > LONGEST {
            found.push((name, i + 1, length));
        }
    }
    found
}

#[test]
fn no_function_runs_over_120_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 50, "the sources were found: {}", files.len());
    let mut long = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        for (name, line, length) in long_functions(&text) {
            long.push(format!(
                "{}:{line}: {name} ({length} lines)",
                file.display()
            ));
        }
    }
    assert!(long.is_empty(), "split these: {long:#?}");
}

#[test]
fn the_measure_counts_a_function_from_its_fn_to_its_brace() {
    let body = "    x();\n".repeat(LONGEST);
    let long = format!("pub(crate) fn long() {{\n{body}}}\n\nfn short() {{\n}}\n");
    assert_eq!(
        long_functions(&long),
        [("long".to_string(), 1, LONGEST + 2)]
    );
    let nested = format!("impl A {{\n    async fn inner() {{\n    {body}    }}\n}}\n");
    assert_eq!(long_functions(&nested).len(), 1);
    assert!(long_functions("fn declared();\nfn tiny() {}\n").is_empty());
}

/// The places outside a file's tests where a catalogue code stands written as a string (`"D203"`).
fn code_strings(text: &str) -> Vec<usize> {
    let code = |w: &[u8]| {
        w.len() == 6
            && w[0] == b'"'
            && w[1].is_ascii_uppercase()
            && w[2..5].iter().all(u8::is_ascii_digit)
            && w[5] == b'"'
    };
    let body = text.split("#[cfg(test)]").next().unwrap_or(text);
    body.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| line.as_bytes().windows(6).any(code))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn codes_are_named_as_codes_not_strings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut found = Vec::new();
    for file in &files {
        let shown = file.display().to_string();
        if shown.ends_with("catalogue.rs") || shown.contains("config") {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        found.extend(
            code_strings(&text)
                .into_iter()
                .map(|line| format!("{shown}:{line}")),
        );
    }
    assert!(found.is_empty(), "write these as `Code::…`: {found:#?}");
    assert_eq!(
        code_strings("let x = \"D203\";\n#[cfg(test)]\n\"A301\""),
        [1]
    );
}

/// The lines outside a file's tests and comments that build or name a finding.
fn finding_lines(text: &str) -> Vec<usize> {
    let body = text.split("#[cfg(test)]").next().unwrap_or(text);
    body.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| line.contains("Diagnostic") || line.contains("Code::"))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn the_model_reads_without_judging() {
    // A lowering records what it could not read (`model::board::misreading`); the checks decide
    // the code, the message and the fix.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 10, "the model's files: {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        found.extend(
            finding_lines(&text)
                .into_iter()
                .map(|line| format!("{}:{line}", file.display())),
        );
    }
    assert!(found.is_empty(), "findings built in model/: {found:#?}");
    assert_eq!(
        finding_lines(
            "use crate::diagnostic::Diagnostic;\n// Code::D201\n#[cfg(test)]\nCode::A301"
        ),
        [1]
    );
}
