// The UI test: runs in the extension host like the integration tests, puts the editor in a state
// (a file open, the cursor on a mistake, a hover shown), then asks the Playwright driver outside
// to take a screenshot and to read what the page shows. Requests and answers are JSON files in
// <workspace>/.ui/, which both sides can reach (the extension host runs on this machine).

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { KibitzerApi } from "../../src/extension";
import type { PreviewState } from "../../src/preview";
import { note, runTests, sleep, Test, waitFor, workspaceRoot } from "./harness";

/** What the driver reads from the page after taking the screenshot. */
interface PageFacts {
  screenshot: string;
  /** Distinct token colour classes (mtkN) in the visible editor lines. */
  tokenClasses: number;
  /** Error squiggles drawn in the editor. */
  errorSquiggles: number;
  /** The text of the visible hover, "" when none. */
  hoverText: string;
  /** Whether the visible hover's content is taller than the hover (it needs scrolling). */
  hoverScrolls: boolean;
  /** The elements of the hover that need scrolling, with their content's and their own height. */
  hoverOverflow: string[];
  /** The options of the page's select boxes (the Output view lists its channels in one). */
  outputChannels: string[];
  /** The text of the board preview, "" when none is open. */
  previewText: string;
  /** The board preview's body classes (`vscode-light`, `vscode-dark`…). */
  previewTheme: string;
  /** The labels of the inlay hints drawn in the visible editor lines. */
  inlayHints: string[];
  /** What went wrong typing or pressing keys, "" when nothing. */
  keyboardError: string;
  /** The rows of the visible suggestion list (completions), [] when none is open. */
  suggestions: string[];
  /** The titles of the settings shown in the Settings editor, [] when it is closed. */
  settingTitles: string[];
}

/** What the driver does before the screenshot. */
interface SnapshotRequest {
  /** Drag the hover's bottom edge down by this many pixels. */
  growHover?: number;
  /** Text to type on the keyboard. */
  type?: string;
  /** Keys to press after typing (`Enter`, `ArrowRight`…). */
  keys?: string[];
  /** Where the keys go: the board preview (clicked first), or wherever the focus is. */
  target?: "preview";
}

/** What the driver saw when it watched the breadcrumbs (see `watchBreadcrumbs`). */
interface BreadcrumbsSeen {
  /** When the breadcrumbs first held the text (the driver's clock, this machine's). */
  seenAt: number;
  /** The breadcrumbs then. */
  breadcrumbs: string;
}

/** Asks the driver to watch the window's breadcrumbs, without screenshots, until they hold
 * `text`; resolves with when they did. Asked before the action it times: the driver picks
 * requests up every 150 ms. */
function watchBreadcrumbs(name: string, text: string, timeoutMs: number): Promise<BreadcrumbsSeen> {
  const dir = path.join(workspaceRoot(), ".ui");
  fs.mkdirSync(dir, { recursive: true });
  const answer = path.join(dir, `${name}.answer.json`);
  fs.rmSync(answer, { force: true });
  fs.writeFileSync(path.join(dir, `${name}.request.json`), JSON.stringify({ name, watchBreadcrumbs: text, timeoutMs }));
  return waitFor(`the breadcrumbs to show "${text}"`, () => {
    if (!fs.existsSync(answer)) {
      return undefined;
    }
    return JSON.parse(fs.readFileSync(answer, "utf8")) as BreadcrumbsSeen;
  }, timeoutMs + 5_000);
}

async function snapshot(name: string, request: SnapshotRequest | number = {}): Promise<PageFacts> {
  const options = typeof request === "number" ? { growHover: request } : request;
  const dir = path.join(workspaceRoot(), ".ui");
  fs.mkdirSync(dir, { recursive: true });
  const answer = path.join(dir, `${name}.answer.json`);
  fs.rmSync(answer, { force: true });
  fs.writeFileSync(path.join(dir, `${name}.request.json`), JSON.stringify({ name, ...options }));
  return waitFor(`the driver's screenshot "${name}"`, () => {
    if (!fs.existsSync(answer)) {
      return undefined;
    }
    return JSON.parse(fs.readFileSync(answer, "utf8")) as PageFacts;
  }, 30_000);
}

function rangeOf(doc: vscode.TextDocument, lineStart: string, word: string): vscode.Range {
  for (let line = 0; line < doc.lineCount; line++) {
    const text = doc.lineAt(line).text;
    if (text.startsWith(lineStart)) {
      const at = text.indexOf(word);
      return new vscode.Range(line, at, line, at + word.length);
    }
  }
  throw new Error(`no line starts with ${lineStart}`);
}

let editor: vscode.TextEditor;

async function showHoverAt(pos: vscode.Position, nearTop = false): Promise<void> {
  editor.selection = new vscode.Selection(pos, pos);
  if (nearTop) {
    // The line near the top, so that a tall hover (the hand diagram) opens below it in full.
    const from = new vscode.Position(Math.max(0, pos.line - 2), 0);
    editor.revealRange(new vscode.Range(from, from), vscode.TextEditorRevealType.AtTop);
  } else {
    editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
  }
  await sleep(300);
  await vscode.commands.executeCommand("editor.action.showHover");
  await sleep(1500);
}

async function hideHover(): Promise<void> {
  // Moving the cursor closes the hover.
  const top = new vscode.Position(0, 0);
  editor.selection = new vscode.Selection(top, top);
  await sleep(300);
}

