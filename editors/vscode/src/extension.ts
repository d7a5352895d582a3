// The Kibitzer extension: starts `kibitzer lsp` for PBN, RBN and LIN documents and adds a few
// commands.

import * as fs from "node:fs";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import * as vscode from "vscode";
import {
  createMessageConnection,
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  PortMessageWriter,
  RevealOutputChannelOn,
  ServerOptions,
  TextEdit as LspTextEdit,
} from "vscode-languageclient/node";
import { ENCODED_LANGUAGES, settleEncoding } from "./encoding";
import { BOARD_REQUEST, BoardPreview, PREVIEW_LANGUAGES, PreviewState } from "./preview";
import { findServer, ServerLocation, ServerNotFound } from "./server";
import { PostedMessageReader } from "./wasm/posted-reader";
import { attachSolver } from "./wasm/solving";
import {
  ClientHost,
  clientMiddleware,
  noteDocumentChanges,
  convertDocument,
  formatExportDocument,
  dealingFileProvider,
  explainProvider,
  fixAll,
  openBoardPreview,
  openInHandviewer,
  previewDealingFile,
  serverSettings,
  stopClient as stopQuietly,
} from "./client-common";

export { convertedUri, SERVER_CONVERT_COMMAND, serverSettings } from "./client-common";
export type { Conversion, ServerSettings } from "./client-common";

/** The command a server may advertise to format one document to strict export format. */

/** What the extension hands to others (its tests among them). */
export interface KibitzerApi {
  client(): LanguageClient | undefined;
  server(): ServerLocation | undefined;
  /** Resolves when the current start attempt has finished (started or failed). */
  ready(): Promise<void>;
  /** What the board preview last drew, `undefined` when it is closed or has drawn nothing. */
  preview(): PreviewState | undefined;
  /** Presses a key in the board preview (as a user would there). */
  pressInPreview(key: "ArrowLeft" | "ArrowRight" | "Home" | "End" | "PageUp" | "PageDown"): void;
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
  const preferWasm = vscode.workspace.getConfiguration("kibitzer").get<boolean>("server.webAssembly", false);
  try {
    location = findServer(configured, context.extensionPath, folder, process.env, preferWasm);
  } catch (e) {
    location = undefined;
    if (!(e instanceof ServerNotFound)) {
      throw e;
    }
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
  let serverOptions: ServerOptions;
  let solver: Worker | undefined;
  if (location.source === "wasm") {
    log(`starting the WebAssembly server ${location.command} (${preferWasm ? "kibitzer.server.webAssembly is set" : `no native server for ${process.platform}-${process.arch}`})`);
    const script = path.join(context.extensionPath, "out", "wasm", "server-node.js");
    const workerData = { wasm: location.command };
    serverOptions = async () => {
      const worker = new Worker(script, { workerData });
      return { reader: postedReader(worker), writer: new PortMessageWriter(worker) };
    };
    // A second session solves deals for the hovers and the board preview.
    solver = new Worker(script, { workerData });
  } else {
    log(`starting ${location.command} lsp (found via ${location.source})`);
    // No `transport`: the client then speaks over stdio without adding a `--stdio` argument.
    serverOptions = {
      run: { command: location.command, args: ["lsp"] },
      debug: { command: location.command, args: ["lsp"] },
    };
  }
  const clientOptions: LanguageClientOptions = {
    documentSelector: ["pbn", "rbn", "lin", "dlm", "dup", "bri", "dge"].map((language) => ({ language })),
    initializationOptions: serverSettings(),
    outputChannel: output,
    traceOutputChannel: traceChannel(context),
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: clientMiddleware(() => client),
  };
  const c = new LanguageClient("kibitzer", "Kibitzer", serverOptions, clientOptions);
  client = c;
  if (solver !== undefined) {
    const worker = solver;
    const connection = createMessageConnection(postedReader(worker), new PortMessageWriter(worker));
    connection.listen();
    const attached = attachSolver(c, connection);
    stopSolver = () => {
      attached.dispose();
      void worker.terminate();
    };
  }
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

/** Ends the WebAssembly server's solving worker, when there is one. */
let stopSolver: () => void = () => undefined;

async function stopClient(): Promise<void> {
  stopSolver();
  stopSolver = () => undefined;
  const c = client;
  client = undefined;
  await stopQuietly(c, log);
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

/** The running client, as the shared commands see it. */
const host: ClientHost = { client: () => client, ready: () => starting, log };

export async function activate(context: vscode.ExtensionContext): Promise<KibitzerApi> {
  output = vscode.window.createOutputChannel("Kibitzer");
  noteDocumentChanges(context.subscriptions);
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("kibitzer.restartServer", () => restart(context)),
    vscode.commands.registerCommand("kibitzer.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("kibitzer.formatExport", () => formatExportDocument(host)),
    vscode.commands.registerCommand("kibitzer.convertDocument", (to?: string, saveTo?: string) => convertDocument(host, to, saveTo)),
    vscode.commands.registerCommand("kibitzer.fixAll", () => fixAll()),
    vscode.commands.registerCommand("kibitzer.openBoardPreview", () => {
      preview = openBoardPreview(context, preview, host);
    }),
    dealingFileProvider(),
    explainProvider(host),
    vscode.commands.registerCommand("kibitzer.previewDealingFile", async (file?: vscode.Uri) => {
      preview = await previewDealingFile(context, preview, host, file);
    }),
    vscode.commands.registerCommand("kibitzer.openInHandviewer", () => openInHandviewer(host)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("kibitzer.server.path") || event.affectsConfiguration("kibitzer.server.webAssembly")) {
        log("the server's setting changed: restarting the server");
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

/** Reads what a session's worker thread posts. */
function postedReader(worker: Worker): PostedMessageReader {
  return new PostedMessageReader({
    onMessage: (handler) => worker.on("message", handler),
    onError: (handler) => worker.on("error", handler),
  });
}
