// The UI test: runs in the extension host like the integration tests, puts the editor in a state
// (a file open, the cursor on a mistake, a hover shown), then asks the Playwright driver outside
// to take a screenshot and to read what the page shows. Requests and answers are JSON files in
// <workspace>/.ui/, which both sides can reach (the extension host runs on this machine).

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { runTests, sleep, Test, waitFor, workspaceRoot } from "./harness";

/** What the driver reads from the page after taking the screenshot. */
interface PageFacts {
  screenshot: string;
  /** Distinct token colour classes (mtkN) in the visible editor lines. */
  tokenClasses: number;
  /** Error squiggles drawn in the editor. */
  errorSquiggles: number;
  /** The text of the visible hover, "" when none. */
  hoverText: string;
}

async function snapshot(name: string, growHover = 0): Promise<PageFacts> {
  const dir = path.join(workspaceRoot(), ".ui");
  fs.mkdirSync(dir, { recursive: true });
  const answer = path.join(dir, `${name}.answer.json`);
  fs.rmSync(answer, { force: true });
  fs.writeFileSync(path.join(dir, `${name}.request.json`), JSON.stringify({ name, growHover }));
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

export async function run(): Promise<void> {
  await sleep(1000);
  await runTests("ui", tests);
}
