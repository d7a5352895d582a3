//! The editor set-ups in `editors/` that the real-editor probes cannot run here. Helix is not
//! packaged for Debian 12, so its `languages.toml` is held to what Helix reads: a language server
//! entry that runs `kibitzer lsp`, and a language per notation with its file type and the
//! server, and the tree-sitter grammar of each notation that has one.

use toml::Value;

#[test]
fn the_helix_languages_file_says_what_helix_expects() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/editors/helix/languages.toml");
    let text = std::fs::read_to_string(path).expect("editors/helix/languages.toml");
    let document: toml::Table = toml::from_str(&text).expect("valid TOML");
    let server = &document["language-server"]["kibitzer"];
    assert_eq!(server["command"].as_str(), Some("kibitzer"));
    assert_eq!(server["args"].as_array().map(Vec::len), Some(1));
    assert_eq!(server["args"][0].as_str(), Some("lsp"));
    let languages = document["language"]
        .as_array()
        .expect("[[language]] entries");
    let names: Vec<&str> = languages
        .iter()
        .filter_map(|l| l["name"].as_str())
        .collect();
    assert_eq!(names, ["pbn", "rbn", "lin", "dlm"]);
    for language in languages {
        let name = language["name"].as_str().unwrap();
        let file_types = language["file-types"].as_array().unwrap();
        assert_eq!(file_types, &vec![Value::String(name.to_string())]);
        assert_eq!(
            language["scope"].as_str(),
            Some(format!("source.{name}").as_str())
        );
        let servers = language.get("language-servers").and_then(Value::as_array);
        assert_eq!(servers.unwrap(), &vec![Value::String("kibitzer".into())]);
        // DLM, an INI text, has no tree-sitter grammar: the server alone serves it.
        let grammar = (name != "dlm").then_some(name);
        assert_eq!(language.get("grammar").and_then(Value::as_str), grammar);
    }
    // Each language's tree-sitter grammar, from this repository's syntaxes/tree-sitter/, where
    // the grammar, its generated parser and its highlight queries are.
    let grammars = document["grammar"].as_array().expect("[[grammar]] entries");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (grammar, name) in grammars.iter().zip(["pbn", "rbn", "lin"]) {
        assert_eq!(grammar["name"].as_str(), Some(name));
        let path = grammar["source"]["path"].as_str().expect("a path source");
        let inside = path
            .strip_prefix("/path/to/kibitzer/")
            .expect("a path under the repository");
        for file in ["grammar.js", "src/parser.c", "queries/highlights.scm"] {
            assert!(
                root.join(inside).join(file).is_file(),
                "{name}: no {inside}/{file}"
            );
        }
    }
}
