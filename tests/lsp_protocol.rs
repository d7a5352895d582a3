//! The language server at the protocol level, in process: JSON requests in, JSON out.

mod lsp_harness;

use kibitzer::ide::diagram::DOUBLE_DUMMY_HEADING;
use lsp_harness::{edit, Harness};
use serde_json::{json, Value};

const URI: &str = "file:///nowhere/test.pbn";

/// No debounce, and only warnings and errors: the fixture's accented and emoji name (S009) and
/// its board-rotation hints (X802) are expected and not what these tests look at.
fn fast() -> Value {
    json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "warning"}})
}

const GAME: &str = "[Event \"Zoë's €uro 😀 cup\"]\n[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Declarer \"N\"]\n[Contract \"4SX\"]\n[Result \"10\"]\n[Auction \"N\"]\n1S =1= Pass 4S X\nAP\n[Note \"1:five cards\"]\n[Play \"E\"]\nCA CT C5 C2\nH7 H4 HA HT\n";

#[tokio::test]
async fn negotiates_the_position_encoding() {
    let utf8 = json!({"general": {"positionEncodings": ["utf-16", "utf-8"]}});
    let (_, init) = Harness::start(URI, utf8, json!({})).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let utf32 = json!({"general": {"positionEncodings": ["utf-32", "utf-16"]}});
    let (_, init) = Harness::start(URI, utf32, json!({})).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-32");
    let (_, init) = Harness::start(URI, json!({}), json!({})).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["capabilities"]["textDocumentSync"]["change"], 2);
    // No space among the triggers: Enter after a call must end the line, not pick a call. `|`
    // opens LIN's calls and cards after `mb|` and `pc|`.
    let triggers = &init["capabilities"]["completionProvider"]["triggerCharacters"];
    assert_eq!(triggers, &json!(["[", "\"", "=", "|"]));
}

#[tokio::test]
async fn the_deal_hover_fits_twelve_lines_with_every_hand() {
    let mut options = fast();
    options["doubleDummy"] = json!({"enabled": false});
    let (mut h, _) = Harness::start(URI, json!({}), options).await;
    h.open("pbn", GAME).await;
    for character in [1, 8, 30] {
        let hover = h.at("textDocument/hover", 4, character).await;
        let text = hover["contents"]["value"].as_str().unwrap();
        assert!(
            text.lines().count() <= 12,
            "{} lines:\n{text}",
            text.lines().count()
        );
        for seat in ["North", "East", "South", "West"] {
            assert!(text.contains(seat), "{seat} missing:\n{text}");
        }
        assert!(text.contains("♠ A K Q J  ♥ 10 9 8"), "{text}");
    }
}

#[tokio::test]
async fn utf16_edit_after_an_emoji_lands_where_the_client_means() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    assert!(h.open("pbn", GAME).await.is_empty());
    // `[Event "Zoë's €uro 😀` is 21 UTF-16 units: insert a tab inside the string just after the
    // emoji.
    h.change(2, json!([edit(0, 21, 0, 21, "\t")])).await;
    let diagnostics = h.diagnostics(2).await;
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "S005");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 0, "character": 21})
    );
    assert_eq!(
        diagnostics[0]["range"]["end"],
        json!({"line": 0, "character": 22})
    );
    // The same text in UTF-8 columns: the emoji ends at byte 26.
    let (mut h8, _) = Harness::start(
        URI,
        json!({"general": {"positionEncodings": ["utf-8"]}}),
        fast(),
    )
    .await;
    h8.open("pbn", GAME).await;
    h8.change(2, json!([edit(0, 26, 0, 26, "\t")])).await;
    let diagnostics = h8.diagnostics(2).await;
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 0, "character": 26})
    );
    // A position inside the emoji's surrogate pair means its start.
    h.change(3, json!([edit(0, 20, 0, 20, "x")])).await;
    let hover = h.at("textDocument/hover", 0, 1).await;
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("Event"));
}

#[tokio::test]
async fn crlf_document_positions_and_edits() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let crlf = GAME.replace('\n', "\r\n");
    assert!(h.open("pbn", &crlf).await.is_empty());
    // Break the Board tag on line 1 (after `[Board "7"`, delete the `]`).
    h.change(2, json!([edit(1, 10, 1, 11, "")])).await;
    let diagnostics = h.diagnostics(2).await;
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 1);
    // Put it back; then hover on line 13 (the first play line) still finds the card.
    h.change(3, json!([edit(1, 10, 1, 10, "]")])).await;
    assert!(h.diagnostics(3).await.is_empty());
    let hover = h.at("textDocument/hover", 13, 1).await;
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("♣A") && text.contains("Trick 1"), "{text}");
}

