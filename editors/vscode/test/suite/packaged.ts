// Runs against the packaged extension (the .vsix unpacked), with no kibitzer.server.path: the
// minified client must find the server bundled inside the package and answer a hover.

import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { KibitzerApi } from "../../src/extension";
import { runTests, sleep, Test, waitFor, workspaceRoot } from "./harness";

const tests: Test[] = [
  {
    name: "the packaged extension starts the server bundled in the .vsix",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "errors.pbn")));
      await vscode.window.showTextDocument(doc);
      assert.equal(doc.languageId, "pbn");
      assert.equal(vscode.workspace.getConfiguration("kibitzer").get("server.path"), "", "this workspace sets no server path");
      const ext = vscode.extensions.getExtension<KibitzerApi>("kibitzer.kibitzer");
      assert.ok(ext);
      const api = ext.isActive ? ext.exports : await ext.activate();
      await api.ready();
      const server = api.server();
      assert.equal(server?.source, "bundled", `server: ${JSON.stringify(server)}`);
      assert.equal(server.command, path.join(ext.extensionPath, "server", `${process.platform}-${process.arch}`, "kibitzer"));
      const client = api.client();
      assert.ok(client);
      await waitFor("the client to run", () => (client.isRunning() ? true : undefined));
      assert.equal(client.initializeResult?.serverInfo?.name, "kibitzer");
    },
  },
  {
    name: "the package carries the repository's grammars unchanged",
    fn: async () => {
      const ext = vscode.extensions.getExtension("kibitzer.kibitzer");
      assert.ok(ext);
      const grammars = ext.packageJSON.contributes.grammars as { scopeName: string; path: string }[];
      for (const notation of ["pbn", "rbn"]) {
        const grammar = grammars.find((g) => g.scopeName === `source.${notation}`);
        assert.ok(grammar, `no source.${notation} grammar contributed`);
        // This file runs from editors/vscode/out/test/; the repository's grammars are in syntaxes/.
        const source = path.resolve(__dirname, "..", "..", "..", "..", "syntaxes", `${notation}.tmLanguage.json`);
        const packaged = path.join(ext.extensionPath, grammar.path);
        assert.equal(fs.readFileSync(packaged, "utf8"), fs.readFileSync(source, "utf8"));
      }
    },
  },
  {
    name: "the bundled server answers a hover on the Deal",
    fn: async () => {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceRoot(), "errors.pbn")));
      const line = doc.getText().split("\n").findIndex((l) => l.startsWith('[Deal "N:A643.KJT8.92.AK3 2.'));
      const text = await waitFor("a hover", async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>("vscode.executeHoverProvider", doc.uri, new vscode.Position(line, 2));
        const t = (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === "string" ? c : c.value)).join("\n");
        return t.includes("♠") ? t : undefined;
      });
      assert.match(text, /HCP/);
    },
  },
];

export async function run(): Promise<void> {
  await sleep(500);
  await runTests("packaged", tests);
}