const tests: Test[] = [
  {
    name: "colouring: the grammar colours a PBN file",
    fn: async () => {
      await vscode.commands.executeCommand("workbench.action.closeSidebar");
      await vscode.commands.executeCommand("workbench.action.closePanel");
      await vscode.commands.executeCommand("workbench.action.closeAuxiliaryBar");
      await vscode.commands.executeCommand("notifications.clearAll");
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "colours.pbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      assert.equal(doc.languageId, "pbn");
      await hideHover();
      await sleep(2000);
      const facts = await snapshot("colouring");
      assert.ok(facts.tokenClasses >= 6, `only ${facts.tokenClasses} token colours on screen (${facts.screenshot})`);
    },
  },
  {
    name: "squiggle: an error is underlined and its hover says what is wrong",
    fn: async () => {
      // The fixture has two mistakes: an unquoted Date (S002) and an insufficient bid (A302).
      const uri = editor.document.uri;
      const errors = await waitFor("error diagnostics", () => {
        const ds = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
        return ds.length > 0 ? ds : undefined;
      });
      const code = (d: vscode.Diagnostic) => String(typeof d.code === "object" ? d.code.value : d.code);
      // Prefer the insufficient bid when the server reports it (it needs the auction checks).
      await sleep(1500);
      const all = vscode.languages.getDiagnostics(uri);
      const shown = all.find((d) => code(d) === "A302") ?? errors[0];
      await showHoverAt(shown.range.start.translate(0, 1));
      const facts = await snapshot("squiggle-hover");
      assert.ok(facts.errorSquiggles >= 1, `no error squiggle on screen (${facts.screenshot})`);
      assert.ok(facts.hoverText.includes(code(shown)), `hover: ${JSON.stringify(facts.hoverText)} lacks ${code(shown)} (${facts.screenshot})`);
      assert.ok(all.some((d) => code(d) === "A302"), `no A302 for the insufficient 1D; got ${all.map(code).join(" ")}`);
      await hideHover();
    },
  },
  {
    name: "hand diagram: the hover on the Deal shows the four hands",
    fn: async () => {
      const deal = rangeOf(editor.document, '[Deal "', "Deal");
      await showHoverAt(deal.start.translate(0, 1), true);
      const facts = await snapshot("deal-hover", 260);
      for (const suit of ["♠", "♥", "♦", "♣"]) {
        assert.ok(facts.hoverText.includes(suit), `no ${suit} in the hover: ${JSON.stringify(facts.hoverText)} (${facts.screenshot})`);
      }
      for (const seat of ["North", "East", "South", "West"]) {
        assert.ok(facts.hoverText.includes(seat), `no ${seat} in the hover (${facts.screenshot})`);
      }
      assert.match(facts.hoverText, /HCP/);
      await hideHover();
    },
  },
];