#[tokio::test]
async fn stale_and_bad_changes_never_break_the_document() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", GAME).await;
    h.change(2, json!([edit(1, 0, 1, 0, "[Oops\n")])).await;
    assert_eq!(h.diagnostics(2).await.len(), 1);
    // A stale version is ignored.
    h.change(2, json!([edit(0, 0, 0, 0, "garbage ")])).await;
    let log = h.next("window/logMessage").await;
    assert!(log["message"].as_str().unwrap().contains("stale"), "{log}");
    // A range past the end is logged, not applied.
    h.change(3, json!([edit(999, 0, 999, 3, "x")])).await;
    let log = h.next("window/logMessage").await;
    assert!(
        log["message"].as_str().unwrap().contains("does not fit"),
        "{log}"
    );
    assert_eq!(h.diagnostics(3).await.len(), 1);
    // The document is intact: undo the first edit and everything is clean.
    h.change(4, json!([edit(1, 0, 2, 0, "")])).await;
    assert!(h.diagnostics(4).await.is_empty());
    // Several changes in one notification apply in order; a full replacement too.
    h.change(5, json!([edit(0, 0, 0, 0, "{a}"), edit(0, 3, 0, 3, "\n")]))
        .await;
    assert!(h.diagnostics(5).await.is_empty());
    h.change(6, json!([{"text": "[Board \"1\"\n"}])).await;
    assert_eq!(h.diagnostics(6).await.len(), 1);
}

#[tokio::test]
async fn hover_shows_the_diagram_the_call_the_card_and_the_score() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", GAME).await;
    let deal = h.at("textDocument/hover", 4, 2).await;
    let text = deal["contents"]["value"].as_str().unwrap();
    assert!(text.contains("North (dealer) vul · 10 HCP"), "{text}");
    assert!(text.contains("♥ 10 9 8"), "{text}");
    let call = h.at("textDocument/hover", 9, 1).await;
    assert!(call["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("Note 1: five cards"));
    assert_eq!(
        call["range"],
        json!({"start": {"line": 9, "character": 0}, "end": {"line": 9, "character": 2}})
    );
    let score = h.at("textDocument/hover", 6, 3).await;
    assert!(score["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("NS +790"));
    let nothing = h.at("textDocument/hover", 400, 0).await;
    assert!(nothing.is_null());
}

#[tokio::test]
async fn completion_offers_legal_calls_and_playable_cards() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", GAME).await;
    // A new auction line after `AP` is finished: nothing. Instead complete after `1S =1= `.
    let items = h.at("textDocument/completion", 9, 7).await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(&labels[..2], ["Pass", "X"], "{labels:?}");
    assert!(!labels.contains(&"1C"));
    // A third trick: West won the second, so West leads; the columns are E S W N, so column 0 is
    // East, who holds 11 cards and may play any (West has not led yet).
    h.change(2, json!([edit(15, 0, 15, 0, "H")])).await;
    h.diagnostics(2).await;
    let items = h.at("textDocument/completion", 15, 1).await;
    assert_eq!(items.as_array().unwrap().len(), 11, "{items}");
    let text_edit = &items[0]["textEdit"];
    assert_eq!(
        text_edit["range"]["start"],
        json!({"line": 15, "character": 0})
    );
    // With West's lead written (column 3 of the row is North…): `- - S2` makes West lead a
    // spade, and East (column 0) must follow with one of its three spades.
    h.change(3, json!([edit(15, 0, 15, 1, "D7 D4 S2 ")])).await;
    h.diagnostics(3).await;
    let items = h.at("textDocument/completion", 15, 0).await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["ST", "S9", "S8"]);
}

/// Past 2,000 games the outline lists the games alone: an editor reads the whole outline again
/// after every edit.
#[tokio::test]
async fn the_outline_of_a_long_file_lists_its_games_without_their_sections() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    for (games, sections) in [(2000, true), (2001, false)] {
        let text: Vec<String> = (1..=games)
            .map(|n| GAME.replace("Board \"7\"", &format!("Board \"{n}\"")))
            .collect();
        h.open("pbn", &text.join("\n")).await;
        let symbols = h
            .request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": URI}}),
            )
            .await;
        let symbols = symbols.as_array().expect("symbols");
        assert_eq!(symbols.len(), games);
        let with_sections = symbols
            .iter()
            .filter(|s| s["children"].as_array().is_some_and(|c| !c.is_empty()))
            .count();
        assert_eq!(with_sections, if sections { games } else { 0 });
    }
}

