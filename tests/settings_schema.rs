//! The JSON Schema of `kibitzer.toml` that editors use (Even Better TOML, taplo): the committed
//! copy is the one made from the settings types, every example in the README and the docs
//! validates, and a misspelt key, a wrong type or a value out of its list fails, as the loader
//! itself refuses them.

use std::path::{Path, PathBuf};

use kibitzer::config::{settings_schema, Config};
use serde_json::Value;

/// Where the schema is committed: inside the VS Code extension, which hands it to Even Better
/// TOML (`tomlValidation`); other editors name it with a `#:schema` line.
fn committed_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode/schemas/kibitzer.schema.json")
}

fn pretty(schema: &Value) -> String {
    serde_json::to_string_pretty(schema).expect("JSON") + "\n"
}

#[test]
fn the_committed_schema_is_the_one_the_settings_types_make() {
    let made = pretty(&settings_schema());
    if std::env::var_os("KIBITZER_BLESS").is_some() {
        std::fs::write(committed_path(), &made).expect("written");
    }
    let committed = std::fs::read_to_string(committed_path()).unwrap_or_default();
    assert_eq!(
        committed, made,
        "the committed schema is stale: run `KIBITZER_BLESS=1 cargo test --test settings_schema`"
    );
}

/// The TOML of `text` as the JSON value a schema validates.
fn as_json(text: &str) -> Value {
    let table: toml::Table = toml::from_str(text).expect("TOML");
    serde_json::to_value(table).expect("JSON")
}

/// Whether the schema accepts `text`, and whether the loader does.
fn verdicts(text: &str) -> (bool, bool) {
    let validator = jsonschema::validator_for(&settings_schema()).expect("a valid schema");
    let schema_ok =
        toml::from_str::<toml::Table>(text).is_ok() && validator.is_valid(&as_json(text));
    let loader_ok = Config::parse(Path::new("kibitzer.toml"), text).is_ok();
    (schema_ok, loader_ok)
}

/// The ```toml blocks of a Markdown file.
fn toml_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match (&mut current, line.trim_start()) {
            (None, fence) if fence.starts_with("```toml") => current = Some(String::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn every_example_in_the_readme_and_the_docs_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md")];
    for folder in ["docs", "editors"] {
        for entry in walk(&root.join(folder)) {
            if entry.extension().is_some_and(|e| e == "md") {
                documents.push(entry);
            }
        }
    }
    let mut examples = 0;
    for document in &documents {
        let text = std::fs::read_to_string(document).unwrap_or_default();
        for block in toml_blocks(&text) {
            // Only settings files: the TOML of other tools (Helix's languages.toml) is not ours.
            if !block.contains("[check") && !block.contains("[format") {
                continue;
            }
            examples += 1;
            assert_eq!(
                verdicts(&block),
                (true, true),
                "{}:\n{block}",
                document.display()
            );
        }
    }
    assert!(
        examples >= 1,
        "no kibitzer.toml example found in {documents:?}"
    );
}

fn walk(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.file_name().is_some_and(|n| n == "node_modules") {
            continue;
        }
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn a_misspelt_key_a_wrong_type_or_an_unknown_value_fails_in_the_schema_as_in_the_loader() {
    let good = "[check]\nselect = [\"A\"]\nmin-severity = \"warning\"\n[check.per-file-ignores]\n\"a/*.pbn\" = [\"A301\"]\n[format]\neol = \"crlf\"\nexport = true\n";
    assert_eq!(verdicts(good), (true, true));
    assert_eq!(verdicts(""), (true, true), "an empty file is valid");
    // One code may be written as a plain string, where a list is meant.
    for one in [
        "[check]\nselect = \"A\"\n",
        "[check]\nignore = \"A301\"\n",
        "[check.per-file-ignores]\n\"a/*.pbn\" = \"A301\"\n",
    ] {
        assert_eq!(verdicts(one), (true, true), "{one}");
    }
    for bad in [
        "[check]\nmin-severty = \"info\"\n",
        "[check]\nmin_severity = \"info\"\n",
        "[chek]\nselect = [\"A\"]\n",
        "[check]\nselect = 3\n",
        "[check]\nexport = \"yes\"\n",
        "[check]\nmin-severity = \"fatal\"\n",
        "[format]\neol = \"cr\"\n",
        "[format]\nindent = 2\n",
        "[check.per-file-ignores]\n\"a/*.pbn\" = 3\n",
        "check = 3\n",
    ] {
        assert_eq!(verdicts(bad), (false, false), "{bad}");
    }
}

#[test]
fn the_schema_describes_every_key_for_completion() {
    let schema = settings_schema();
    let text = schema.to_string();
    for key in [
        "select",
        "extend-select",
        "ignore",
        "min-severity",
        "per-file-ignores",
        "eol",
        "export",
    ] {
        assert!(
            text.contains(&format!("\"{key}\"")),
            "no {key} in the schema"
        );
    }
    // Each key carries its description (the hover and completion text in the editor).
    let check = &schema["$defs"]["RawCheck"]["properties"];
    for (key, value) in check.as_object().expect("the check table's keys") {
        assert!(
            value["description"].as_str().is_some_and(|d| d.len() > 10),
            "{key} has no description: {value}"
        );
    }
}