const tests2: Test[] = [
  {
    name: "the Deal hover fits without scrolling: all four hands in view",
    fn: async () => {
      const deal = rangeOf(editor.document, '[Deal "', "Deal");
      await showHoverAt(deal.start.translate(0, 1), true);
      const facts = await snapshot("deal-hover-fits");
      for (const seat of ["North", "West", "East", "South"]) {
        assert.ok(facts.hoverText.includes(seat), `no ${seat} in the hover (${facts.screenshot})`);
      }
      assert.equal(facts.hoverScrolls, false, `the hover needs scrolling (${facts.screenshot})`);
      await hideHover();
    },
  },
  {
    name: "once solved, the Deal hover shows the hands, the double-dummy table and par without scrolling",
    fn: async () => {
      const deal = rangeOf(editor.document, '[Deal "', "Deal");
      // VS Code shows a hover again from what it kept while the position stays in its range:
      // wait (through the API, which asks anew) until the deal is solved, then hover the deal's
      // value, a range of its own, which VS Code must ask the server for.
      const value = deal.start.translate(0, 8);
      await waitFor("the deal solved", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", editor.document.uri, value);
        const text = (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value))).join("\n");
        return text.includes("Par ") ? text : undefined;
      });
      // Show Hover only focuses a hover still open (moving the cursor leaves it): Escape first.
      await snapshot("deal-hover-closed", { keys: ["Escape"] });
      await hideHover();
      await showHoverAt(value, true);
      const seen = await snapshot("deal-hover-double-dummy");
      for (const seat of ["North", "West", "East", "South"]) {
        assert.ok(seen.hoverText.includes(seat), `no ${seat} in the hover (${seen.screenshot})`);
      }
      assert.ok(seen.hoverText.includes("DD"), `no double-dummy table in the hover (${seen.screenshot})`);
      assert.match(seen.hoverText, /Par (NS|EW)/, `no par in the hover (${seen.screenshot})`);
      assert.equal(seen.hoverScrolls, false, `the hover needs scrolling: ${seen.hoverOverflow.join(", ")} (${seen.screenshot})`);
      await hideHover();
    },
  },
  {
    name: "a finding's code links to its explanation, which opens as a document",
    fn: async () => {
      const back = editor;
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "messy.pbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      const finding = await waitFor("a finding with a linked code", () =>
        vscode.languages.getDiagnostics(doc.uri).find((d) => typeof d.code === "object" && d.code.target.scheme === "kibitzer-explain"),
      );
      const code = finding.code as { value: string; target: vscode.Uri };
      assert.equal(code.target.path, `${code.value}.md`);
      // What clicking the code opens (VS Code's opener shows the address in an editor).
      await vscode.commands.executeCommand("vscode.open", code.target);
      const shown = await waitFor("the explanation in the editor", () => {
        const open = vscode.window.activeTextEditor?.document;
        return open?.uri.toString() === code.target.toString() ? open : undefined;
      });
      const text = shown.getText();
      assert.ok(text.startsWith(`# ${code.value} `), `the explanation of ${code.value}:\n${text}`);
      assert.match(text, /\*\*When:\*\*/, text);
      assert.equal(shown.languageId, "markdown");
      const facts = await snapshot("code-explained");
      assert.ok(facts.screenshot.length > 0);
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
      if (back !== undefined) {
        editor = await vscode.window.showTextDocument(back.document, { preview: false });
      }
    },
  },
  {
    name: "a deal never solved before: the hover that opens on it shows its double-dummy table",
    fn: async () => {
      // Dealt here at random, so that no server has solved it before the hover asks: without
      // the client's wait, this hover said "solving in the background; hover again".
      const ranks = "AKQJT98765432";
      const cards = [...Array(52).keys()];
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [cards[i], cards[j]] = [cards[j], cards[i]];
      }
      const hands = [0, 1, 2, 3].map((seat) => {
        const held = cards.slice(seat * 13, seat * 13 + 13);
        return [0, 1, 2, 3]
          .map((suit) => held.filter((c) => Math.floor(c / 13) === suit).sort((a, b) => a - b).map((c) => ranks[c % 13]).join(""))
          .join(".");
      });
      const text = `[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:${hands.join(" ")}"]\n`;
      const back = editor;
      const doc = await vscode.workspace.openTextDocument({ language: "pbn", content: text });
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      const started = Date.now();
      await showHoverAt(new vscode.Position(3, 8), true);
      // VS Code says "Loading..." while the client waits for the table.
      let seen = await snapshot("new-deal-hover");
      for (let tries = 0; tries < 5 && !seen.hoverText.includes("DD"); tries++) {
        await sleep(1000);
        seen = await snapshot("new-deal-hover");
      }
      note(`a new deal's hover with its table: within ${Date.now() - started} ms of asking (${seen.screenshot})`);
      assert.ok(seen.hoverText.includes("DD"), `no double-dummy table in the hover (${seen.screenshot}):\n${seen.hoverText}`);
      assert.match(seen.hoverText, /Par (NS|EW|0)/, `no par in the hover (${seen.screenshot})`);
      assert.ok(!seen.hoverText.includes("solving in the background"), `the hover still says it is solving (${seen.screenshot})`);
      await hideHover();
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
      // Run alone (KIBITZER_ONLY), no file was open before.
      if (back !== undefined) {
        editor = await vscode.window.showTextDocument(back.document, { preview: false });
      }
    },
  },
  {
    name: "a DLM board's hover has the PBN deal hover's layout: hands, double-dummy table and par in view",
    fn: async () => {
      const back = editor;
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "machine.dlm")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      const at = rangeOf(doc, "Board 01=", "Board").start.translate(0, 2);
      await waitFor("the DLM board solved", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", doc.uri, at);
        const text = (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value))).join("\n");
        return text.includes("Par ") ? text : undefined;
      });
      await hideHover();
      await showHoverAt(at, true);
      const seen = await snapshot("dlm-hover-double-dummy");
      for (const seat of ["North", "West", "East", "South"]) {
        assert.ok(seen.hoverText.includes(seat), `no ${seat} in the hover (${seen.screenshot})`);
      }
      assert.match(seen.hoverText, /Par (NS|EW)/, `no par in the hover (${seen.screenshot})`);
      assert.equal(seen.hoverScrolls, false, `the hover needs scrolling: ${seen.hoverOverflow.join(", ")} (${seen.screenshot})`);
      await hideHover();
      editor = await vscode.window.showTextDocument(back.document, { preview: false });
    },
  },
  {
    name: "in an auction, space then Enter ends the line (no call is picked)",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "auction.pbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      const line = rangeOf(doc, "1H Pass", "1H").start.line;
      const lines = doc.lineCount;
      const end = doc.lineAt(line).range.end;
      editor.selection = new vscode.Selection(end, end);
      await vscode.commands.executeCommand("workbench.action.focusActiveEditorGroup");
      await sleep(300);
      // After "1H Pass " (the line ends with a space): a call, a space, a pause, Enter.
      const facts = await snapshot("auction-enter", { type: "1S ", keys: ["Enter"] });
      assert.equal(facts.keyboardError, "");
      try {
        assert.equal(doc.lineCount, lines + 1, `no new line (${facts.screenshot}):\n${doc.getText()}`);
        assert.equal(doc.lineAt(line).text.trimEnd(), "1H Pass 1S", `the line became ${JSON.stringify(doc.lineAt(line).text)}`);
        assert.ok(!doc.lineAt(line + 1).text.includes("Pass"), `Enter inserted a call: ${JSON.stringify(doc.lineAt(line + 1).text)}`);
      } finally {
        await vscode.commands.executeCommand("workbench.action.files.revert");
      }
    },
  },
  {
    name: "in an auction, a call then Enter ends the line: Enter does not take the completion (Tab does)",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "auction.pbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      const line = rangeOf(doc, "1H Pass", "1H").start.line;
      const end = doc.lineAt(line).range.end;
      editor.selection = new vscode.Selection(end, end);
      await vscode.commands.executeCommand("workbench.action.focusActiveEditorGroup");
      await sleep(300);
      // As one types an auction: a call, its completion list open, Enter, the next call.
      const facts = await snapshot("auction-call-enter", { type: "1S P", keys: ["Enter"] });
      assert.equal(facts.keyboardError, "");
      try {
        assert.equal(doc.lineAt(line).text.trimEnd(), "1H Pass 1S P", `the line became ${JSON.stringify(doc.lineAt(line).text)} (${facts.screenshot})`);
        assert.equal(doc.lineAt(line + 1).text.trim(), "", `Enter inserted ${JSON.stringify(doc.lineAt(line + 1).text)}`);
      } finally {
        await vscode.commands.executeCommand("workbench.action.files.revert");
      }
    },
  },
  {
    name: "in an RBN play, completion offers the cards the player on turn may play",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "boards.rbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      // 4SX by North: East, on declarer's left, leads; then South must follow the suit led.
      const line = rangeOf(doc, "C 4SX:N", "C").start.line + 1;
      const steps = [
        { typed: "P ", shot: "rbn-card-lead", first: "ST", count: 13 },
        { typed: "P ST", shot: "rbn-card-follow", first: "S7", count: 3 },
      ];
      try {
        await editor.edit((e) => e.insert(new vscode.Position(line, 0), "\n"));
        for (const step of steps) {
          await editor.edit((e) => e.replace(doc.lineAt(line).range, step.typed));
          const end: vscode.Position = doc.lineAt(line).range.end;
          editor.selection = new vscode.Selection(end, end);
          await vscode.commands.executeCommand("workbench.action.focusActiveEditorGroup");
          await sleep(800);
          await vscode.commands.executeCommand("editor.action.triggerSuggest");
          await sleep(1500);
          const facts = await snapshot(step.shot);
          const rows = facts.suggestions.join(" | ");
          assert.ok(facts.suggestions.length > 0, `no suggestion list on screen (${facts.screenshot})`);
          assert.ok(facts.suggestions[0].startsWith(step.first), `first row ${JSON.stringify(facts.suggestions[0])}, expected ${step.first} (${facts.screenshot}): ${rows}`);
          const given: vscode.CompletionList = await vscode.commands.executeCommand<vscode.CompletionList>("vscode.executeCompletionItemProvider", doc.uri, end);
          const labels: string[] = given.items.map((i: vscode.CompletionItem) => (typeof i.label === "string" ? i.label : i.label.label));
          assert.equal(labels.length, step.count, `offered ${labels.join(" ")} (${facts.screenshot})`);
          await vscode.commands.executeCommand("hideSuggestWidget");
        }
      } finally {
        await vscode.commands.executeCommand("workbench.action.files.revert");
      }
    },
  },
  {
    name: "the Settings editor titles Kibitzer's settings in words, not in code (no Debounce Ms, no Eol)",
    fn: async () => {
      await vscode.commands.executeCommand("workbench.action.openSettings", "@ext:kibitzer.kibitzer");
      await sleep(2500);
      const facts = await snapshot("settings-titles");
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
      const titles = facts.settingTitles.join(" | ");
      for (const wanted of ["Problems Shown", "Line Ends", "Delay After Typing", "Strict Export Format"]) {
        assert.ok(titles.includes(wanted), `no "${wanted}" among the titles: ${titles} (${facts.screenshot})`);
      }
      // The older names are still read, but the Settings editor hides them while they are unset.
      for (const unwanted of ["Debounce Ms", "Eol", "Min Severity"]) {
        assert.ok(!titles.includes(unwanted), `"${unwanted}" still shown: ${titles} (${facts.screenshot})`);
      }
    },
  },
  {
    name: "no empty Kibitzer Trace channel while tracing is off",
    fn: async () => {
      await vscode.commands.executeCommand("workbench.action.output.toggleOutput");
      await sleep(800);
      const facts = await snapshot("output-channels");
      await vscode.commands.executeCommand("workbench.action.closePanel");
      assert.ok(facts.outputChannels.includes("Kibitzer"), `channels: ${facts.outputChannels.join(", ")} (${facts.screenshot})`);
      assert.ok(!facts.outputChannels.includes("Kibitzer Trace"), `channels: ${facts.outputChannels.join(", ")}`);
    },
  },
  {
    name: "inlay hints (HCP, trick winners) are drawn at the end of a large file too",
    timeoutMs: 120_000,
    fn: async () => {
      // About 11 MB: what a season's hand records come to.
      const board = fs.readFileSync(path.join(workspaceRoot(), "preview.pbn"), "utf8").split("\n\n")[0].replace(/^%.*\n/gm, "");
      const boards: string[] = [];
      for (let n = 1; n <= 30_000; n++) {
        boards.push(board.replace('[Board "1"]', `[Board "${n}"]`));
      }
      const file = path.join(workspaceRoot(), "season.pbn");
      fs.writeFileSync(file, boards.join("\n\n") + "\n");
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      for (const [name, line] of [["large-file-start", 8], ["large-file-end", doc.lineCount - 6]] as const) {
        const at = new vscode.Position(line, 0);
        editor.selection = new vscode.Selection(at, at);
        editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
        let facts: PageFacts | undefined;
        for (let attempt = 0; attempt < 10; attempt++) {
          await sleep(1500);
          facts = await snapshot(`${name}`);
          if (facts.inlayHints.includes("10") && facts.inlayHints.some((h) => h.includes("→"))) {
            break;
          }
        }
        if (!facts?.inlayHints.includes("10")) {
          const range = new vscode.Range(Math.max(0, line - 20), 0, line + 20, 0);
          const given = await vscode.commands.executeCommand<vscode.InlayHint[]>("vscode.executeInlayHintProvider", doc.uri, range);
          const setting = JSON.stringify(vscode.workspace.getConfiguration("editor", doc).get("inlayHints"));
          assert.fail(`no HCP hint drawn near line ${line + 1}: ${JSON.stringify(facts?.inlayHints)} (${facts?.screenshot}); the provider gives ${given?.length} hints there; editor.inlayHints ${setting}`);
        }
        assert.ok(facts.inlayHints.some((h) => h.includes("→")), `no trick-winner hint near line ${line + 1} (${facts.screenshot})`);
      }
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    },
  },
  {
    name: "the 20,000-game file: its outline soon after opening, and an error typed near its end as quickly as near its start",
    timeoutMs: 240_000,
    fn: async () => {
      // Made by the runner with the shared generator (15 MB, 857,000 lines). Figures are noted,
      // not asserted to the millisecond: the ceilings, above the targets (0.5 s, 2 s) so that
      // a slow machine does not fail here, catch the slowness the issue saw (5.2 s for an
      // error near the end on WebAssembly, the outline 21 s after opening).
      const uri = vscode.Uri.file(path.join(workspaceRoot(), "twenty-thousand.pbn"));
      // The outline as a user sees it: the breadcrumbs name the first board once it is there.
      const crumbs = watchBreadcrumbs("twenty-thousand-breadcrumbs", "Board 1 ·", 60_000);
      await sleep(500);
      const asked = Date.now();
      const doc = await vscode.workspace.openTextDocument(uri);
      editor = await vscode.window.showTextDocument(doc, { preview: false });
      // From here the file is on screen: VS Code's own reading of 15 MB is not the server's.
      const opened = Date.now();
      const reading = opened - asked;
      const symbols = await waitFor("the outline", async () => {
        const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", uri);
        return found !== undefined && found.length >= 20_000 ? found : undefined;
      }, 60_000);
      const outline = Date.now() - opened;
      await waitFor("the first findings", () => (vscode.languages.getDiagnostics(uri).length > 0 ? true : undefined), 60_000);
      const findings = Date.now() - opened;
      const seen = await crumbs;
      const inBreadcrumbs = seen.seenAt - opened;
      // How long VS Code takes to hand this test 20,000 symbols it already has (the same
      // version's outline, asked again): part of `outline`, not of what the user sees.
      const askedAgain = Date.now();
      await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", uri);
      const handing = Date.now() - askedAgain;
      const deals: number[] = [];
      for (let line = 0; line < doc.lineCount; line++) {
        if (doc.lineAt(line).text.startsWith("[Deal ")) {
          deals.push(line);
        }
      }
      const timings: string[] = [];
      // When the file last changed (the undo of the edit before), for typing at a chosen
      // moment after it.
      let changedAt = Date.now();
      // `settled`: typed once VS Code has taken in the outline of the file as it is (asked by
      // the extension after a second without typing) and done its own work after a change;
      // otherwise typed just as that outline comes in (a second and a little after the last
      // change), the worst moment: VS Code's extension host then spends a few tenths of a
      // second handing 20,000 symbols to its window, and the keystroke waits behind them.
      const errorAt = async (where: string, line: number, settled: boolean): Promise<number> => {
        const text = doc.lineAt(line).text;
        const rank = new vscode.Range(line, text.indexOf(":") + 1, line, text.indexOf(":") + 2);
        const was = doc.getText(rank);
        const errorOnLine = () =>
          vscode.languages.getDiagnostics(uri).some((d) => d.range.start.line === line && d.severity === vscode.DiagnosticSeverity.Error);
        assert.ok(!errorOnLine(), `an error on line ${line + 1} before typing`);
        editor.selection = new vscode.Selection(rank.start, rank.start);
        editor.revealRange(rank, vscode.TextEditorRevealType.InCenter);
        if (settled) {
          await vscode.commands.executeCommand("vscode.executeDocumentSymbolProvider", uri);
          await sleep(1500);
        } else {
          await sleep(Math.max(0, changedAt + 1050 - Date.now()));
        }
        // When VS Code took the findings in (not when the next poll saw them), and how long
        // the edit itself took to be made: a busy window delays the keystroke, not the server.
        let seen: number | undefined;
        const listening = vscode.languages.onDidChangeDiagnostics((e) => {
          if (seen === undefined && e.uris.some((u) => u.toString() === uri.toString()) && errorOnLine()) {
            seen = Date.now();
          }
        });
        const typed = Date.now();
        assert.ok(await editor.edit((e) => e.replace(rank, "X")));
        const made = Date.now() - typed;
        await waitFor(`an error on line ${line + 1}`, () => (errorOnLine() ? true : undefined), 30_000);
        listening.dispose();
        const shown = (seen ?? Date.now()) - typed;
        const asked = Date.now();
        const after = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", uri);
        const around = (after ?? []).find((s) => s.range.contains(rank.start));
        timings.push(`${where} (line ${line + 1}): error shown after ${shown} ms (the edit made in ${made} ms); outline after the edit ${Date.now() - asked} ms (${around?.name})`);
        assert.ok(await editor.edit((e) => e.replace(new vscode.Range(rank.start, rank.start.translate(0, 1)), was)));
        changedAt = Date.now();
        await waitFor(`the error on line ${line + 1} to go`, () => (errorOnLine() ? undefined : true), 30_000);
        return shown;
      };
      // Each twice, in turns, once the editor has settled: the first edit of a file follows
      // its opening's work, a later one the work of the edit before. Then each once at the
      // worst moment.
      const nearStart = await errorAt("near the start", deals[1], true);
      const nearEnd = await errorAt("near the end", deals[deals.length - 2], true);
      const again = [await errorAt("near the start", deals[2], true), await errorAt("near the end", deals[deals.length - 3], true)];
      const atWorst = [
        await errorAt("near the start, as the outline comes in", deals[3], false),
        await errorAt("near the end, as the outline comes in", deals[deals.length - 4], false),
      ];
      note(`twenty-thousand.pbn (${doc.lineCount} lines): shown ${reading} ms after asking; then the outline in the breadcrumbs after ${inBreadcrumbs} ms ("${seen.breadcrumbs}"), handed to this test after ${outline} ms (${symbols.length} boards; asked again at once ${handing} ms), the first findings after ${findings} ms`);
      for (const t of timings) {
        note(t);
      }
      assert.ok(outline < 10_000, `the outline came ${outline} ms after opening`);
      assert.ok(inBreadcrumbs < 10_000, `the breadcrumbs showed the outline ${inBreadcrumbs} ms after opening`);
      // 2.5 s: a keystroke can still wait a second in VS Code's window (1.1 s seen) while it
      // takes in the outline asked at the previous pause; the issue saw 2.9 s near the end.
      assert.ok(Math.max(nearStart, nearEnd, ...again, ...atWorst) < 2_500, timings.join("; "));
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "play analysis: an RBN play line shows what each card cost at double dummy",
    timeoutMs: 60_000,
    nativeOnly: "the WebAssembly server has no play analysis (README: what the WebAssembly server gives up)",
    fn: async () => {
      const config = vscode.workspace.getConfiguration("kibitzer");
      await config.update("doubleDummy.playAnalysis", true, vscode.ConfigurationTarget.Workspace);
      try {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "played.rbn")));
        editor = await vscode.window.showTextDocument(doc, { preview: false });
        const at = new vscode.Position(4, 0);
        editor.selection = new vscode.Selection(at, at);
        // West's lead of H3 to trick 3 gave declarer a ninth trick: the server says so once the
        // analysis is done, and asks VS Code to draw the hints again.
        let facts: PageFacts | undefined;
        for (let attempt = 0; attempt < 20; attempt++) {
          await sleep(1000);
          facts = await snapshot("play-analysis-rbn");
          if (facts.inlayHints.some((h) => h.includes("−1"))) {
            break;
          }
        }
        assert.ok(facts?.inlayHints.some((h) => h.includes("−1")), `no −1 hint on screen: ${JSON.stringify(facts?.inlayHints)} (${facts?.screenshot})`);
        assert.ok(facts?.inlayHints.some((h) => h.includes("→")), `no trick-winner hint on screen (${facts?.screenshot})`);
      } finally {
        await config.update("doubleDummy.playAnalysis", undefined, vscode.ConfigurationTarget.Workspace);
        await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
      }
    },
  },
  {
    name: "board preview: opens beside the editor and draws the board at the cursor",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "preview.pbn")));
      editor = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      const deal = rangeOf(doc, '[Deal "N:', "Deal").start;
      editor.selection = new vscode.Selection(deal, deal);
      await vscode.commands.executeCommand("kibitzer.openBoardPreview");
      const state = await previewShows("board 1", (s) => s.board === "1");
      for (const text of ["North", "Sørensen", "Lévy", "10 HCP", "Auction", "five cards", "Contract", "by North", "took 10 tricks", "Before the lead"]) {
        assert.ok(state.text.includes(text), `"${text}" not in the preview:\n${state.text}`);
      }
      assert.ok(vscode.window.tabGroups.all.length >= 2, "the preview is not beside the editor");
      assert.equal(vscode.window.activeTextEditor?.document, doc, "the editor lost the focus");
      const facts = await snapshot("preview-dark");
      assert.match(facts.previewTheme, /vscode-dark/);
      assert.ok(facts.previewText.includes("Board 1"), `the page shows: ${facts.previewText}`);
    },
  },
  {
    name: "board preview: follows the cursor to another board",
    fn: async () => {
      const at = rangeOf(editor.document, '[Deal "E:', "Deal").start;
      editor.selection = new vscode.Selection(at, at);
      const state = await previewShows("board 2", (s) => s.board === "2");
      assert.ok(state.text.includes("2NT") && state.text.includes("20-22"), state.text);
      const back = rangeOf(editor.document, "CA CT C5 C2", "CA").start;
      editor.selection = new vscode.Selection(back, back);
      await previewShows("board 1 again", (s) => s.board === "1");
    },
  },
  {
    name: "board preview: ←/→, Home and End step through the tricks",
    fn: async () => {
      let facts = await snapshot("preview-step-2", { target: "preview", keys: ["ArrowRight", "ArrowRight"] });
      assert.equal(facts.keyboardError, "");
      assert.equal((await k()).preview()?.step, 2, facts.previewText);
      assert.ok(facts.previewText.includes("Trick 2 of 3"), facts.previewText);
      facts = await snapshot("preview-step-end", { target: "preview", keys: ["End", "ArrowLeft", "ArrowRight"] });
      assert.equal((await k()).preview()?.step, 3);
      assert.ok(facts.previewText.includes("Trick 3 of 3"), facts.previewText);
      facts = await snapshot("preview-step-home", { target: "preview", keys: ["Home"] });
      assert.equal((await k()).preview()?.step, 0);
      assert.ok(facts.previewText.includes("Before the lead"), facts.previewText);
      (await k()).pressInPreview("End");
      await previewShows("the last trick", (s) => s.step === 3);
    },
  },
  {
    name: "board preview: a card typed into the play shows within a second",
    fn: async () => {
      const doc = editor.document;
      const last = rangeOf(doc, "H6 H3 HK H9", "H9").end;
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: editor.viewColumn });
      editor.selection = new vscode.Selection(last, last);
      assert.ok(await editor.edit((e) => e.insert(last, "\nD4 DA DT")));
      await previewShows("the fourth trick begun", (s) => s.steps === 4 && s.step === 4);
      const started = Date.now();
      await vscode.commands.executeCommand("type", { text: " D7" });
      const version = doc.version;
      const state = await previewShows("the typed card", (s) => s.version >= version && s.text.includes("7"), 5_000);
      const elapsed = state.at - started;
      console.log(`board preview: drawn ${elapsed} ms after the card was typed`);
      assert.ok(elapsed < 1000, `the preview took ${elapsed} ms`);
      assert.ok(state.text.includes("Trick 4 of 4"), state.text);
      await snapshot("preview-typed");
      await vscode.commands.executeCommand("workbench.action.files.revert");
    },
  },
  {
    name: "board preview: a LIN board, the same view",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "match.lin")));
      editor = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      const at = new vscode.Position(0, 30);
      editor.selection = new vscode.Selection(at, at);
      const state = await previewShows("LIN board 7", (s) => s.board === "7" && s.uri === doc.uri.toString());
      for (const text of ["Sue", "Nat", "five cards", "by North", "LIN", "Before the lead"]) {
        assert.ok(state.text.includes(text), `"${text}" not in the preview:\n${state.text}`);
      }
      const facts = await snapshot("preview-lin", { target: "preview", keys: ["End"] });
      assert.ok(facts.previewText.includes("Trick 2 of 2"), facts.previewText);
      const back = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "preview.pbn")));
      editor = await vscode.window.showTextDocument(back, { preview: false, viewColumn: vscode.ViewColumn.One });
    },
  },
  {
    name: "board preview: a binary DUP file opened from the command palette, its second board",
    fn: async () => {
      await vscode.commands.executeCommand("kibitzer.previewDealingFile", vscode.Uri.file(path.join(workspaceRoot(), "machine.dup")));
      const active = vscode.window.activeTextEditor;
      assert.ok(active && active.document.languageId === "dup", "the DUP file is not the active editor");
      editor = active;
      const at = new vscode.Position(0, 160);
      editor.selection = new vscode.Selection(at, at);
      const state = await previewShows("DUP board 2", (s) => s.board === "2" && s.uri === editor.document.uri.toString());
      for (const text of ["Board 2", "East", "DUP"]) {
        assert.ok(state.text.includes(text), `"${text}" not in the preview:\n${state.text}`);
      }
      const facts = await snapshot("preview-dup");
      assert.ok(facts.previewText.includes("Board 2"), facts.previewText);
      // The preview steps through the file's boards itself (Page Down / Page Up, or its
      // buttons): in a binary file the cursor's column is no way to find a board.
      (await k()).pressInPreview("PageUp");
      await previewShows("DUP board 1 after Page Up", (s) => s.board === "1");
      (await k()).pressInPreview("PageDown");
      await previewShows("DUP board 2 after Page Down", (s) => s.board === "2");
      (await k()).pressInPreview("PageUp");
      await previewShows("DUP board 1 after Page Up again", (s) => s.board === "1");
      const stepped = await snapshot("preview-dup-board-1");
      assert.ok(stepped.previewText.includes("Next board") || stepped.previewText.includes("Board ▶"), stepped.previewText);
      const back = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "preview.pbn")));
      editor = await vscode.window.showTextDocument(back, { preview: false, viewColumn: vscode.ViewColumn.One });
    },
  },
  {
    name: "a handviewer address pasted into a .lin file: its board drawn on hover",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "handviewer.lin")));
      editor = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      await showHoverAt(new vscode.Position(0, 20), true);
      const facts = await snapshot("lin-handviewer-hover", 260);
      for (const text of ["handviewer", "North", "♠", "HCP"]) {
        assert.ok(facts.hoverText.includes(text), `no ${text} in the hover: ${JSON.stringify(facts.hoverText)} (${facts.screenshot})`);
      }
      await hideHover();
      const back = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "preview.pbn")));
      editor = await vscode.window.showTextDocument(back, { preview: false, viewColumn: vscode.ViewColumn.One });
    },
  },
  {
    name: "board preview: light and high-contrast themes",
    fn: async () => {
      const at = rangeOf(editor.document, '[Deal "N:', "Deal").start;
      editor.selection = new vscode.Selection(at, at);
      await previewShows("board 1", (s) => s.board === "1");
      const workbench = vscode.workspace.getConfiguration("workbench");
      const before = workbench.get<string>("colorTheme");
      try {
        for (const [theme, kind, name] of [
          ["Light Modern", "vscode-light", "preview-light"],
          ["Default High Contrast", "vscode-high-contrast", "preview-high-contrast"],
        ]) {
          await workbench.update("colorTheme", theme, vscode.ConfigurationTarget.Workspace);
          await sleep(1500);
          const facts = await snapshot(name);
          assert.ok(facts.previewTheme.split(" ").includes(kind), `${theme}: body ${facts.previewTheme} (${facts.screenshot})`);
          assert.ok(facts.previewText.includes("Board 1"), facts.previewText);
        }
      } finally {
        await workbench.update("colorTheme", before, vscode.ConfigurationTarget.Workspace);
      }
    },
  },
  {
    name: "a 20,000-game file with a finding in every game stays fluid: outline, a new error, typing with the preview open",
    timeoutMs: 240_000,
    fn: async () => {
      // About 8 MB, held to export format: every game has findings (missing tags), as the
      // 100,000-game benchmark's deals written from North have.
      const board = fs.readFileSync(path.join(workspaceRoot(), "preview.pbn"), "utf8").split("\n\n")[0].replace(/^%.*\n/gm, "");
      const games = 20_000;
      const boards: string[] = [];
      for (let n = 1; n <= games; n++) {
        boards.push(board.replace('[Board "1"]', `[Board "${n}"]`));
      }
      const file = path.join(workspaceRoot(), "fluid.pbn");
      fs.writeFileSync(file, "% PBN 2.1\n% EXPORT\n" + boards.join("\n\n") + "\n");
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      editor = await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      await waitFor("the first diagnostics", () => (vscode.languages.getDiagnostics(doc.uri).length > 0 ? true : undefined), 60_000);
      // What the editor asks for on opening (tokens, folding, outline) settles first.
      await sleep(5000);
      // The game in the middle: its Dealer and Event lines.
      const lines = doc.getText().split("\n");
      const middle = lines.indexOf(`[Board "${games / 2}"]`);
      const dealer = lines.findIndex((l, i) => i > middle && l.startsWith("[Dealer "));
      const event = lines.lastIndexOf('[Event "Preview"]', middle);

      let t = Date.now();
      const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", doc.uri);
      const outlineMs = Date.now() - t;
      assert.equal(symbols?.length, games);

      t = Date.now();
      await editor.edit((e) => e.replace(new vscode.Range(dealer, 9, dealer, 10), "Q"));
      await waitFor("the new error", () =>
        vscode.languages.getDiagnostics(doc.uri).some((d) => d.range.start.line === dealer && d.severity === vscode.DiagnosticSeverity.Error) ? true : undefined,
      );
      const errorMs = Date.now() - t;
      await editor.edit((e) => e.replace(new vscode.Range(dealer, 9, dealer, 10), "N"));

      // 29 keystrokes into the middle game's Event, each waited for.
      const typing = async (): Promise<number> => {
        const at = new vscode.Position(event, lines[event].length - 2);
        editor.selection = new vscode.Selection(at, at);
        await sleep(500);
        const started = Date.now();
        for (const c of "abcdefghijklmnopqrstuvwxyzabc") {
          await vscode.commands.executeCommand("type", { text: c });
        }
        const ms = Date.now() - started;
        assert.ok(doc.lineAt(event).text.includes('abc"'), doc.lineAt(event).text);
        await editor.edit((e) => e.delete(new vscode.Range(event, lines[event].length - 2, event, lines[event].length + 27)));
        return ms;
      };
      for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
        if (tab.input instanceof vscode.TabInputWebview) {
          await vscode.window.tabGroups.close(tab);
        }
      }
      // A first run while the editor still colours the whole file (its grammar works through
      // it in the background for many seconds), not counted; then closed, open, closed.
      const warmUpMs = await typing();
      const closedMs = [await typing()];
      await vscode.commands.executeCommand("kibitzer.openBoardPreview");
      await previewShows(`board ${games / 2}`, (s) => s.board === String(games / 2), 30_000);
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.One });
      const openMs = await typing();
      for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
        if (tab.input instanceof vscode.TabInputWebview) {
          await vscode.window.tabGroups.close(tab);
        }
      }
      closedMs.push(await typing());
      note(`20,000 games: outline ${outlineMs} ms (target 2000); a new error shown ${errorMs} ms after the edit (target 500); 29 keystrokes ${closedMs.join(" and ")} ms with the preview closed (before and after; ${warmUpMs} ms on first typing), ${openMs} ms open (${(openMs / Math.min(...closedMs)).toFixed(2)}x the faster)`);
      // Bounds well above the targets: a slow machine must not fail here; the figures are in the note.
      assert.ok(outlineMs < 10_000, `outline ${outlineMs} ms`);
      assert.ok(errorMs < 5_000, `new error ${errorMs} ms`);
      assert.ok(openMs < 3 * Math.max(...closedMs) + 2_000, `typing ${openMs} ms with the preview, ${closedMs.join(" and ")} ms without`);
      await vscode.commands.executeCommand("workbench.action.files.revert");
      await vscode.commands.executeCommand("workbench.action.closeActiveEditor");
    },
  },
];

async function k(): Promise<KibitzerApi> {
  const ext = vscode.extensions.getExtension<KibitzerApi>("kibitzer.kibitzer");
  assert.ok(ext);
  return ext.isActive ? ext.exports : await ext.activate();
}

/** Waits until the board preview has drawn what `wanted` accepts. */
async function previewShows(what: string, wanted: (s: PreviewState) => boolean, timeoutMs = 15_000): Promise<PreviewState> {
  const api = await k();
  try {
    return await waitFor(`the preview to show ${what}`, () => {
      const state = api.preview();
      return state && wanted(state) ? state : undefined;
    }, timeoutMs);
  } catch (e) {
    throw new Error(`${String(e)}; it shows ${JSON.stringify(api.preview())}`);
  }
}

export async function run(): Promise<void> {
  await sleep(1000);
  const api = await k();
  await api.ready();
  const onWasm = api.server()?.source === "wasm";
  if (process.env.KIBITZER_EXPECT_WASM) {
    assert.ok(onWasm, `this run is for the WebAssembly server, but the extension found ${JSON.stringify(api.server())}`);
    note(`on the WebAssembly server: ${api.server()?.command}`);
  }
  await runTests("ui", [...tests, ...tests2], onWasm);
}