#[tokio::test]
async fn folding_ranges_keep_to_the_clients_limit() {
    // VS Code keeps its first 5,000 (`editor.foldingMaximumRegions`) and says so: the rest
    // would be sent, and read by its extension host, after every edit for nothing.
    let capabilities = json!({"textDocument": {"foldingRange": {"rangeLimit": 3}}});
    let (mut h, _) = Harness::start(URI, capabilities, fast()).await;
    let two = format!("{GAME}\n{}", GAME.replace("Board \"7\"", "Board \"8\""));
    h.open("pbn", &two).await;
    let folds = h
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let lines: Vec<&Value> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| &f["startLine"])
        .collect();
    // The first three of the text, the first game's whole range among them.
    assert_eq!(lines.len(), 3, "{folds}");
    assert_eq!(
        folds[0],
        json!({"startLine": 0, "endLine": 14, "kind": "region"})
    );
    assert!(lines.iter().all(|l| l.as_u64() < Some(16)), "{folds}");
}

#[tokio::test]
async fn outline_folding_tokens_navigation_hints() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open(
        "pbn",
        &format!("{GAME}\n{}", GAME.replace("Board \"7\"", "Board \"8\"")),
    )
    .await;
    let symbols = h
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    assert_eq!(symbols[0]["name"], "Board 7 · 4♠X by N · 10 tricks");
    assert_eq!(symbols[1]["name"], "Board 8 · 4♠X by N · 10 tricks");
    assert_eq!(symbols[1]["range"]["start"]["line"], 16);
    assert_eq!(symbols[0]["children"][1]["name"], "Auction");
    let folds = h
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    assert_eq!(
        folds[0],
        json!({"startLine": 0, "endLine": 14, "kind": "region"})
    );
    let all_folds = folds.as_array().unwrap().len();
    assert!(all_folds > 3, "{folds}");
    let tokens = h
        .request(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first token is the tag name `Event` at line 0, column 1, five long, type 0 (property).
    assert_eq!(
        &data[..5],
        &[json!(0), json!(1), json!(5), json!(0), json!(0)]
    );
    let definition = h.at("textDocument/definition", 9, 4).await;
    assert_eq!(
        definition["range"]["start"],
        json!({"line": 11, "character": 0})
    );
    let refs = h
        .request(
            "textDocument/references",
            json!({"textDocument": {"uri": URI}, "position": {"line": 11, "character": 3}, "context": {"includeDeclaration": false}}),
        )
        .await;
    assert_eq!(refs.as_array().unwrap().len(), 1);
    assert_eq!(
        refs[0]["range"]["start"],
        json!({"line": 9, "character": 3})
    );
    let hints = h
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 15, "character": 0}}}),
        )
        .await;
    let labels: Vec<&str> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["10", "10", "10", "10", "→ E", "→ W"]);
    let actions = h
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}, "context": {"diagnostics": []}}),
        )
        .await;
    assert!(actions.as_array().is_some());
}

#[tokio::test]
async fn settings_from_configuration_and_shutdown_with_null_params() {
    let capabilities = json!({"workspace": {"configuration": true}});
    let (mut h, _) = Harness::start(
        URI,
        capabilities,
        json!({"kibitzer": {"diagnostics": {"debounceMs": 0}}}),
    )
    .await;
    let request = h.next("workspace/configuration").await;
    assert_eq!(request["items"][0]["section"], "kibitzer");
    h.open("pbn", "[Board \"1\"\n").await;
    *h.configuration.lock().unwrap() =
        json!({"check": {"minSeverity": "error"}, "diagnostics": {"debounceMs": 0}});
    h.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    )
    .await;
    h.next("workspace/configuration").await;
    h.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"kibitzer": {"check": {"minSeverity": "warning"}}}}),
    )
    .await;
    let republished = h.next("textDocument/publishDiagnostics").await;
    assert_eq!(republished["diagnostics"].as_array().unwrap().len(), 1);
    let response = h
        .send(json!({"jsonrpc": "2.0", "id": 99, "method": "shutdown", "params": null}))
        .await
        .unwrap();
    assert_eq!(
        response,
        json!({"jsonrpc": "2.0", "id": 99, "result": null})
    );
}

/// Applies LSP text edits (UTF-16 positions, ASCII text here) to `text`.
fn apply_edits(text: &str, edits: &[Value]) -> String {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| {
        line_starts[p["line"].as_u64().unwrap() as usize]
            + p["character"].as_u64().unwrap() as usize
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new_text) in spans {
        out.replace_range(start..end, &new_text);
    }
    out
}

#[tokio::test]
async fn game_checks_with_quick_fixes_and_unused_notes() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let diagnostics = h
        .open(
            "pbn",
            "[Dealer \"N\"]\n[Board \"1\"]\n[Auction \"N\"]\n1S P Pass Pass\n[Note \"1:unused\"]\n",
        )
        .await;
    let codes: Vec<&str> = diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["A301", "N402"], "{diagnostics:?}");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 3, "character": 3})
    );
    // The unused note is marked so that editors fade it.
    assert_eq!(diagnostics[1]["tags"], json!([1]));
    let actions = h
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": diagnostics[0]["range"], "context": {"diagnostics": [diagnostics[0]]}}),
        )
        .await;
    let fix = &actions[0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["title"], "Replace `P` with `Pass`");
    let edits = &fix["edit"]["changes"][URI];
    assert_eq!(edits[0]["newText"], "Pass");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 3, "character": 3})
    );
}

