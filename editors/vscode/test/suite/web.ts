// The extension in VS Code's web worker extension host, as VS Code for the web runs it: the
// server is Kibitzer compiled to WebAssembly in a worker, a second worker solves deals. No Node
// here (no fs, no process): results go to the console, which the driver collects, and a failure
// rejects `run`, which ends the workbench with a non-zero code.

import * as vscode from "vscode";

type WebApi = {
  client(): { isRunning(): boolean; initializeResult?: { serverInfo?: { name?: string } } } | undefined;
  server(): { source: string };
  ready(): Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(200);
  }
}

function check(condition: unknown, message: string): void {
  if (!condition) {
    throw new Error(message);
  }
}

function fixture(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error("the web suite needs a workspace folder");
  }
  return vscode.Uri.joinPath(folder.uri, name);
}

async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", uri, position);
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === "string" ? c : (c as vscode.MarkdownString).value))
    .join("\n");
}

const tests: { name: string; fn: () => Promise<void> }[] = [
  {
    name: "the extension runs in the web worker host with the WebAssembly server",
    fn: async () => {
      check(typeof (globalThis as { process?: unknown }).process === "undefined" || typeof navigator !== "undefined", "not in a web worker");
      const ext = vscode.extensions.getExtension<WebApi>("kibitzer.kibitzer");
      check(ext, "the extension is not installed");
      const api = ext!.isActive ? ext!.exports : await ext!.activate();
      await api.ready();
      check(api.server().source === "wasm", `server: ${JSON.stringify(api.server())}`);
      const client = api.client();
      await waitFor("the client to run", () => (client?.isRunning() ? true : undefined));
      check(client?.initializeResult?.serverInfo?.name === "kibitzer", "the server did not say its name");
    },
  },
  {
    name: "diagnostics: the errors of a PBN file are underlined",
    fn: async () => {
      const uri = fixture("errors.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const found = await waitFor("diagnostics", () => {
        const d = vscode.languages.getDiagnostics(uri);
        return d.length > 0 ? d : undefined;
      });
      const codes = found.map((d) => String(typeof d.code === "object" ? d.code.value : d.code));
      check(codes.includes("D203") || codes.some((c) => /^[ADPTX]\d{3}$/.test(c)), `codes: ${codes.join(", ")}`);
      console.log(`web: ${found.length} diagnostics on errors.pbn: ${[...new Set(codes)].join(", ")}`);
    },
  },
  {
    name: "hover: the Deal draws the hands, then the double-dummy table and par",
    fn: async () => {
      const uri = fixture("preview.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const line = doc.getText().split("\n").findIndex((l) => l.startsWith("[Deal "));
      const at = new vscode.Position(line, 10);
      const first = await waitFor("a hover", async () => {
        const text = await hoverText(uri, at);
        return text.includes("HCP") ? text : undefined;
      });
      check(first.includes("♠ A K Q J"), first);
      const solved = await waitFor("the double-dummy table", async () => {
        const text = await hoverText(uri, at);
        return text.includes("Par") ? text : undefined;
      });
      check(/DD\s+NT/.test(solved), solved);
    },
  },
  {
    name: "completion: the legal calls after an opening",
    fn: async () => {
      const uri = fixture("auction.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const lines = doc.getText().split("\n");
      const line = lines.findIndex((l) => l.startsWith("1H Pass"));
      const list = await waitFor("completions", async () => {
        const found = await vscode.commands.executeCommand<vscode.CompletionList>(
          "vscode.executeCompletionItemProvider",
          uri,
          new vscode.Position(line, lines[line].length),
        );
        return found && found.items.length > 0 ? found : undefined;
      });
      const labels = list.items.map((i) => (typeof i.label === "string" ? i.label : i.label.label));
      check(labels.includes("1S") && labels.includes("Pass") && !labels.includes("1C"), labels.join(" "));
    },
  },
  {
    name: "formatting: Format Document gives kibitzer fmt's edits",
    fn: async () => {
      const uri = fixture("messy.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const edits = await waitFor("formatting edits", async () => {
        const found = await vscode.commands.executeCommand<vscode.TextEdit[]>("vscode.executeFormatDocumentProvider", uri, {
          tabSize: 2,
          insertSpaces: true,
        });
        return found && found.length > 0 ? found : undefined;
      });
      console.log(`web: ${edits.length} formatting edits on messy.pbn`);
    },
  },
  {
    name: "Format Document to Strict Export Format works on the WebAssembly server too",
    fn: async () => {
      const uri = fixture("messy.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const applied = await vscode.commands.executeCommand<boolean>("kibitzer.formatExport");
      if (applied !== true) {
        throw new Error("the command reported a failure");
      }
      const lines = doc.getText().split(/\r?\n/);
      if (lines[0] !== "% PBN 2.1" || lines[1] !== "% EXPORT") {
        throw new Error(`no export header: ${lines.slice(0, 3).join(" / ")}`);
      }
      await vscode.commands.executeCommand("workbench.action.revertAndCloseActiveEditor");
    },
  },
  {
    name: "the board preview opens and draws the board at the cursor",
    fn: async () => {
      const uri = fixture("preview.pbn");
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc);
      editor.selection = new vscode.Selection(new vscode.Position(3, 1), new vscode.Position(3, 1));
      await vscode.commands.executeCommand("kibitzer.openBoardPreview");
      const ext = vscode.extensions.getExtension<WebApi & { preview(): { text: string } | undefined }>("kibitzer.kibitzer");
      const state = await waitFor("the preview to draw", () => {
        const shown = ext?.exports.preview();
        return shown && shown.text.includes("Board 1") ? shown : undefined;
      });
      check(state.text.includes("North"), state.text);
    },
  },
];

export async function run(): Promise<void> {
  await sleep(1000);
  let failed = 0;
  for (const t of tests) {
    const started = Date.now();
    try {
      await t.fn();
      console.log(`ok   ${t.name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name} (${Date.now() - started} ms): ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    }
  }
  console.log(`web: ${tests.length - failed} passed, ${failed} failed`);
  if (failed > 0) {
    throw new Error(`${failed} of ${tests.length} web tests failed`);
  }
}
