//! The language server on RBN documents, in process: the same protocol harness as
//! `lsp_protocol.rs`, with documents in Richard's Bridge Notation.

mod lsp_harness;

use lsp_harness::{edit, Harness};
use serde_json::{json, Value};

const URI: &str = "file:///nowhere/test.rbn";

/// No debounce; warnings and errors only (the boards do not follow the board rotation, which
/// gives X802 hints).
fn fast() -> Value {
    json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "warning"}})
}

/// Two records: board 1 in full, board 2 with the hands carried over from board 1.
const RBN: &str = "% RBN 2.2\n\nE Club night\nB 7\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\nA NN:1S^1P4SX:A\n1 five cards\nC 4SX:N\nP CATC5C2:H74AT\nR 10\n\nB 8\nA EZ:P1S1S\n";

fn texts(items: &Value, key: &str) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i[key].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test]
async fn rbn_diagnostics_have_codes_and_ranges_and_follow_edits() {
    let (mut h, init) = Harness::start(URI, json!({}), fast()).await;
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"],
        json!(["kibitzer.convert", "kibitzer.lsp.formatExport"])
    );
    let diagnostics = h.open("rbn", RBN).await;
    // Board 8: East passes, South opens 1♠, West bids 1♠ again (insufficient).
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "A302");
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 12, "character": 8}, "end": {"line": 12, "character": 10}})
    );
    // Make it 2♠: clean. Then give North South's ♠7: the deal checks (D) report it in
    // board 7, where the hands are written, and not again in board 8, which carries them.
    h.change(2, json!([edit(12, 8, 12, 9, "2")])).await;
    assert!(h.diagnostics(2).await.is_empty());
    h.change(3, json!([edit(4, 4, 4, 5, "7")])).await;
    let diagnostics = h.diagnostics(3).await;
    assert!(!diagnostics.is_empty());
    assert!(
        diagnostics
            .iter()
            .all(|d| d["code"].as_str().unwrap().starts_with('D')),
        "{diagnostics:?}"
    );
    assert!(diagnostics.iter().all(|d| d["range"]["start"]["line"] == 4));
    assert!(
        diagnostics.iter().any(|d| d["code"] == "D203"),
        "{diagnostics:?}"
    );
    // A line without a label is a syntax error with its R code.
    h.change(4, json!([edit(4, 4, 4, 5, "A"), edit(5, 0, 5, 0, "?\n")]))
        .await;
    let diagnostics = h.diagnostics(4).await;
    assert!(
        diagnostics
            .iter()
            .any(|d| d["code"] == "R901" && d["range"]["start"]["line"] == 5),
        "{diagnostics:?}"
    );
}

#[tokio::test]
async fn a_uri_ending_in_rbn_is_rbn_whatever_else_the_language_says() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let diagnostics = h.open("plaintext", RBN).await;
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "A302");
}

#[tokio::test]
async fn hover_on_h_draws_the_diagram_and_on_a_call_names_it() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("rbn", RBN).await;
    let hover = h.at("textDocument/hover", 4, 0).await;
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("North (dealer) vul · 10 HCP"), "{text}");
    assert!(
        text.contains("♥ 10 9 8") && text.contains("Board 7"),
        "{text}"
    );
    assert_eq!(hover["range"]["start"], json!({"line": 4, "character": 0}));
    // An editor shows about 12 lines of a hover before it scrolls: the diagram fits them,
    // South included, with the note that double dummy is being solved under it.
    let shown = text.lines().filter(|l| !l.starts_with("```")).count();
    assert!(shown <= 12, "{text}");
    assert!(text.contains("South"), "{text}");
    assert!(text.contains("Double dummy"), "{text}");
    let call = h.at("textDocument/hover", 5, 5).await;
    let text = call["contents"]["value"].as_str().unwrap();
    assert!(text.contains("1♠") && text.contains("by North"), "{text}");
    assert!(text.contains("Note 1: five cards"), "{text}");
    let score = h.at("textDocument/hover", 7, 3).await;
    assert!(score["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("NS +790"));
    // Blank lines have nothing to say.
    assert_eq!(h.at("textDocument/hover", 1, 0).await, Value::Null);
}

#[tokio::test]
async fn completion_offers_labels_legal_calls_and_playable_cards() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("rbn", RBN).await;
    // After `A EZ:P1S`: West's legal calls (the board 7 hands are carried over).
    let items = h.at("textDocument/completion", 12, 8).await;
    let labels = texts(&items, "label");
    assert_eq!(&labels[..3], ["P", "X", "1N"], "{labels:?}");
    assert!(!labels.contains(&"1S".to_string()) && !labels.contains(&"R".to_string()));
    assert!(labels.contains(&"7N".to_string()) && labels.contains(&"A".to_string()));
    // In the play, after `CAT`: West follows in clubs, written without the suit.
    let items = h.at("textDocument/completion", 8, 5).await;
    assert_eq!(texts(&items, "label"), ["C7", "C6", "C5"]);
    assert_eq!(items[0]["textEdit"]["newText"], "7");
    // A label typed at the start of a new line of board 8, in any case.
    h.change(2, json!([edit(13, 0, 13, 0, "h")])).await;
    h.diagnostics(2).await;
    let items = h.at("textDocument/completion", 13, 1).await;
    assert_eq!(texts(&items, "label"), ["H"]);
    assert_eq!(items[0]["textEdit"]["newText"], "H ");
    assert_eq!(
        items[0]["textEdit"]["range"]["start"],
        json!({"line": 13, "character": 0})
    );
    // A label the record already has is not offered again.
    h.change(3, json!([edit(13, 0, 13, 1, "b")])).await;
    h.diagnostics(3).await;
    let items = h.at("textDocument/completion", 13, 1).await;
    assert_eq!(items, json!([]));
}

