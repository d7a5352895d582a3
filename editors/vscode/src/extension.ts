// The Kibitzer extension: starts `kibitzer lsp` for PBN, RBN and LIN documents and adds a few
// commands.

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TextEdit as LspTextEdit,
} from "vscode-languageclient/node";
import { ENCODED_LANGUAGES, settleEncoding } from "./encoding";
import { BOARD_REQUEST, BoardPreview, PREVIEW_LANGUAGES, PreviewState } from "./preview";
import { findServer, ServerLocation, ServerNotFound } from "./server";

/** The server's command that converts a document to the other notation. */
export const SERVER_CONVERT_COMMAND = "kibitzer.convert";

/** What the server's `kibitzer.convert` answers. */
export interface Conversion {
  text: string;
  language: string;
  /** What the target notation cannot express. */
  warnings: string[];
  /** The source's text that could not be read, place by place (older servers leave it out). */
  unread?: string[];
}

/** The command a server may advertise to format one document to strict export format. */
export const SERVER_FORMAT_EXPORT_COMMAND = "kibitzer.lsp.formatExport";

/** What the server reads: `initializationOptions` and the answer to `workspace/configuration`. */
export interface ServerSettings {
  check: { export: boolean; minSeverity: string; doubleDummy: boolean };
  format: { eol: string; export: boolean };
  diagnostics: { debounceMs: number };
  doubleDummy: { enabled: boolean; playAnalysis: boolean };
}

export function serverSettings(scope?: vscode.ConfigurationScope): ServerSettings {
  const c = vscode.workspace.getConfiguration("kibitzer", scope);
  return {
    check: {
      export: c.get<boolean>("check.export", false),
      minSeverity: c.get<string>("check.minSeverity", "hint"),
      doubleDummy: c.get<boolean>("check.doubleDummy", false),
    },
    format: {
      eol: c.get<string>("format.eol", "keep"),
      export: c.get<boolean>("format.export", false),
    },
    diagnostics: { debounceMs: c.get<number>("diagnostics.debounceMs", 150) },
    doubleDummy: {
      enabled: c.get<boolean>("doubleDummy.enabled", true),
      playAnalysis: c.get<boolean>("doubleDummy.playAnalysis", false),
    },
  };
}

/** What the extension hands to others (its tests among them). */
export interface KibitzerApi {
  client(): LanguageClient | undefined;
  server(): ServerLocation | undefined;
  /** Resolves when the current start attempt has finished (started or failed). */
  ready(): Promise<void>;
  /** What the board preview last drew, `undefined` when it is closed or has drawn nothing. */
  preview(): PreviewState | undefined;
  /** Presses a key in the board preview (as a user would there). */
  pressInPreview(key: "ArrowLeft" | "ArrowRight" | "Home" | "End"): void;
}

let client: LanguageClient | undefined;
let location: ServerLocation | undefined;
let starting: Promise<void> = Promise.resolve();
let output: vscode.OutputChannel;
let preview: BoardPreview | undefined;
/** Created the first time tracing is on, so that no empty channel shows otherwise. */
let traceOutput: vscode.OutputChannel | undefined;

function log(line: string): void {
  const stamped = `[${new Date().toISOString()}] ${line}`;
  output.appendLine(stamped);
  // For the tests (and bug reports): a copy of the extension's own messages in a file.
  const copy = process.env.KIBITZER_EXTENSION_LOG;
  if (copy) {
    try {
      fs.appendFileSync(copy, stamped + "\n");
    } catch {
      // best effort
    }
  }
}

function tracing(): boolean {
  return vscode.workspace.getConfiguration("kibitzer").get<string>("trace.server", "off") !== "off";
}