#[tokio::test]
async fn fix_all_on_request_applies_every_safe_fix_of_the_selected_codes_and_nothing_else() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    // Two games with robot spellings, a Contract that disagrees with the auction (its fix is
    // unsafe: it changes what the file says), and no line end at the end (S011, a hint).
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Contract \"2S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\nP 1N P P\nP\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\"]\n1s P 2s AP";
    h.open("pbn", text).await;
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}});
    let ask = |only: Value| json!({"textDocument": {"uri": URI}, "range": whole, "context": {"diagnostics": [], "only": only}});
    // The cursor's lightbulb does not ask for it (it would check the whole file each time).
    let plain = h
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": URI}, "range": whole, "context": {"diagnostics": []}}),
        )
        .await;
    assert!(
        plain
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["kind"] != "source.fixAll.kibitzer"),
        "{plain}"
    );
    for only in [
        json!(["source.fixAll.kibitzer"]),
        json!(["source.fixAll"]),
        json!(["source"]),
    ] {
        let actions = h
            .request("textDocument/codeAction", ask(only.clone()))
            .await;
        let fix_all: Vec<&Value> = actions
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["kind"] == "source.fixAll.kibitzer")
            .collect();
        assert_eq!(fix_all.len(), 1, "{only}: {actions}");
        let edits = fix_all[0]["edit"]["changes"][URI].as_array().unwrap();
        let fixed = apply_edits(text, edits);
        assert_eq!(
            fixed,
            "[Board \"1\"]\n[Dealer \"N\"]\n[Contract \"2S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\nPass 1NT Pass Pass\nPass\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\"]\n1s Pass 2s AP\n",
            "{only}"
        );
        // Only the lines that change are sent.
        assert!(edits.len() <= 3, "{edits:?}");
    }
    // Asked for another kind, or with nothing to fix, there is no such action.
    let other = h
        .request("textDocument/codeAction", ask(json!(["refactor"])))
        .await;
    assert!(other.as_array().unwrap().is_empty(), "{other}");
    h.change(2, json!([{"text": "[Board \"1\"]\n"}])).await;
    let clean = h
        .request("textDocument/codeAction", ask(json!(["source.fixAll"])))
        .await;
    assert!(clean.as_array().unwrap().is_empty(), "{clean}");
}

#[tokio::test]
async fn formatting_gives_one_edit_per_changed_game() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let text =
        "[Dealer \"n\"]\n[Board \"1\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n\n\n[Board \"2\"]\n";
    h.open("pbn", text).await;
    let edits = h
        .request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    let edits = edits.as_array().unwrap();
    assert!(!edits.is_empty() && edits.len() <= 2, "{edits:?}");
    assert_eq!(
        apply_edits(text, edits),
        "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n\n[Board \"2\"]\n"
    );
}

#[tokio::test]
async fn formatting_says_which_game_it_left_as_written_and_why() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let text = "[Event \"x\"]\n[Board \"1\"\n\n[Event  \"y\"]\n";
    h.open("pbn", text).await;
    let format =
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}});
    let edits = h.request("textDocument/formatting", format.clone()).await;
    // The second game is formatted; the first, whose tag pair is not closed, is kept.
    assert_eq!(
        apply_edits(text, edits.as_array().unwrap()),
        "[Event \"x\"]\n[Board \"1\"\n\n[Event \"y\"]\n"
    );
    let said = h.next("window/showMessage").await;
    assert_eq!(said["type"], 2, "{said}");
    let message = said["message"].as_str().unwrap();
    assert!(
        message.contains("1 game left as written") && message.contains("line 2: S002"),
        "{message}"
    );
}

/// A game without a syntax error that the formatter cannot rewrite (a call that is no PBN
/// call) is said too, with the error that keeps it.
#[tokio::test]
async fn formatting_says_a_game_it_cannot_rewrite_is_left_as_written() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1S P 2S P\nP P\n";
    h.open("pbn", text).await;
    let format =
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}});
    let edits = h.request("textDocument/formatting", format).await;
    assert_eq!(edits.as_array().map_or(0, Vec::len), 0, "{edits}");
    let said = h.next("window/showMessage").await;
    let message = said["message"].as_str().unwrap_or_default();
    assert!(message.contains("line 4: A301"), "{message}");
}

