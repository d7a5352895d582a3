// The extension's integration tests. They run inside a real VS Code (the VS Code server that
// code-server ships, driven by scripts/test-vscode.sh) with the real `vscode` API and the real
// kibitzer language server, on copies of test/fixtures/ in a temporary workspace.

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { KibitzerApi } from "../../src/extension";
import { runTests, sleep, Test, waitFor, workspaceRoot } from "./harness";

const EXTENSION_ID = "kibitzer.kibitzer";

function file(name: string): vscode.Uri {
  return vscode.Uri.file(path.join(workspaceRoot(), name));
}

async function open(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(file(name));
  return vscode.window.showTextDocument(doc, { preview: false });
}

async function api(): Promise<KibitzerApi> {
  const ext = vscode.extensions.getExtension<KibitzerApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this VS Code`);
  const exported = ext.isActive ? ext.exports : await ext.activate();
  await exported.ready();
  return exported;
}

/** Position of the `occurrence`-th (0-based) match of `needle` on the line that contains `lineNeedle`. */
function find(doc: vscode.TextDocument, lineNeedle: string, needle: string, occurrence = 0): vscode.Range {
  for (let line = 0; line < doc.lineCount; line++) {
    const text = doc.lineAt(line).text;
    if (!text.includes(lineNeedle)) {
      continue;
    }
    let at = -1;
    for (let i = 0; i <= occurrence; i++) {
      at = text.indexOf(needle, at + 1);
      assert.notEqual(at, -1, `"${needle}" #${occurrence} not on line ${line + 1}: ${text}`);
    }
    return new vscode.Range(line, at, line, at + needle.length);
  }
  throw new Error(`no line contains ${lineNeedle}`);
}

function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  if (c === undefined) {
    return "";
  }
  return typeof c === "object" ? String(c.value) : String(c);
}

function show(r: vscode.Range): string {
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

function describe(ds: readonly vscode.Diagnostic[]): string {
  return ds.map((d) => `${codeOf(d)}@${show(d.range)} ${d.message}`).join("\n  ") || "(none)";
}

async function diagnosticsWith(uri: vscode.Uri, codes: string[], timeoutMs = 20_000): Promise<vscode.Diagnostic[]> {
  try {
    return await waitFor(
      `diagnostics ${codes.join(", ")}`,
      () => {
        const ds = vscode.languages.getDiagnostics(uri);
        return codes.every((c) => ds.some((d) => codeOf(d) === c)) ? ds : undefined;
      },
      timeoutMs,
    );
  } catch (e) {
    throw new Error(`${String(e)}\n  published: ${describe(vscode.languages.getDiagnostics(uri))}`);
  }
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === "string" ? c : c.value))
    .join("\n");
}

function label(item: vscode.CompletionItem): string {
  return typeof item.label === "string" ? item.label : item.label.label;
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration("kibitzer").update(key, value, vscode.ConfigurationTarget.Workspace);
}

/** Saves `doc` after an edit that changes nothing in the end (so that VS Code really writes it),
 * without formatting. */
async function saveUnchanged(doc: vscode.TextDocument): Promise<void> {
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  const end = doc.lineAt(0).range.end;
  assert.ok(await editor.edit((e) => e.insert(end, "x")));
  assert.ok(await editor.edit((e) => e.delete(new vscode.Range(end, end.translate(0, 1)))));
  assert.ok(doc.isDirty, "the document is not dirty: the save would write nothing");
  await vscode.commands.executeCommand("workbench.action.files.saveWithoutFormatting");
  await waitFor("the save", () => (doc.isDirty ? undefined : true));
}

/** The semantic token types on each line of `doc`, as the server's legend names them. */
async function tokenTypesByLine(doc: vscode.TextDocument): Promise<Map<number, string[]>> {
  const legend = await waitFor("the token legend", async () =>
    await vscode.commands.executeCommand<vscode.SemanticTokensLegend | undefined>("vscode.provideDocumentSemanticTokensLegend", doc.uri),
  );
  const tokens = await waitFor("semantic tokens", async () =>
    await vscode.commands.executeCommand<vscode.SemanticTokens | undefined>("vscode.provideDocumentSemanticTokens", doc.uri),
  );
  const out = new Map<number, string[]>();
  let line = 0;
  for (let i = 0; i + 4 < tokens.data.length; i += 5) {
    line += tokens.data[i];
    out.set(line, [...(out.get(line) ?? []), legend.tokenTypes[tokens.data[i + 3]]]);
  }
  return out;
}

const MANDATORY = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"];

