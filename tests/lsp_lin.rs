//! The language server on LIN documents, in process: the same protocol harness as
//! `lsp_protocol.rs`, with documents in Bridge Base Online's LIN.

mod lsp_harness;

use lsp_harness::{edit, Harness};
use serde_json::{json, Value};

const URI: &str = "file:///nowhere/test.lin";

/// No debounce; warnings and errors only (the boards do not follow the board rotation, which
/// gives X802 hints).
fn fast() -> Value {
    json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "warning"}})
}

/// Board 7: North deals, North-South vulnerable; North opens 1S (alerted, explained), South
/// raises to 4S, West doubles; East leads the ace of clubs. Board 8 on its own line.
const LIN: &str = "qx|o7|pn|Sue,Wes,Nat,Eve|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|n|mb|1S!|an|five cards|mb|p|mb|4S|mb|d|mb|p|mb|p|mb|p|pc|CA|pc|C2|pc|C5|pc|CT|mc|10|\nqx|o8|md|4SA,,,|mb|p|mb|1s|mb|1s|\n";

#[tokio::test]
async fn lin_diagnostics_follow_edits() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let diagnostics = h.open("lin", LIN).await;
    // Board 8: East passes, South opens 1S, West's 1S is insufficient.
    let codes: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert!(codes.contains(&"A302"), "{diagnostics:?}");
    let a302 = diagnostics.iter().find(|d| d["code"] == "A302").unwrap();
    assert_eq!(a302["range"]["start"]["line"], 1);
    // 1s becomes 2s: the board is clean again.
    let line = LIN.lines().nth(1).unwrap();
    let at = line.rfind("1s").unwrap() as u32;
    h.change(2, json!([edit(1, at, 1, at + 1, "2")])).await;
    let after = h.diagnostics(2).await;
    assert!(!after.iter().any(|d| d["code"] == "A302"), "{after:?}");
}

#[tokio::test]
async fn lin_hover_completion_symbols_and_formatting() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("lin", LIN).await;
    let md = LIN.find("md|").unwrap() as u32 + 1;
    let hover = h.at("textDocument/hover", 0, md).await;
    let text = hover["contents"]["value"].as_str().unwrap_or("");
    assert!(
        text.contains("North") && text.contains("♠") && text.contains("HCP"),
        "{text}"
    );
    let call = LIN.find("1S!").unwrap() as u32;
    let hover = h.at("textDocument/hover", 0, call).await;
    let text = hover["contents"]["value"].as_str().unwrap_or("");
    assert!(text.contains("five cards"), "{text}");
    // After `mb|p|mb|` on board 8's line: South's legal calls over East's pass.
    let second = LIN.lines().nth(1).unwrap();
    let after_first_mb = second.find("mb|p|mb|").unwrap() as u32 + 8;
    let items = h.at("textDocument/completion", 1, after_first_mb).await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"p") && labels.contains(&"1c") && labels.contains(&"7n"),
        "{labels:?}"
    );
    assert!(!labels.contains(&"d"), "nothing to double: {labels:?}");
    let symbols = h
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names[0], "Board 7 · 4♠X by N · 10 tricks", "{names:?}");
    assert_eq!(names.len(), 2);
    // A board is one line: nothing to fold, and an empty answer says so.
    let folds = h
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    assert_eq!(folds, json!([]));
    // Inlay hints as in PBN: the points after each hand of md, the winner after the trick.
    let hints = h
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}}),
        )
        .await;
    let labels: Vec<(u64, String)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["position"]["character"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let after = |text: &str| LIN.find(text).unwrap() as u64 + text.len() as u64;
    assert_eq!(labels[0], (after("3SAKQJHT98D765C432"), "10".to_string()));
    let trick = labels
        .iter()
        .find(|(_, label)| label.starts_with('→'))
        .expect("a trick winner");
    assert_eq!(trick, &(after("pc|CT"), "→ E".to_string()), "{labels:?}");
    let edits = h
        .request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    // Already one board a line with lower-case keys: nothing to change (values stay as written).
    let edits = edits.as_array().cloned().unwrap_or_default();
    assert!(edits.is_empty(), "{edits:?}");
    // Semantic tokens: the whole document, then its second board's line.
    h.semantic_tokens_of_line(1, 20).await;
}