#[tokio::test]
async fn inheritance_follows_edits_to_earlier_games() {
    let settings = json!({"diagnostics": {"debounceMs": 0}, "check": {"minSeverity": "info"}});
    let (mut h, _) = Harness::start(URI, json!({}), settings).await;
    let diagnostics = h
        .open(
            "pbn",
            "[Event \"Club\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n",
        )
        .await;
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    // Deleting the first game's Event leaves the second game's `#` nothing to inherit.
    h.change(2, json!([edit(0, 0, 1, 0, "")])).await;
    let diagnostics = h.diagnostics(2).await;
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "T104");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 2, "character": 8})
    );
}

#[tokio::test]
async fn full_semantic_tokens_of_a_huge_document_cover_its_beginning_only() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    // About 5.5 MB: past the 1 MiB that a full request covers.
    let game = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n\n";
    let text = game.repeat(5_500_000 / game.len());
    let lines = text.lines().count() as u64;
    h.open("pbn", &text).await;
    let tokens = h
        .request(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        )
        .await;
    let data = tokens["data"].as_array().expect("token data");
    assert!(!data.is_empty());
    // Every fifth number is a line delta: their sum is the last token's line.
    let last_line: u64 = data.iter().step_by(5).map(|n| n.as_u64().unwrap()).sum();
    assert!(last_line > 1000, "the beginning is covered: {last_line}");
    assert!(
        last_line < lines * 8 / 10,
        "not the whole document: {last_line} of {lines}"
    );
}

/// `kibitzer/board` at a position of the test document.
async fn board_at(h: &mut Harness, line: u32, character: u32) -> Value {
    h.request(
        "kibitzer/board",
        json!({"textDocument": {"uri": h.uri}, "position": {"line": line, "character": character}}),
    )
    .await
}

#[tokio::test]
async fn the_board_request_gives_hands_auction_contract_and_play_in_pbn_spelling() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", &format!("{GAME}\n[Event \"second\"]\n"))
        .await;
    let board = board_at(&mut h, 9, 2).await;
    assert_eq!(board["notation"], "pbn");
    assert_eq!(board["board"], "7");
    assert_eq!(
        (&board["dealer"], &board["vulnerable"]),
        (&json!("N"), &json!("NS"))
    );
    assert_eq!(
        board["hands"]["N"],
        json!({"S": "AKQJ", "H": "T98", "D": "765", "C": "432"})
    );
    assert_eq!(board["hands"]["W"]["C"], "765");
    assert_eq!(board["auction"]["first"], "N");
    assert_eq!(
        board["auction"]["calls"],
        json!(["1S", "Pass", "4S", "X", "AP"])
    );
    assert_eq!(board["auction"]["callNotes"][0], 1);
    assert_eq!(board["auction"]["notes"]["1"], "five cards");
    assert_eq!(
        (&board["contract"], &board["declarer"]),
        (&json!("4SX"), &json!("N"))
    );
    assert_eq!(board["result"], 10);
    assert_eq!(board["play"]["leader"], "E");
    assert_eq!(
        board["play"]["tricks"],
        json!([["CA", "CT", "C5", "C2"], ["H7", "H4", "HA", "HT"]])
    );
    assert_eq!(board["play"]["seats"][0], json!(["E", "S", "W", "N"]));
    // The ace of clubs wins the first trick, the ace of hearts the second (spades are trumps).
    assert_eq!(board["play"]["winners"], json!(["E", "W"]));
    assert_eq!(board["hcp"], json!({"N": 10, "E": 10, "S": 10, "W": 10}));
    assert!(board["doubleDummy"].is_null());
    let url = board["handviewer"].as_str().expect("a handviewer link");
    assert!(
        url.starts_with("https://www.bridgebase.com/tools/handviewer.html?"),
        "{url}"
    );
    for field in [
        "n=SAKQJHT98D765C432",
        "w=S432HAKQJDT98C765",
        "d=n",
        "v=n",
        "b=7",
        "a=1SP4SDPPP",
        "p=CACTC5C2H7H4HAHT",
    ] {
        assert!(
            url.split(['?', '&']).any(|f| f == field),
            "{field} in {url}"
        );
    }
    // The second game has no deal or auction; the blank line between them is in no board.
    let second = board_at(&mut h, 16, 2).await;
    assert!(
        second["hands"]["N"].is_null() && second["auction"].is_null(),
        "{second}"
    );
    assert!(board_at(&mut h, 15, 0).await.is_null());
}