function tagNames(text: string): string[] {
  return [...text.matchAll(/^\[([A-Za-z0-9_]+) /gm)].map((m) => m[1]);
}

const tests: Test[] = [
  {
    name: "a .pbn file (and a .PBN one) opens in the language pbn",
    fn: async () => {
      const editor = await open("errors.pbn");
      assert.equal(editor.document.languageId, "pbn");
      fs.writeFileSync(path.join(workspaceRoot(), "SHOUTED.PBN"), '[Event "upper case extension"]\n');
      const upper = await vscode.workspace.openTextDocument(file("SHOUTED.PBN"));
      assert.equal(upper.languageId, "pbn");
    },
  },
  {
    name: "the extension activates and starts the server named by kibitzer.server.path",
    fn: async () => {
      await open("errors.pbn");
      const k = await api();
      const inspect = JSON.stringify(vscode.workspace.getConfiguration("kibitzer").inspect("server.path"));
      assert.equal(k.server()?.source, "setting", `the test settings name the server binary: ${inspect}`);
      assert.equal(k.server()?.command, vscode.workspace.getConfiguration("kibitzer").get("server.path"));
      const client = k.client();
      assert.ok(client, "no language client");
      await waitFor("the client to run", () => (client.isRunning() ? true : undefined));
      assert.equal(client.initializeResult?.serverInfo?.name, "kibitzer");
    },
  },
  {
    name: "words (Ctrl+D, double-click) keep =1=, $5 and 4H whole",
    fn: async () => {
      const editor = await open("colours.pbn");
      for (const [line, word] of [["1H =1= Pass 1S $5", "=1="], ["1H =1= Pass 1S $5", "$5"], ["1D Pass 4H", "4H"]]) {
        const r = find(editor.document, line, word);
        const inside = r.start.translate(0, 1);
        editor.selection = new vscode.Selection(inside, inside);
        await vscode.commands.executeCommand("editor.action.addSelectionToNextFindMatch");
        assert.equal(editor.document.getText(editor.selection), word);
      }
    },
  },
  {
    name: "diagnostics arrive with their codes and ranges",
    fn: async () => {
      const editor = await open("errors.pbn");
      const doc = editor.document;
      const ds = await diagnosticsWith(doc.uri, ["A302", "D203", "S002"]);
      const one = (code: string) => {
        const found = ds.filter((d) => codeOf(d) === code);
        assert.equal(found.length, 1, `one ${code} expected; got\n  ${describe(ds)}`);
        return found[0];
      };
      // A302 insufficient-bid: the bid 1D after 1S.
      const a302 = one("A302");
      assert.equal(show(a302.range), show(find(doc, "1D Pass Pass Pass", "1D")));
      assert.equal(a302.severity, vscode.DiagnosticSeverity.Error);
      // D203 duplicate-card: East's ace of spades, the second occurrence.
      const d203 = one("D203");
      const east = find(doc, "N:A643.KJT8.92.AK3 A.653", " A.653").start.translate(0, 1);
      assert.equal(show(d203.range), show(new vscode.Range(east, east.translate(0, 1))));
      assert.equal(d203.severity, vscode.DiagnosticSeverity.Error);
      // S002 malformed-tag-pair: [Event Club Pairs]; the range stays inside the tag pair and
      // covers the unquoted value.
      const s002 = one("S002");
      const tag = find(doc, "[Event Club Pairs]", "[Event Club Pairs]");
      const value = find(doc, "[Event Club Pairs]", "Club Pairs");
      assert.ok(tag.contains(s002.range) && s002.range.contains(value.start), `S002 at ${show(s002.range)}, the value is at ${show(value)}`);
      // T105 unknown-tag: a hint on the name Vulnerability (a tag no known program writes).
      const t105 = one("T105");
      assert.equal(show(t105.range), show(find(doc, "[Vulnerability", "Vulnerability")));
      assert.equal(t105.severity, vscode.DiagnosticSeverity.Hint);
    },
  },
  ...["check.problemsShown", "check.minSeverity"].map((key) => ({
    name: `kibitzer.${key} reaches the server (hints vanish at warning, come back at hint)`,
    fn: async () => {
      const editor = await open("errors.pbn");
      const uri = editor.document.uri;
      await diagnosticsWith(uri, ["T105", "D203"]);
      try {
        await setSetting(key, "warning");
        await waitFor("T105 to vanish", () => {
          const ds = vscode.languages.getDiagnostics(uri);
          return !ds.some((d) => codeOf(d) === "T105") && ds.some((d) => codeOf(d) === "D203") ? true : undefined;
        });
      } finally {
        await setSetting(key, undefined);
      }
      await diagnosticsWith(uri, ["T105", "D203"]);
    },
  })),
  {
    name: "a setting's new name wins over its older name when both are set",
    fn: async () => {
      const editor = await open("errors.pbn");
      const uri = editor.document.uri;
      await diagnosticsWith(uri, ["T105", "D203"]);
      try {
        await setSetting("check.problemsShown", "hint");
        await setSetting("check.minSeverity", "warning");
        // The older name alone would hide the hint T105 (within half a second in the tests
        // above); with the new name set too, it stays.
        await sleep(1500);
        const shown = vscode.languages.getDiagnostics(uri).map(codeOf);
        assert.ok(shown.includes("T105"), `T105 hidden though check.problemsShown is hint: ${shown.join(" ")}`);
        await setSetting("check.problemsShown", undefined);
        await waitFor("T105 to vanish under the older name's 'warning'", () => {
          const ds = vscode.languages.getDiagnostics(uri);
          return !ds.some((d) => codeOf(d) === "T105") && ds.some((d) => codeOf(d) === "D203") ? true : undefined;
        });
      } finally {
        await setSetting("check.problemsShown", undefined);
        await setSetting("check.minSeverity", undefined);
      }
      await diagnosticsWith(uri, ["T105", "D203"]);
    },
  },
  {
    name: "kibitzer.check.strictExportFormat reaches the server (missing mandatory tags reported while it is on)",
    fn: async () => {
      const editor = await open("errors.pbn");
      const uri = editor.document.uri;
      await diagnosticsWith(uri, ["D203"]);
      assert.ok(!vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === "T106"), "T106 without export checks");
      try {
        await setSetting("check.strictExportFormat", true);
        const ds = await diagnosticsWith(uri, ["T106"]);
        // Game 1 starts at its [Event on line 4.
        assert.ok(ds.some((d) => codeOf(d) === "T106" && d.range.start.line === 3), describe(ds));
      } finally {
        await setSetting("check.strictExportFormat", undefined);
      }
      await waitFor("T106 to vanish", () =>
        vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === "T106") ? undefined : true,
      );
    },
  },
  {
    name: "hover on the Deal shows the hand diagram",
    fn: async () => {
      const editor = await open("errors.pbn");
      const at = find(editor.document, "[Deal \"N:A643.KJT8.92.AK3 2.", "Deal").start.translate(0, 1);
      const text = await waitFor("a hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, at);
        const t = hoverText(hovers ?? []);
        return t.length > 0 ? t : undefined;
      });
      for (const suit of ["♠", "♥", "♦", "♣"]) {
        assert.ok(text.includes(suit), `no ${suit} in the hover:\n${text}`);
      }
      assert.match(text, /HCP/, `no HCP in the hover:\n${text}`);
      // North holds 15 HCP (A643 KJT8 92 AK3), and so does South.
      assert.match(text, /\b15\b/, `North's 15 HCP not in the hover:\n${text}`);
      assert.match(text, /A\s?6\s?4\s?3/, `North's spades not in the hover:\n${text}`);
      // The deal is solved in the background; hovering again shows the table and par under it.
      const solved = await waitFor("the double-dummy table in the hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, at);
        const t = hoverText(hovers ?? []);
        return t.includes("DD   NT") ? t : undefined;
      });
      // The table beside South: a row of five trick counts for each declarer.
      for (const seat of ["N", "S", "E", "W"]) {
        const row = new RegExp(`\\b${seat}(\\s+\\d{1,2}){5}\\s*$`, "m");
        assert.match(solved, row, `no row for ${seat} in:\n${solved}`);
      }
      assert.match(solved, /Par (NS \+\d+|EW \+\d+|0) /, `no par in:\n${solved}`);
    },
  },
  {
    name: "completion in an auction offers only legal calls",
    fn: async () => {
      const editor = await open("auction.pbn");
      const doc = editor.document;
      const last = doc.lineAt(doc.lineCount - 1).text.length > 0 ? doc.lineCount - 1 : doc.lineCount - 2;
      const at = new vscode.Position(last, doc.lineAt(last).text.length); // after "1H Pass "
      const labels = await waitFor("completion items", async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", doc.uri, at);
        const ls = (list?.items ?? []).map(label);
        return ls.length > 0 ? ls : undefined;
      });
      // North opened 1H, East passed: South may pass or bid above 1H; no double of partner.
      for (const legal of ["Pass", "1S", "1NT", "2C", "7NT"]) {
        assert.ok(labels.includes(legal), `${legal} missing from ${labels.join(" ")}`);
      }
      for (const illegal of ["1C", "1D", "1H", "X", "XX"]) {
        assert.ok(!labels.includes(illegal), `${illegal} offered: ${labels.join(" ")}`);
      }
      const order = ["C", "D", "H", "S", "NT"];
      for (const l of labels) {
        const bid = /^([1-7])(C|D|H|S|NT)$/.exec(l);
        if (bid) {
          const rank = (Number(bid[1]) - 1) * 5 + order.indexOf(bid[2]);
          assert.ok(rank > 2, `insufficient bid ${l} offered`);
        }
      }
    },
  },
  {
    name: "a .rbn file opens in the language rbn and gets its diagnostics",
    fn: async () => {
      const editor = await open("boards.rbn");
      assert.equal(editor.document.languageId, "rbn");
      const uri = editor.document.uri;
      const ds = await diagnosticsWith(uri, ["A302"]);
      // Board 8: East passes, South opens 1S, West's 1S is insufficient.
      const a302 = ds.find((d) => codeOf(d) === "A302");
      assert.ok(a302);
      const expected = find(editor.document, "A EZ:P1S1S", "1S", 1);
      assert.ok(a302.range.isEqual(expected), `A302 at ${show(a302.range)}, expected ${show(expected)}`);
      assert.equal(a302.severity, vscode.DiagnosticSeverity.Error);
    },
  },
  {
    name: "hover on the H line of an RBN record shows the hand diagram",
    fn: async () => {
      const editor = await open("boards.rbn");
      const at = find(editor.document, "H N:AKQJ", "H").start;
      const text = await waitFor("a hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, at);
        const t = hoverText(hovers ?? []);
        return t.length > 0 ? t : undefined;
      });
      for (const suit of ["♠", "♥", "♦", "♣"]) {
        assert.ok(text.includes(suit), `no ${suit} in the hover:\n${text}`);
      }
      assert.match(text, /North \(dealer\) vul · 10 HCP/, `no North heading in the hover:\n${text}`);
      assert.match(text, /A\s?K\s?Q\s?J/, `North's spades not in the hover:\n${text}`);
      assert.match(text, /Board 7/, `no board number in the hover:\n${text}`);
    },
  },
  {
    name: "Kibitzer: Convert to Another Format… opens the PBN beside the RBN source",
    fn: async () => {
      const editor = await open("boards.rbn");
      const source = editor.document.uri.toString();
      await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
      const converted = await vscode.commands.executeCommand<vscode.TextDocument | undefined>("kibitzer.convertDocument", "pbn");
      assert.ok(converted, "the command gave no document");
      assert.equal(converted.languageId, "pbn");
      assert.ok(converted.isUntitled, "the result is not an untitled document");
      // Named after its source, with the target's extension, in the source's folder (Save As
      // proposes boards.pbn there), not after its first line.
      assert.equal(converted.uri.scheme, "untitled");
      assert.equal(converted.uri.fsPath, file("boards.pbn").fsPath);
      const text = converted.getText();
      assert.match(text, /^% PBN 2\.1/, text);
      for (const line of ['[Board "7"]', '[Contract "4SX"]', '[Event "Club night"]', '[Board "8"]', "1S Pass 4S X"]) {
        assert.ok(text.includes(line), `${line} missing from the conversion:\n${text}`);
      }
      const active = vscode.window.activeTextEditor;
      assert.equal(active?.document, converted, "the conversion is not the active editor");
      const sourceEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === source);
      assert.ok(sourceEditor, "the source is no longer visible");
      assert.notEqual(active?.viewColumn, sourceEditor.viewColumn, "the conversion is not beside the source");
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "format on save rewrites the file to export format",
    timeoutMs: 60_000,
    fn: async () => {
      const editor = await open("messy.pbn");
      const doc = editor.document;
      await api();
      const ok = await editor.edit((e) => e.replace(find(doc, "[Event", "Format on save"), "Format on save!"));
      assert.ok(ok);
      assert.ok(doc.isDirty);
      assert.ok(await doc.save(), "save failed");
      const onDisk = fs.readFileSync(doc.uri.fsPath, "utf8");
      assert.equal(onDisk, doc.getText());
      const lines = onDisk.split("\n");
      // Tags in export order, values normalised, deal from the dealer with ranks descending.
      assert.deepEqual(tagNames(onDisk), ["Event", "Board", "Dealer", "Vulnerable", "Deal", "Auction"], onDisk);
      assert.ok(lines.includes('[Event "Format on save!"]'), onDisk);
      assert.ok(lines.includes('[Vulnerable "All"]'), onDisk);
      assert.ok(lines.includes('[Deal "E:2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6 A643.KJT8.92.AK3"]'), onDisk);
      // Calls four a line, one space apart.
      const auction = lines.indexOf('[Auction "E"]');
      assert.ok(auction >= 0, onDisk);
      assert.deepEqual(lines.slice(auction + 1, auction + 4), ["Pass 1H Pass 1S", "Pass 2C Pass Pass", "Pass"], onDisk);
      // kibitzer.format.strictExportFormat is off: no header is added.
      assert.ok(!onDisk.includes("% EXPORT"), onDisk);
      assert.ok(!onDisk.includes("\r\n"), "line ends are kept (LF)");
      // Formatting is idempotent.
      const again = await vscode.commands.executeCommand<vscode.TextEdit[]>("vscode.executeFormatDocumentProvider", doc.uri, { tabSize: 4, insertSpaces: true });
      const changes = (again ?? []).filter((e) => doc.getText(e.range) !== e.newText);
      assert.equal(changes.length, 0, `formatting the formatted file changes it: ${JSON.stringify(changes)}`);
    },
  },
  {
    name: "fix on save: with source.fixAll.kibitzer in editor.codeActionsOnSave, saving writes Pass and 1NT and nothing else",
    timeoutMs: 60_000,
    fn: async () => {
      const name = "robot.pbn";
      const head = '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n';
      fs.writeFileSync(path.join(workspaceRoot(), name), head);
      const onSave = vscode.workspace.getConfiguration("editor", { languageId: "pbn" });
      await onSave.update("codeActionsOnSave", { "source.fixAll.kibitzer": "explicit" }, vscode.ConfigurationTarget.Workspace, true);
      try {
        const editor = await open(name);
        const doc = editor.document;
        await api();
        assert.ok(await editor.edit((e) => e.insert(doc.lineAt(doc.lineCount - 1).range.end, "P 1N P P\nP\n")));
        await diagnosticsWith(doc.uri, ["A301"]);
        assert.ok(await doc.save(), "save failed");
        const onDisk = fs.readFileSync(doc.uri.fsPath, "utf8");
        assert.equal(onDisk, head + "Pass 1NT Pass Pass\nPass\n");
      } finally {
        await onSave.update("codeActionsOnSave", undefined, vscode.ConfigurationTarget.Workspace, true);
      }
    },
  },
  {
    name: "Kibitzer: Fix All Safely Fixable Problems fixes the whole document, and says so when nothing is left",
    fn: async () => {
      const name = "fixall.pbn";
      fs.writeFileSync(path.join(workspaceRoot(), name), '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S P 2S P\nP P\n\n[Board "2"]\n[Dealer "E"]\n[Auction "E"]\n1N AP\n');
      const editor = await open(name);
      const doc = editor.document;
      await api();
      await diagnosticsWith(doc.uri, ["A301"]);
      assert.equal(await vscode.commands.executeCommand<boolean>("kibitzer.fixAll"), true);
      assert.equal(doc.getText(), '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S Pass 2S Pass\nPass Pass\n\n[Board "2"]\n[Dealer "E"]\n[Auction "E"]\n1NT AP\n');
      assert.equal(await vscode.commands.executeCommand<boolean>("kibitzer.fixAll"), false);
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "Kibitzer: Convert to Another Format… takes the target: a PBN file to LIN and to handviewer links",
    fn: async () => {
      const editor = await open("auction.pbn");
      await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
      await api();
      const lin = await vscode.commands.executeCommand<vscode.TextDocument | undefined>("kibitzer.convertDocument", "lin");
      assert.ok(lin, "the command gave no document");
      assert.equal(lin.languageId, "lin");
      assert.equal(lin.uri.fsPath, file("auction.lin").fsPath);
      assert.match(lin.getText(), /mb\|/, lin.getText());
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
      await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
      const links = await vscode.commands.executeCommand<vscode.TextDocument | undefined>("kibitzer.convertDocument", "url");
      assert.ok(links, "the command gave no document");
      assert.equal(links.languageId, "plaintext");
      assert.match(links.getText(), /^https:\/\/www\.bridgebase\.com\/tools\/handviewer\.html\?/m, links.getText());
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "Kibitzer: Convert to Another Format… saves a dealing machine's file: PBN to DUP and DLM, the CLI's bytes",
    fn: async () => {
      const editor = await open("auction.pbn");
      await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
      await api();
      const bin = vscode.workspace.getConfiguration("kibitzer").get<string>("server.path") || "";
      for (const to of ["dup", "dlm"]) {
        const target = file(`auction-saved.${to}`);
        const saved = await vscode.commands.executeCommand<vscode.Uri | undefined>("kibitzer.convertDocument", to, target.toString());
        assert.ok(saved, `the ${to} conversion saved nothing`);
        assert.equal(saved.toString(), target.toString());
        const bytes = fs.readFileSync(target.fsPath);
        assert.ok(bytes.length > 0, `the ${to} file is empty`);
        // The same bytes as the command line writes (where this run has the program).
        if (bin && fs.existsSync(bin)) {
          const { execFileSync } = await import("node:child_process");
          const cli = execFileSync(bin, ["convert", editor.document.uri.fsPath, "--to", to, "-o", "-"]);
          assert.ok(Buffer.compare(bytes, cli) === 0, `${to}: ${bytes.length} bytes saved, the CLI writes ${cli.length}`);
        }
        // The text editor is not where a binary file goes.
        assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), editor.document.uri.toString());
      }
    },
  },
  {
    name: "kibitzer.format.lineEnds = crlf: format on save writes CRLF line ends",
    fn: async () => {
      const name = "eol.pbn";
      fs.writeFileSync(path.join(workspaceRoot(), name), '[Board "3"]\n[Event "Line ends"]\n[Dealer "S"]\n');
      const editor = await open(name);
      const doc = editor.document;
      assert.equal(doc.eol, vscode.EndOfLine.LF);
      try {
        await setSetting("format.lineEnds", "crlf");
        await api();
        assert.ok(await editor.edit((e) => e.replace(find(doc, "[Event", "Line ends"), "Line ends!")));
        assert.ok(await doc.save(), "save failed");
        const onDisk = fs.readFileSync(doc.uri.fsPath, "utf8");
        assert.equal(onDisk, '[Event "Line ends!"]\r\n[Board "3"]\r\n[Dealer "S"]\r\n');
        assert.equal(doc.eol, vscode.EndOfLine.CRLF);
      } finally {
        await setSetting("format.lineEnds", undefined);
      }
    },
  },
  {
    name: "Kibitzer: Format Document to Strict Export Format adds the header and mandatory tags",
    fn: async () => {
      const editor = await open("plain.pbn");
      const doc = editor.document;
      await api();
      const applied = await vscode.commands.executeCommand<boolean>("kibitzer.formatExport");
      assert.equal(applied, true, "the command reported a failure (see the Kibitzer output)");
      const text = doc.getText();
      const lines = text.split(/\r?\n/);
      assert.deepEqual(lines.slice(0, 2), ["% PBN 2.1", "% EXPORT"], text);
      const names = tagNames(text);
      assert.deepEqual(names.filter((n) => MANDATORY.includes(n)), MANDATORY, text);
      assert.ok(lines.includes('[Site "?"]'), text);
      // The setting stays off: ordinary formatting still adds no header.
      assert.equal(vscode.workspace.getConfiguration("kibitzer").get("format.strictExportFormat"), false);
    },
  },
  {
    name: "Latin-1 and UTF-8 files both show their accented names",
    fn: async () => {
      // The defaults this extension contributes for [pbn] (see the README).
      const files = vscode.workspace.getConfiguration("files", { languageId: "pbn" });
      assert.equal(files.get("encoding"), "iso88591");
      assert.equal(files.get("autoGuessEncoding"), true);
      // A guess (for a VS Code without the encoding API) chooses between the two the server reads.
      assert.deepEqual(files.get("candidateGuessEncodings"), ["utf8", "iso88591"]);
      for (const name of ["latin1.pbn", "utf8.pbn"]) {
        const doc = (await open(name)).document;
        assert.equal(doc.languageId, "pbn");
        const text = doc.getText();
        assert.ok(text.includes('[West "Lévy"]'), `${name}: ${JSON.stringify(text.split("\n")[2])}`);
        assert.ok(text.includes('[North "Sørensen"]'), `${name}: ${JSON.stringify(text.split("\n")[3])}`);
        assert.ok(!text.includes("\ufffd"), `${name} has replacement characters`);
      }
    },
  },
  {
    name: "a Latin-1 file with French names opens as Latin-1, shows them, and saves back byte for byte",
    fn: async () => {
      const original = fs.readFileSync(file("liege.pbn").fsPath);
      assert.ok(original.includes(Buffer.from("Li\xe8ge", "latin1")), "the fixture is Latin-1");
      await open("liege.pbn");
      const doc = await waitFor("the file in Latin-1", () => {
        const d = vscode.workspace.textDocuments.find((t) => t.uri.fsPath === file("liege.pbn").fsPath);
        return d && d.getText().includes('[Site "Liège"]') ? d : undefined;
      });
      assert.equal((doc as { encoding?: string }).encoding, "iso88591");
      for (const name of ["Hélène Lefèvre", "Françoise Mérieux", "Jérôme Théry", "Angèle Châtelet"]) {
        assert.ok(doc.getText().includes(name), `${name} not shown:\n${doc.getText()}`);
      }
      // The server has read this text (the unknown tag on the last line is reported) and sees
      // nothing outside Latin-1 in it.
      const ds = await diagnosticsWith(doc.uri, ["T105"]);
      assert.ok(!ds.some((d) => codeOf(d) === "S009"), describe(ds));
      await saveUnchanged(doc);
      assert.deepEqual(fs.readFileSync(file("liege.pbn").fsPath), original);
    },
  },
  {
    name: "a UTF-8 file opens as UTF-8 and saves back byte for byte",
    fn: async () => {
      const original = fs.readFileSync(file("utf8.pbn").fsPath);
      const doc = (await open("utf8.pbn")).document;
      await waitFor("UTF-8", () => ((doc as { encoding?: string }).encoding === "utf8" ? true : undefined));
      assert.ok(doc.getText().includes('[West "Lévy"]'));
      await saveUnchanged(doc);
      assert.deepEqual(fs.readFileSync(file("utf8.pbn").fsPath), original);
    },
  },
  {
    name: "% lines: the standard's directives are directives, other % lines comments",
    fn: async () => {
      const doc = (await open("preview.pbn")).document;
      const types = await tokenTypesByLine(doc);
      assert.equal(doc.lineAt(0).text, "% PBN 2.1");
      assert.deepEqual(types.get(0), ["macro"], `line 1: ${JSON.stringify(types.get(0))}`);
      assert.ok(doc.lineAt(1).text.startsWith("% A remark"));
      assert.deepEqual(types.get(1), ["comment"], `line 2: ${JSON.stringify(types.get(1))}`);
    },
  },
  {
    name: "a Date written 20160831 has a quick fix to 2016.08.31",
    fn: async () => {
      const editor = await open("dates.pbn");
      const doc = editor.document;
      const [t102] = (await diagnosticsWith(doc.uri, ["T102"])).filter((d) => codeOf(d) === "T102");
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        "vscode.executeCodeActionProvider",
        doc.uri,
        t102.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const fix = (actions ?? []).find((a) => a.edit !== undefined && a.title.includes("2016.08.31"));
      assert.ok(fix?.edit, `no quick fix among: ${(actions ?? []).map((a) => a.title).join("; ")}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      assert.ok(doc.getText().includes('[Date "2016.08.31"]'), doc.getText());
      await waitFor("T102 to go", () => (vscode.languages.getDiagnostics(doc.uri).some((d) => codeOf(d) === "T102") ? undefined : true));
      await vscode.commands.executeCommand("workbench.action.files.revert");
    },
  },
  {
    name: "inlay hints (HCP, trick winners) on a large file, at its end as at its start",
    timeoutMs: 90_000,
    fn: async () => {
      // About 4 MB: past the sizes where the server opens a document in the background.
      const board = fs.readFileSync(file("preview.pbn").fsPath, "utf8").split("\n\n")[0].replace(/^%.*\n/gm, "");
      const boards: string[] = [];
      for (let n = 1; n <= 12_000; n++) {
        boards.push(board.replace('[Board "1"]', `[Board "${n}"]`));
      }
      fs.writeFileSync(path.join(workspaceRoot(), "large.pbn"), boards.join("\n\n"));
      const editor = await open("large.pbn");
      const doc = editor.document;
      assert.ok(doc.getText().length > 3_000_000, `${doc.getText().length} characters`);
      for (const line of [20, doc.lineCount - 10]) {
        const range = new vscode.Range(Math.max(0, line - 20), 0, line, 0);
        editor.revealRange(range);
        const hints = await waitFor(`inlay hints near line ${line}`, async () => {
          const found = await vscode.commands.executeCommand<vscode.InlayHint[]>("vscode.executeInlayHintProvider", doc.uri, range);
          const labels = (found ?? []).map((h) => (typeof h.label === "string" ? h.label : h.label.map((p) => p.value).join("")));
          return labels.includes("10") && labels.some((l) => l.startsWith("→")) ? labels : undefined;
        }, 30_000);
        assert.ok(hints.filter((l) => l === "10").length >= 4, `hints near line ${line}: ${hints.join(" ")}`);
      }
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    },
  },
  {
    name: "a .lin file opens in the language lin: diagnostics, the deal hover, legal calls after mb|, semantic tokens",
    fn: async () => {
      const editor = await open("match.lin");
      const doc = editor.document;
      assert.equal(doc.languageId, "lin");
      // Board 8: East passes, South opens 1S, West's 1s is insufficient.
      const [a302] = (await diagnosticsWith(doc.uri, ["A302"])).filter((d) => codeOf(d) === "A302");
      assert.equal(show(a302.range), show(find(doc, "qx|o8", "1s", 1)));
      const md = find(doc, "qx|o7", "md|").start.translate(0, 1);
      const hover = await waitFor("a hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", doc.uri, md);
        const t = hoverText(hovers ?? []);
        return t.length > 0 ? t : undefined;
      });
      assert.match(hover, /North \(dealer\) vul · 10 HCP/, hover);
      const after = find(doc, "qx|o8", "mb|p|mb|").end;
      const list = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", doc.uri, after);
      const labels = (list?.items ?? []).map(label);
      assert.ok(labels.includes("1c") && labels.includes("7n") && !labels.includes("d"), labels.join(" "));
      // Semantic tokens: keys as properties, holdings, calls and cards in their suits' colours.
      const types = await tokenTypesByLine(doc);
      const first = types.get(0) ?? [];
      for (const t of ["property", "spades", "hearts", "diamonds", "clubs"]) {
        assert.ok(first.includes(t), `line 1 has no ${t}: ${JSON.stringify(first)}`);
      }
      // Converting gives the PBN beside it, named after the source.
      const converted = await vscode.commands.executeCommand<vscode.TextDocument | undefined>("kibitzer.convertDocument", "pbn");
      assert.ok(converted);
      assert.equal(converted.languageId, "pbn");
      assert.equal(converted.uri.fsPath, file("match.pbn").fsPath);
      assert.ok(converted.getText().includes('[Contract "4SX"]'), converted.getText());
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "a .dlm file opens in the language dlm: a wrong board checksum with the right one, the hands in the hover, the outline",
    fn: async () => {
      const editor = await open("machine.dlm");
      const doc = editor.document;
      assert.equal(doc.languageId, "dlm");
      const [m104] = (await diagnosticsWith(doc.uri, ["M104"])).filter((d) => codeOf(d) === "M104");
      assert.equal(show(m104.range), show(find(doc, "Board 02=", "021")));
      assert.match(m104.message, /give 020/, m104.message);
      const line = find(doc, "Board 01=", "Board").start.translate(0, 2);
      const hover = await waitFor("a hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", doc.uri, line);
        const t = hoverText(hovers ?? []);
        return t.length > 0 ? t : undefined;
      });
      assert.match(hover, /Board 1/, hover);
      assert.match(hover, /North \(dealer\)/, hover);
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", doc.uri);
      assert.deepEqual((symbols ?? []).map((s) => s.name), ["Board 1", "Board 2"]);
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    },
  },
  {
    name: "a binary DUP file opens read-only from the command, its boards in the outline and the preview",
    fn: async () => {
      const k = await api();
      await vscode.commands.executeCommand("kibitzer.previewDealingFile", file("machine.dup"));
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor, "no editor for the DUP file");
      assert.equal(editor.document.languageId, "dup");
      const symbols = await waitFor("the outline", async () => {
        const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", editor.document.uri);
        return found && found.length > 0 ? found : undefined;
      });
      assert.deepEqual(symbols.map((s) => s.name), ["Board 1", "Board 2"]);
      // The second board's record: the preview follows the cursor there.
      editor.selection = new vscode.Selection(symbols[1].range.start.translate(0, 3), symbols[1].range.start.translate(0, 3));
      const state = await waitFor("the preview to show board 2", () => {
        const s = k.preview();
        return s?.board === "2" ? s : undefined;
      }, 30_000);
      assert.match(state.text, /K Q 10 7|KQT7|K Q T 7/, state.text);
      assert.equal(vscode.languages.getDiagnostics(editor.document.uri).length, 0);
      await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    },
  },
  {
    name: "Kibitzer: Restart Language Server gives a new running client",
    fn: async () => {
      const editor = await open("errors.pbn");
      const k = await api();
      const before = k.client();
      await vscode.commands.executeCommand("kibitzer.restartServer");
      await k.ready();
      const after = k.client();
      assert.ok(after && after !== before, "no new client");
      await waitFor("the new client to run", () => (after.isRunning() ? true : undefined));
      // It answers: a hover on the Deal comes back from the new server.
      const at = find(editor.document, "[Deal \"N:A643.KJT8.92.AK3 2.", "Deal").start.translate(0, 1);
      await waitFor("a hover from the restarted server", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, at);
        return hoverText(hovers ?? []).length > 0 ? true : undefined;
      });
      await vscode.commands.executeCommand("kibitzer.showOutput");
    },
  },
  {
    name: "a server path that does not exist stops the server with a message; fixing it restarts",
    fn: async () => {
      await open("errors.pbn");
      const k = await api();
      const good = vscode.workspace.getConfiguration("kibitzer").inspect<string>("server.path")?.workspaceValue;
      assert.ok(good, "the test workspace names the server");
      try {
        await setSetting("server.path", path.join(workspaceRoot(), "no-such-kibitzer"));
        await waitFor("the server to stop", async () => {
          await k.ready();
          return k.client() === undefined && k.server() === undefined ? true : undefined;
        });
      } finally {
        await setSetting("server.path", good);
      }
      await waitFor("the server to come back", async () => {
        await k.ready();
        return k.client()?.isRunning() ? true : undefined;
      });
      assert.equal(k.server()?.command, good);
    },
  },
];

export async function run(): Promise<void> {
  await sleep(500);
  await runTests("integration", tests);
}