#[tokio::test]
async fn formatting_symbols_and_folding() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let messy = "b 1\nh n:akqj.t98.765.432:t98.765.432.akqj:765.432.akqj.t98:\n\n\nB 2\nA NZ:P\n";
    h.open("rbn", messy).await;
    let edits = h
        .request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    let edits = edits.as_array().unwrap().clone();
    // Record 1 (case and two blank lines) and record 2 (no empty line after it).
    assert_eq!(edits.len(), 2, "{edits:?}");
    assert_eq!(
        edits[0]["newText"],
        "B 1\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\n\n"
    );
    assert_eq!(edits[1]["newText"], "B 2\nA NZ:P\n\n");
    let ranged = h
        .request("textDocument/rangeFormatting", json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 1}}, "options": {"tabSize": 4, "insertSpaces": true}}))
        .await;
    assert_eq!(ranged.as_array().unwrap().len(), 1);

    h.change(2, json!([{"text": RBN}])).await;
    h.diagnostics(2).await;
    let symbols = h
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let names = texts(&symbols, "name");
    assert_eq!(names, ["Game", "Board 7 · 4♠X by N · 10 tricks", "Board 8"]);
    assert_eq!(symbols[1]["detail"], "Club night");
    assert_eq!(symbols[2]["detail"], "Club night", "E carried over");
    let children = texts(&symbols[1]["children"], "name");
    assert_eq!(children, ["Deal", "Auction", "Play"]);
    let folds = h
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let lines: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(2, 9), (11, 12)]);
    // Semantic tokens of the whole document, then of the H line alone (line 4).
    h.semantic_tokens_of_line(4, 10).await;
    // A note reference leads to its note, and the note to its references (line 5 is
    // `A NN:1S^1P4SX:A`, line 6 the note `1 five cards`).
    let definition = h
        .request(
            "textDocument/definition",
            json!({"textDocument": {"uri": URI}, "position": {"line": 5, "character": 8}}),
        )
        .await;
    assert_eq!(
        definition["range"],
        json!({"start": {"line": 6, "character": 0}, "end": {"line": 6, "character": 12}}),
        "{definition:?}"
    );
    let references = h
        .request(
            "textDocument/references",
            json!({"textDocument": {"uri": URI}, "position": {"line": 6, "character": 3}, "context": {"includeDeclaration": true}}),
        )
        .await;
    let places: Vec<(u64, u64, u64)> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["range"]["start"]["line"].as_u64().unwrap(),
                l["range"]["start"]["character"].as_u64().unwrap(),
                l["range"]["end"]["character"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(places, [(5, 7, 9), (6, 0, 12)], "{references:?}");
    // Inlay hints as in PBN: the points after each hand of the H line (West's, left to be
    // worked out, after its empty place at the end), the winner after each complete trick.
    let hints = h
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}}),
        )
        .await;
    let shown: Vec<(u64, u64, String)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_u64().unwrap(),
                h["position"]["character"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (4, 20, "10".to_string()),
            (4, 37, "10".to_string()),
            (4, 54, "10".to_string()),
            (4, 55, "10".to_string()),
            (8, 9, "→ E".to_string()),
            (8, 15, "→ W".to_string()),
        ],
        "{hints:?}"
    );
}