/// The hover's text at a position.
async fn hover_text(h: &mut Harness, line: u32, character: u32) -> String {
    let hover = h.at("textDocument/hover", line, character).await;
    hover["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[tokio::test]
async fn the_deal_hover_adds_the_double_dummy_table_once_solved_and_never_waits_for_it() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", GAME).await;
    let first = hover_text(&mut h, 4, 8).await;
    // The diagram comes first, within the twelve lines an editor shows; the table below it.
    let diagram = first.split("\n\n").next().unwrap();
    assert!(diagram.lines().count() <= 12, "{first}");
    assert!(first.contains("solving in the background"), "{first}");
    let mut latencies = Vec::new();
    let solved = loop {
        let t = std::time::Instant::now();
        let text = hover_text(&mut h, 4, 8).await;
        latencies.push(t.elapsed());
        if text.contains(DOUBLE_DUMMY_HEADING) {
            break text;
        }
        assert!(latencies.len() < 6000, "not solved in a minute");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    latencies.sort();
    eprintln!(
        "hover while solving: {} hovers, median {:?}, max {:?}",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );
    // The table has four rows, one a declarer, and par comes under the diagram; all of it
    // within the twelve lines an editor shows of a hover.
    let table = double_dummy_of(&solved);
    for seat in ["N   ", "S   ", "E   ", "W   "] {
        assert!(table.lines().any(|l| l.starts_with(seat)), "{solved}");
    }
    assert!(solved.contains("\nPar "), "{solved}");
    let shown = solved.lines().filter(|l| !l.starts_with("```")).count();
    assert!(shown <= 12, "{shown} lines:\n{solved}");
    // The board request carries the same results now.
    let board = board_at(&mut h, 4, 8).await;
    let dd = &board["doubleDummy"];
    assert_eq!(
        dd["tricks"].as_object().map(|t| t.len()),
        Some(4),
        "{board}"
    );
    assert!(dd["parScore"].is_i64(), "{board}");
    // Hovering elsewhere says nothing of double dummy.
    assert!(!hover_text(&mut h, 6, 3)
        .await
        .contains(DOUBLE_DUMMY_HEADING));
}

/// The double-dummy table of a deal hover (each row from the heading's column on) and the
/// lines under the diagram (par).
fn double_dummy_of(hover: &str) -> String {
    let mut column = None;
    let mut out = Vec::new();
    let mut after_block = false;
    for line in hover.lines() {
        if line.starts_with("```") {
            after_block = column.is_some();
            continue;
        }
        if column.is_none() {
            if let Some(at) = line.find(DOUBLE_DUMMY_HEADING) {
                column = Some(line[..at].chars().count());
            }
        }
        match column {
            _ if after_block => out.push(line.to_string()),
            Some(column) => {
                // Par stands left of the table's last row.
                let left: String = line.chars().take(column).collect();
                if left.starts_with("Par ") {
                    out.push(left.trim_end().to_string());
                }
                out.push(line.chars().skip(column).collect());
            }
            None => {}
        }
    }
    out.join("\n")
}

/// The double-dummy part of the hover at a position, once solved (asked again until it is).
async fn solved_double_dummy(h: &mut Harness, line: u32, character: u32) -> String {
    for _ in 0..6000 {
        let text = hover_text(h, line, character).await;
        if text.contains(DOUBLE_DUMMY_HEADING) {
            return double_dummy_of(&text);
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("not solved in a minute");
}

#[tokio::test]
async fn an_rbn_or_lin_deal_hover_shows_the_same_double_dummy_table_and_par_as_its_pbn_twin() {
    let (mut h, _) = Harness::start(URI, json!({}), fast()).await;
    h.open("pbn", GAME).await;
    let pbn = solved_double_dummy(&mut h, 4, 8).await;
    assert!(pbn.contains("\nPar "), "{pbn}");
    for (uri, language, notation) in [
        ("file:///nowhere/test.rbn", "rbn", kibitzer::Notation::Rbn),
        ("file:///nowhere/test.lin", "lin", kibitzer::Notation::Lin),
    ] {
        let twin = kibitzer::Notation::Pbn.convert(GAME, notation).text;
        // The line of the deal: RBN's H field, LIN's md pair (on the board's one line).
        let (line, character) = match language {
            "rbn" => {
                let row = twin.lines().position(|l| l.starts_with("H ")).unwrap();
                (row as u32, 3)
            }
            _ => {
                let row = twin.lines().position(|l| l.contains("md|")).unwrap();
                let column = twin.lines().nth(row).unwrap().find("md|").unwrap();
                (row as u32, column as u32 + 4)
            }
        };
        let (mut h, _) = Harness::start(uri, json!({}), fast()).await;
        h.open(language, &twin).await;
        let theirs = solved_double_dummy(&mut h, line, character).await;
        assert_eq!(theirs, pbn, "{language}:\n{twin}");
        // Hovering elsewhere in the board says nothing of double dummy.
        let elsewhere = match language {
            "rbn" => twin.lines().position(|l| l.starts_with("A ")).unwrap() as u32,
            _ => line,
        };
        let column = if language == "lin" { 1 } else { 0 };
        assert!(!hover_text(&mut h, elsewhere, column)
            .await
            .contains(DOUBLE_DUMMY_HEADING));
    }
}

#[tokio::test]
async fn with_check_double_dummy_a_wrong_table_cell_is_published_once_solved() {
    let mut options = fast();
    options["check"]["doubleDummy"] = json!(true);
    let (mut h, _) = Harness::start(URI, json!({}), options).await;
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/corpus/pbn/bridge-pbn__three_test_records.pbn"),
    )
    .unwrap()
    .replacen("N  H 11", "N  H 10", 1);
    let first = h.open("pbn", &text).await;
    assert!(first.iter().all(|d| d["code"] != "O101"));
    let found = loop {
        let params = h.next("textDocument/publishDiagnostics").await;
        let diagnostics = params["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if let Some(d) = diagnostics.iter().find(|d| d["code"] == "O101") {
            break d.clone();
        }
    };
    assert_eq!(found["range"]["start"]["line"], 57);
    assert!(found["message"]
        .as_str()
        .unwrap()
        .contains("North takes 10 tricks in hearts"));
}

/// Not a timing assertion: prints how fast hovers are answered while the pool solves 500 deals
/// (the figure the double-dummy work promises: a median well under 10 ms).
#[tokio::test]
async fn hovers_are_answered_while_hundreds_of_deals_are_solved() {
    let mut options = fast();
    options["check"]["doubleDummy"] = json!(true);
    let (mut h, _) = Harness::start(URI, json!({}), options).await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pbn/Bridge-Robot-Utilities__Cappelletti-BBO.pbn");
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    h.open("pbn", &text).await;
    let deal_line = text.lines().position(|l| l.starts_with("[Deal ")).unwrap() as u32;
    let mut latencies = Vec::new();
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(3) {
        let t = std::time::Instant::now();
        let text = hover_text(&mut h, deal_line, 8).await;
        latencies.push(t.elapsed());
        assert!(text.contains("North"), "{text}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    latencies.sort();
    eprintln!(
        "hover while the pool solves: {} hovers, median {:?}, p95 {:?}, max {:?}",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies[latencies.len() * 95 / 100],
        latencies[latencies.len() - 1]
    );
}

/// The play analysis's hints of `text` opened as `language` at `uri`, once the analysis is done
/// (none before it): (line, character, label, whether set apart from the text after it) of each.
async fn play_analysis_hints(
    uri: &'static str,
    language: &str,
    text: &str,
) -> Vec<(u64, u64, String, bool)> {
    let capabilities = json!({"workspace": {"inlayHint": {"refreshSupport": true}}});
    let mut options = fast();
    options["doubleDummy"] = json!({"playAnalysis": true});
    let (mut h, _) = Harness::start(uri, capabilities, options).await;
    h.open(language, text).await;
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 30, "character": 0}});
    let params = json!({"textDocument": {"uri": h.uri}, "range": range});
    let labels = |hints: &Value| -> Vec<(u64, u64, String, bool)> {
        hints
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["label"].as_str().unwrap().starts_with('−'))
            .map(|h| {
                (
                    h["position"]["line"].as_u64().unwrap(),
                    h["position"]["character"].as_u64().unwrap(),
                    h["label"].as_str().unwrap().to_string(),
                    h["paddingRight"].as_bool().unwrap_or(false),
                )
            })
            .collect()
    };
    let first = h.request("textDocument/inlayHint", params.clone()).await;
    assert!(labels(&first).is_empty(), "{first}");
    h.next("workspace/inlayHint/refresh").await;
    let again = h.request("textDocument/inlayHint", params).await;
    labels(&again)
}

/// A board whose West gave declarer a ninth trick with the lead of H3 to trick 3.
const PLAYED: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKT5.62.873.T873 J6.QT854.QJ62.J2 Q974.AKJ.T54.A95 832.973.AK9.KQ64\"]\n[Declarer \"N\"]\n[Contract \"2S\"]\n[Result \"9\"]\n[Play \"E\"]\nDQ DT D9 D3\nD2 D5 DK D8\nHQ HA H3 H6\nS6 S7 S2 SA\nSJ SQ S8 S5\nHT HK H7 H2\nH8 S9 S3 SK\nC2 CA C6 C3\nH5 HJ H9 D7\nCJ C5 CQ C7\nH4 C9 CK C8\nDJ D4 C4 CT\nD6 S4 DA ST\n";

#[tokio::test]
async fn play_analysis_hints_mark_the_card_that_gave_a_trick_away() {
    let hints = play_analysis_hints(URI, "pbn", PLAYED).await;
    // West's H3, the lead to trick 3 (line 10, third column), gave declarer a ninth trick. A
    // space follows it, so the hint needs none of its own after it.
    assert_eq!(hints, [(10, 8, "−1".to_string(), false)]);
}

#[tokio::test]
async fn play_analysis_hints_mark_the_same_card_in_rbn_and_lin() {
    // The same board as `kibitzer convert` writes it (LIN with an auction, which gives its
    // contract).
    const RBN: &str = "% RBN 2.2\nB 1\nH N:AKT5.62.873.T873:J6.QT854.QJ62.J2:Q974.AKJ.T54.A95:832.973.AK9.KQ64\nC 2S:N\nP E:DQT93:D25K8:H36QA:S72A6:S5JQ8:HK72T:S93KH8:C32A6:HJ9D75:C5Q7J:CK8H49:C4TDJD4:STD64DA\nR 9\n";
    const LIN: &str = "st||md|3SQ974HAKJDT54CA95,S832H973DAK9CKQ64,SAKT5H62D873CT873,SJ6HQT854DQJ62CJ2|rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|2S|mb|p|mb|p|mb|p|pg||pc|DQ|pc|DT|pc|D9|pc|D3|pg||pc|D2|pc|D5|pc|DK|pc|D8|pg||pc|H3|pc|H6|pc|HQ|pc|HA|pg||pc|S7|pc|S2|pc|SA|pc|S6|pg||pc|S5|pc|SJ|pc|SQ|pc|S8|pg||pc|HK|pc|H7|pc|H2|pc|HT|pg||pc|S9|pc|S3|pc|SK|pc|H8|pg||pc|C3|pc|C2|pc|CA|pc|C6|pg||pc|HJ|pc|H9|pc|D7|pc|H5|pg||pc|C5|pc|CQ|pc|C7|pc|CJ|pg||pc|CK|pc|C8|pc|H4|pc|C9|pg||pc|C4|pc|CT|pc|DJ|pc|D4|pg||pc|ST|pc|D6|pc|S4|pc|DA|pg||\n";
    for (uri, language, text, card) in [
        ("file:///nowhere/played.rbn", "rbn", RBN, ":H3"),
        ("file:///nowhere/played.lin", "lin", LIN, "pc|H3"),
    ] {
        let hints = play_analysis_hints(uri, language, text).await;
        assert_eq!(hints.len(), 1, "{language}: {hints:?}");
        let (line, character, label, set_apart) = &hints[0];
        assert_eq!(label, "−1", "{language}");
        // RBN's next card (`6`) and LIN's `|` follow at once: the hint is set apart from them.
        assert!(set_apart, "{language}");
        let line_text = text.lines().nth(*line as usize).unwrap();
        let before = &line_text[..*character as usize];
        // The hint stands right after West's H3, the lead to trick 3.
        assert!(
            before.ends_with(card),
            "{language}: the hint stands after `{before}`"
        );
    }
}

#[tokio::test]
async fn the_lightbulb_offers_fix_all_and_works_it_out_only_when_chosen() {
    let resolving =
        json!({"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}});
    let (mut h, init) = Harness::start(URI, resolving, fast()).await;
    assert_eq!(
        init["capabilities"]["codeActionProvider"]["resolveProvider"],
        json!(true)
    );
    // `P` and `1N` have safe fixes; the Contract's is unsafe and stays out of "fix all".
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Contract \"2S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\nP 1N P P\nP\n";
    h.open("pbn", text).await;
    let at = |line: u32, character: u32| {
        let place = json!({"line": line, "character": character});
        json!({"textDocument": {"uri": URI}, "range": {"start": place, "end": place},
            "context": {"diagnostics": []}})
    };
    let actions = h.request("textDocument/codeAction", at(5, 0)).await;
    let lazy: Vec<&Value> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["title"] == "Fix all safely fixable problems (Kibitzer)")
        .collect();
    assert_eq!(lazy.len(), 1, "{actions}");
    assert_eq!(lazy[0]["kind"], "quickfix");
    assert!(
        lazy[0].get("edit").is_none(),
        "worked out before it was chosen: {actions}"
    );
    let resolved = h.request("codeAction/resolve", lazy[0].clone()).await;
    let edits = resolved["edit"]["changes"][URI].as_array().unwrap();
    assert_eq!(
        apply_edits(text, edits),
        "[Board \"1\"]\n[Dealer \"N\"]\n[Contract \"2S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\nPass 1NT Pass Pass\nPass\n"
    );
    // Where no finding has a safe fix (the Contract's is unsafe), the lightbulb has none.
    let contract = h.request("textDocument/codeAction", at(2, 12)).await;
    assert!(
        !contract.as_array().unwrap().is_empty(),
        "the Contract's own fix"
    );
    assert!(
        contract
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["title"] != "Fix all safely fixable problems (Kibitzer)"),
        "{contract}"
    );
    // A client that cannot resolve is not offered it (the fix-all of the earlier test).
    let (mut plain, _) = Harness::start(URI, json!({}), fast()).await;
    plain.open("pbn", text).await;
    let actions = plain.request("textDocument/codeAction", at(5, 0)).await;
    assert!(
        actions
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["title"] != "Fix all safely fixable problems (Kibitzer)"),
        "{actions}"
    );
}