/** The trace channel, made on first need; `undefined` while tracing is off and it was never made. */
function traceChannel(context: vscode.ExtensionContext): vscode.OutputChannel | undefined {
  if (traceOutput === undefined && tracing()) {
    traceOutput = vscode.window.createOutputChannel("Kibitzer Trace");
    context.subscriptions.push(traceOutput);
  }
  return traceOutput;
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const configured = vscode.workspace.getConfiguration("kibitzer").get<string>("server.path", "");
  if (process.env.KIBITZER_EXTENSION_LOG) {
    log(`server.path: ${JSON.stringify(vscode.workspace.getConfiguration("kibitzer").inspect("server.path"))}`);
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  try {
    location = findServer(configured, context.extensionPath, folder);
  } catch (e) {
    location = undefined;
    if (e instanceof ServerNotFound) {
      log(e.message);
      e.tried.forEach((t) => log(`  looked at: ${t}`));
      // Not awaited: the start (and the tests) must not wait for a click.
      void vscode.window.showErrorMessage(e.message, "Open Settings", "Show Output").then((choice) => {
        if (choice === "Open Settings") {
          void vscode.commands.executeCommand("workbench.action.openSettings", "kibitzer.server.path");
        } else if (choice === "Show Output") {
          output.show(true);
        }
      });
      return;
    }
    throw e;
  }
  log(`starting ${location.command} lsp (found via ${location.source})`);

  // No `transport`: the client then speaks over stdio without adding a `--stdio` argument.
  const serverOptions: ServerOptions = {
    run: { command: location.command, args: ["lsp"] },
    debug: { command: location.command, args: ["lsp"] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "pbn" }, { language: "rbn" }, { language: "lin" }],
    initializationOptions: serverSettings(),
    outputChannel: output,
    traceOutputChannel: traceChannel(context),
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: {
      // VS Code keeps one line-end style per document and converts the line ends of every edit
      // to it, so the server's CRLF or LF output alone cannot change it: when kibitzer.format.eol
      // asks for a style the document does not have, add the edit that switches it.
      provideDocumentFormattingEdits: async (document, options, token, next) => {
        const edits = (await next(document, options, token)) ?? [];
        const wanted = serverSettings(document.uri).format.eol;
        const eol = wanted === "crlf" ? vscode.EndOfLine.CRLF : wanted === "lf" ? vscode.EndOfLine.LF : undefined;
        if (eol !== undefined && document.eol !== eol) {
          return [...edits, vscode.TextEdit.setEndOfLine(eol)];
        }
        return edits;
      },
      workspace: {
        // Answer `workspace/configuration` for the section "kibitzer" with exactly the
        // settings the server reads (the generic answer would also carry server.path, trace).
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) {
            return answers;
          }
          return params.items.map((item, i) => {
            if (item.section === "kibitzer") {
              const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
              return serverSettings(scope);
            }
            return answers[i];
          });
        },
      },
    },
  };
  const c = new LanguageClient("kibitzer", "Kibitzer", serverOptions, clientOptions);
  client = c;
  try {
    await c.start();
    const info = c.initializeResult?.serverInfo;
    log(`server started: ${info?.name ?? "?"} ${info?.version ?? ""}`);
  } catch (e) {
    log(`the server failed to start: ${String(e)}`);
    void vscode.window.showErrorMessage(
      `Kibitzer: ${location.command} did not start as a language server (${String(e)}). ` +
        `It needs a kibitzer with the "lsp" command; see the output for details.`,
    );
  }
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    try {
      await c.stop(5000);
    } catch (e) {
      log(`stopping the server: ${String(e)}`);
    }
  }
}

/** Stops the client and starts a new one, after any start or restart under way: restarts
 * asked for at once (two settings changed together) run one after the other, so that no client
 * is started twice and left running unseen. */
function restart(context: vscode.ExtensionContext): Promise<void> {
  const next = starting.then(async () => {
    await stopClient();
    await startClient(context);
  });
  starting = next.catch(() => undefined);
  return next;
}

/** Runs `kibitzer fmt --export --eol <eol> --stdout -` on `text`. */
function formatWithCli(command: string, text: string, eol: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      ["fmt", "--export", "--eol", eol, "--stdout", "-"],
      { maxBuffer: 256 * 1024 * 1024, timeout: 30_000, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`${command} fmt --export failed: ${stderr.trim() || error.message}`));
        } else {
          resolve(stdout);
        }
      },
    );
    child.stdin?.end(text, "utf8");
  });
}

/**
 * Formats the active PBN document once to strict export format (header, mandatory tags),
 * whatever `kibitzer.format.export` says. Asks the server when it advertises the command
 * `kibitzer.lsp.formatExport`; otherwise runs the CLI (`kibitzer fmt --export --eol … --stdout -`).
 */