#[tokio::test]
async fn convert_command_returns_the_other_notation() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("rbn", RBN).await;
    let result = h
        .request(
            "workspace/executeCommand",
            json!({"command": "kibitzer.convert", "arguments": [URI]}),
        )
        .await;
    assert_eq!(result["language"], "pbn");
    let text = result["text"].as_str().unwrap();
    assert!(text.starts_with("% PBN"), "{text}");
    assert!(
        text.contains("[Board \"7\"]") && text.contains("[Contract \"4SX\"]"),
        "{text}"
    );
    assert!(text.contains("[Board \"8\"]"), "{text}");
    assert!(result["warnings"].is_array());
    assert_eq!(result["unread"], json!([]), "the document reads whole");
    // A PBN document converts to RBN; the object form of the argument works too.
    let pbn_uri = "file:///nowhere/x.pbn";
    h.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": pbn_uri, "languageId": "pbn", "version": 1, "text": text}}),
    )
    .await;
    let back = h
        .request(
            "workspace/executeCommand",
            json!({"command": "kibitzer.convert", "arguments": [{"uri": pbn_uri}]}),
        )
        .await;
    assert_eq!(back["language"], "rbn");
    let rbn = back["text"].as_str().unwrap();
    assert!(rbn.contains("B 7\n") && rbn.contains("C 4SX:N"), "{rbn}");
    // Text the reading skips is listed by line, apart from what the target cannot express.
    let broken_uri = "file:///nowhere/broken.pbn";
    h.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": broken_uri, "languageId": "pbn", "version": 1,
               "text": "[Dealer \"N\"]\n[Auction \"N\"]\n1NT ] Pass Pass Pass\n"}}),
    )
    .await;
    let broken = h
        .request(
            "workspace/executeCommand",
            json!({"command": "kibitzer.convert", "arguments": [broken_uri]}),
        )
        .await;
    let unread = broken["unread"].as_array().expect("an unread list");
    assert_eq!(unread.len(), 1, "{broken}");
    assert!(
        unread[0].as_str().unwrap().starts_with("line 3: `]` (S003"),
        "{broken}"
    );
    // Bad arguments are errors, not crashes.
    h.next_id += 1;
    let id = h.next_id;
    for arguments in [
        json!([]),
        json!([42]),
        json!(["file:///nowhere/missing.rbn"]),
    ] {
        let response = h
            .send(json!({"jsonrpc": "2.0", "id": id, "method": "workspace/executeCommand", "params": {"command": "kibitzer.convert", "arguments": arguments}}))
            .await
            .unwrap();
        assert!(response.get("error").is_some(), "{response}");
    }
}

#[tokio::test]
async fn the_board_request_reads_an_rbn_record_like_a_pbn_game() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("rbn", RBN).await;
    let board = h
        .request(
            "kibitzer/board",
            json!({"textDocument": {"uri": URI}, "position": {"line": 5, "character": 3}}),
        )
        .await;
    assert_eq!(board["notation"], "rbn");
    assert_eq!(board["board"], "7");
    assert_eq!(
        board["hands"]["N"],
        json!({"S": "AKQJ", "H": "T98", "D": "765", "C": "432"})
    );
    assert_eq!(
        board["auction"]["calls"],
        json!(["1S", "Pass", "4S", "X", "AP"])
    );
    assert_eq!(board["auction"]["notes"]["1"], "five cards");
    assert_eq!(
        (&board["contract"], &board["declarer"]),
        (&json!("4SX"), &json!("N"))
    );
    assert_eq!(board["result"], 10);
    assert_eq!(board["play"]["tricks"][0], json!(["CA", "CT", "C5", "C2"]));
    assert_eq!(board["play"]["winners"][0], "E");
    assert_eq!(board["hcp"]["N"], 10);
    let url = board["handviewer"].as_str().expect("a handviewer link");
    assert!(url.contains("&a=1SP4SDPPP"), "{url}");
    let blank = h
        .request(
            "kibitzer/board",
            json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 0}}),
        )
        .await;
    assert!(blank.is_null(), "{blank}");
}

#[tokio::test]
async fn a_quick_fix_puts_the_space_after_a_label() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let diagnostics = h.open("rbn", "B1\n").await;
    assert!(
        diagnostics.iter().any(|d| d["code"] == "R906"),
        "{diagnostics:?}"
    );
    let edit = h.quick_fix_edit(0, 1, "Put a space after the label").await;
    assert_eq!(edit["newText"], " ");
    assert_eq!(edit["range"]["start"], json!({"line": 0, "character": 1}));
}