#[tokio::test]
async fn the_board_request_reads_a_lin_board_like_a_pbn_game() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("lin", LIN).await;
    let board = h
        .request(
            "kibitzer/board",
            json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 20}}),
        )
        .await;
    assert_eq!(board["notation"], "lin");
    assert_eq!(board["board"], "7");
    assert_eq!(
        (&board["dealer"], &board["vulnerable"]),
        (&json!("N"), &json!("NS"))
    );
    assert_eq!(
        board["hands"]["N"],
        json!({"S": "765", "H": "432", "D": "AKQJ", "C": "T98"})
    );
    assert_eq!(
        board["hands"]["E"],
        json!({"S": "432", "H": "765", "D": "T98", "C": "AKQJ"})
    );
    assert_eq!(board["players"]["S"], "Sue");
    assert_eq!(
        board["auction"]["calls"],
        json!(["1S", "Pass", "4S", "X", "Pass", "Pass", "Pass"])
    );
    assert_eq!(board["auction"]["alerts"][0], true);
    assert_eq!(board["auction"]["notes"]["1"], "five cards");
    assert_eq!(
        (&board["contract"], &board["declarer"]),
        (&json!("4SX"), &json!("N"))
    );
    assert_eq!(board["result"], 10);
    assert_eq!(board["play"]["leader"], "E");
    assert_eq!(board["play"]["tricks"][0], json!(["CA", "C2", "C5", "CT"]));
    assert_eq!(board["play"]["winners"][0], "E");
    let url = board["handviewer"].as_str().expect("a handviewer link");
    assert!(url.contains("&a=1SP4SDPPP"), "{url}");
    // The second line is board 8.
    let second = h
        .request(
            "kibitzer/board",
            json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 3}}),
        )
        .await;
    assert_eq!(second["board"], "8");
}

#[tokio::test]
async fn a_pasted_handviewer_address_is_checked_and_drawn_on_hover() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    // Board 7 of `LIN`, then the same hands as a handviewer address with the ace of spades
    // given to East too, then an address that is no board.
    let first = LIN.lines().next().unwrap();
    let text = format!(
        "{first}\nhttps://www.bridgebase.com/tools/handviewer.html?n=SAKQJHT98D765C432&e=SAH765D432CAKQJ&d=n\nhttps://www.bridgebase.com/\n"
    );
    let diagnostics = h.open("lin", &text).await;
    let on_line = |line: u64| -> Vec<&str> {
        diagnostics
            .iter()
            .filter(|d| d["range"]["start"]["line"] == line)
            .filter_map(|d| d["code"].as_str())
            .collect()
    };
    assert!(on_line(1).contains(&"D203"), "{diagnostics:?}");
    assert_eq!(on_line(2), ["L710"], "{diagnostics:?}");
    let hover = h.at("textDocument/hover", 1, 20).await;
    let shown = hover["contents"]["value"].as_str().unwrap_or("");
    assert!(
        shown.contains("handviewer") && shown.contains("North"),
        "{shown}"
    );
}

#[tokio::test]
async fn quick_fixes_close_a_pair_and_mend_a_result() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let text = "vg|Final,1,I,1,1,A,0,B,0|\nrs|4SN+1,|\npn|s,w,n,e,S,W,N,E|pg||\nqx|o1|md|3SAKQJHT98D765C432,ST98HAKQJD432C765,S765H432DAKQJCT98,|sv|o|mb|1s|mb|p|mb|4s|mb|p|mb|p|mb|p|pc|ca|pc|c2|pc|c5|pc|ct|mc|10|\nqx|o2|mb|p\n";
    let diagnostics = h.open("lin", text).await;
    let codes: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert!(
        codes.contains(&"L709") && codes.contains(&"L702"),
        "{codes:?}"
    );
    // The cursor on the result, then on the unclosed pair.
    let edit = h.quick_fix_edit(1, 4, "Write the result as `4SN=`").await;
    assert_eq!(edit["newText"], "=");
    assert_eq!(edit["range"]["start"], json!({"line": 1, "character": 6}));
    assert_eq!(edit["range"]["end"], json!({"line": 1, "character": 8}));
    let edit = h.quick_fix_edit(4, 8, "Close the pair with `|`").await;
    assert_eq!(edit["newText"], "|");
    assert_eq!(edit["range"]["start"], json!({"line": 4, "character": 10}));
}