async function formatExport(): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "pbn") {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN document to format it.");
    return false;
  }
  const doc = editor.document;
  const version = doc.version;
  const edit = new vscode.WorkspaceEdit();
  try {
    const commands = client?.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    if (client !== undefined && commands.includes(SERVER_FORMAT_EXPORT_COMMAND)) {
      const result = await client.sendRequest(ExecuteCommandRequest.type, {
        command: SERVER_FORMAT_EXPORT_COMMAND,
        arguments: [{ uri: doc.uri.toString(), version }],
      });
      if (Array.isArray(result) && result.length > 0) {
        const edits = await client.protocol2CodeConverter.asTextEdits(result as LspTextEdit[]);
        edit.set(doc.uri, edits ?? []);
      }
    } else {
      if (location === undefined) {
        throw new Error("no kibitzer binary found (see the output)");
      }
      const text = doc.getText();
      const formatted = await formatWithCli(location.command, text, serverSettings(doc.uri).format.eol);
      if (formatted !== text) {
        const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(text.length));
        edit.replace(doc.uri, whole, formatted);
      }
    }
  } catch (e) {
    log(String(e));
    void vscode.window.showErrorMessage(`Kibitzer: formatting to export format failed: ${String(e)}`);
    return false;
  }
  if (edit.size === 0) {
    return true;
  }
  if (doc.version !== version) {
    void vscode.window.showWarningMessage("Kibitzer: the document changed while formatting; try again.");
    return false;
  }
  return vscode.workspace.applyEdit(edit);
}

/** The untitled document a conversion of `source` to `language` goes to: the source's name
 * with the target's extension, beside it (Save proposes that name and folder). */
export function convertedUri(source: vscode.Uri, language: string): vscode.Uri {
  const extension = `.${language}`;
  const stem = (path: string) => path.replace(/\.[^./\\]*$/, "");
  if (source.scheme === "file") {
    return vscode.Uri.file(stem(source.fsPath) + extension).with({ scheme: "untitled" });
  }
  const name = source.path.split("/").pop() || "converted";
  return vscode.Uri.from({ scheme: "untitled", path: stem(name) + extension });
}

/** Opens (or reuses) the untitled document for a conversion and fills it with `text`. */
async function openConverted(source: vscode.Uri, language: string, text: string): Promise<vscode.TextDocument> {
  const uri = convertedUri(source, language);
  let converted = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(converted.positionAt(0), converted.positionAt(converted.getText().length)), text);
  await vscode.workspace.applyEdit(edit);
  if (converted.languageId !== language) {
    converted = await vscode.languages.setTextDocumentLanguage(converted, language);
  }
  return converted;
}

/**
 * Converts the active PBN or RBN document to the other notation with the server's
 * `kibitzer.convert` and opens the result, unsaved, in an editor beside it. Text of the source
 * that could not be read, and what the target notation cannot express, are shown in warnings.
 * Resolves to the new document.
 */
async function convertDocument(): Promise<vscode.TextDocument | undefined> {
  const editor = vscode.window.activeTextEditor;
  const doc = editor?.document;
  if (editor === undefined || doc === undefined || !["pbn", "rbn", "lin"].includes(doc.languageId)) {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN, RBN or LIN document to convert it.");
    return undefined;
  }
  await starting;
  const c = client;
  if (c === undefined || !c.isRunning()) {
    void vscode.window.showErrorMessage("Kibitzer: the language server is not running (see the output).");
    return undefined;
  }
  let result: Conversion;
  try {
    result = (await c.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_CONVERT_COMMAND,
      arguments: [doc.uri.toString()],
    })) as Conversion;
  } catch (e) {
    log(`converting ${doc.uri.toString()}: ${String(e)}`);
    void vscode.window.showErrorMessage(`Kibitzer: the conversion failed: ${String(e)}`);
    return undefined;
  }
  if (typeof result?.text !== "string" || typeof result.language !== "string") {
    void vscode.window.showErrorMessage("Kibitzer: the server gave no converted text.");
    return undefined;
  }
  const converted = await openConverted(doc.uri, result.language, result.text);
  await vscode.window.showTextDocument(converted, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  const unread = Array.isArray(result.unread) ? result.unread.map(String) : [];
  if (unread.length > 0) {
    unread.forEach((w) => log(`not read: ${w}`));
    void vscode.window.showWarningMessage(`Kibitzer: text of the source could not be read and is left out: ${unread.join("; ")}`);
  }
  const warnings = Array.isArray(result.warnings) ? result.warnings.map(String) : [];
  if (warnings.length > 0) {
    const target = result.language.toUpperCase();
    warnings.forEach((w) => log(`${target} cannot express: ${w}`));
    void vscode.window.showWarningMessage(`Kibitzer: ${target} cannot express, and so leaves out: ${warnings.join("; ")}`);
  }
  return converted;
}

/** Reopens a bridge file in the encoding the server reads it in (see encoding.ts). */
async function settleEncodingLogged(document: vscode.TextDocument): Promise<void> {
  if (!ENCODED_LANGUAGES.includes(document.languageId)) {
    return;
  }
  const before = (document as { encoding?: string }).encoding;
  try {
    const after = await settleEncoding(document);
    if (after !== before) {
      log(`${document.uri.fsPath}: reopened as ${after} (VS Code had opened it as ${before})`);
    }
  } catch (e) {
    log(`${document.uri.fsPath}: could not reopen in its encoding: ${String(e)}`);
  }
}

/**
 * Opens the board at the cursor on BBO's handviewer in the browser (the address comes from the
 * server's `kibitzer/board`). Resolves to the address opened, if any.
 */
async function openInHandviewer(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const c = client;
  if (editor === undefined || c === undefined || !c.isRunning()) {
    void vscode.window.showWarningMessage("Kibitzer: open a bridge file (with the server running) to show a board.");
    return undefined;
  }
  const board = (await c.sendRequest(BOARD_REQUEST, {
    textDocument: { uri: c.code2ProtocolConverter.asUri(editor.document.uri) },
    position: c.code2ProtocolConverter.asPosition(editor.selection.active),
  })) as { handviewer?: string | null } | null;
  const url = board?.handviewer;
  if (typeof url !== "string") {
    void vscode.window.showWarningMessage("Kibitzer: the cursor is in no board with a known hand.");
    return undefined;
  }
  await vscode.env.openExternal(vscode.Uri.parse(url, true));
  return url;
}

/** Opens the board preview beside the active PBN, RBN or LIN editor. */
function openBoardPreview(context: vscode.ExtensionContext): void {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || !PREVIEW_LANGUAGES.includes(editor.document.languageId)) {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN, RBN or LIN document to preview its boards.");
    return;
  }
  if (preview === undefined) {
    preview = new BoardPreview(context.extensionUri, () => client, log);
    context.subscriptions.push(preview);
  }
  preview.open(editor);
}

export async function activate(context: vscode.ExtensionContext): Promise<KibitzerApi> {
  output = vscode.window.createOutputChannel("Kibitzer");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("kibitzer.restartServer", () => restart(context)),
    vscode.commands.registerCommand("kibitzer.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("kibitzer.formatExport", () => formatExport()),
    vscode.commands.registerCommand("kibitzer.convertDocument", () => convertDocument()),
    vscode.commands.registerCommand("kibitzer.openBoardPreview", () => openBoardPreview(context)),
    vscode.commands.registerCommand("kibitzer.openInHandviewer", () => openInHandviewer()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("kibitzer.server.path")) {
        log("kibitzer.server.path changed: restarting the server");
        void restart(context);
      } else if (event.affectsConfiguration("kibitzer.trace.server") && traceOutput === undefined && tracing()) {
        // The client takes its trace channel when it starts.
        log("kibitzer.trace.server is on: restarting the client with a trace channel");
        void restart(context);
      } else if (event.affectsConfiguration("kibitzer") && client?.isRunning()) {
        void client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { kibitzer: serverSettings() },
        });
      }
    }),
    vscode.workspace.onDidOpenTextDocument((document) => void settleEncodingLogged(document)),
    { dispose: () => void stopClient() },
  );
  vscode.workspace.textDocuments.forEach((document) => void settleEncodingLogged(document));
  starting = startClient(context);
  return {
    client: () => client,
    server: () => location,
    ready: () => starting,
    preview: () => (preview?.isOpen() ? preview.state() : undefined),
    pressInPreview: (key) => preview?.press(key),
  };
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
