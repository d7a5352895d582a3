// The extension in VS Code for the web (vscode.dev, github.dev, code-server's web worker
// extension host): the language server is Kibitzer compiled to WebAssembly, in a worker of its
// own, with a second worker that solves deals for the hovers and the board preview. Everything
// that asks the server works as on the desktop; what needs the kibitzer program (strict export
// formatting through the command line) says so.

import * as vscode from "vscode";
import {
  BrowserMessageWriter,
  createMessageConnection,
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  MessageTransports,
  RevealOutputChannelOn,
} from "vscode-languageclient/browser";
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
  stopClient,
} from "../client-common";
import { BoardPreview, PreviewState } from "../preview";
import { PostedMessageReader } from "../wasm/posted-reader";
import { attachSolver } from "../wasm/solving";

let client: LanguageClient | undefined;
let starting: Promise<void> = Promise.resolve();
let output: vscode.OutputChannel;
let preview: BoardPreview | undefined;
const workers: Worker[] = [];

function log(line: string): void {
  output.appendLine(`[${new Date().toISOString()}] ${line}`);
}

/** The bytes of one of the extension's files: fetched where the extension is on the web
 * (vscode.dev), read through the editor's file system where it is elsewhere (a remote). */
async function extensionFile(uri: vscode.Uri): Promise<Uint8Array> {
  if (uri.scheme === "http" || uri.scheme === "https") {
    const response = await fetch(uri.toString(true));
    if (!response.ok) {
      throw new Error(`${uri.toString(true)}: ${response.status} ${response.statusText}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
  return vscode.workspace.fs.readFile(uri);
}

/** A worker holding a session of the WebAssembly server. The extension's files may come from
 * another origin than the extension host's (a CDN, a remote), and a worker's script must be of
 * its own: the script is read here and started as a blob, and the module's bytes are its first
 * message. */
async function sessionWorker(context: vscode.ExtensionContext): Promise<Worker> {
  const [code, bytes] = await Promise.all([
    extensionFile(vscode.Uri.joinPath(context.extensionUri, "out", "wasm", "server-browser.js")),
    extensionFile(vscode.Uri.joinPath(context.extensionUri, "server", "kibitzer.wasm")),
  ]);
  const worker = new Worker(URL.createObjectURL(new Blob([new TextDecoder().decode(code)], { type: "text/javascript" })));
  const module = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  worker.postMessage({ kibitzerWasm: module }, [module]);
  workers.push(worker);
  return worker;
}

/** Reads what a session's worker posts. */
function postedReader(worker: Worker): PostedMessageReader {
  return new PostedMessageReader({
    onMessage: (handler) => worker.addEventListener("message", (event) => handler(event.data)),
    onError: (handler) => worker.addEventListener("error", handler),
  });
}

/** The language client of a session's worker, reading the answers it posts as JSON text. */
class SessionClient extends LanguageClient {
  constructor(id: string, name: string, options: LanguageClientOptions, private readonly session: Worker) {
    super(id, name, options, session);
  }

  protected createMessageTransports(): Promise<MessageTransports> {
    return Promise.resolve({ reader: postedReader(this.session), writer: new BrowserMessageWriter(this.session) });
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const clientOptions: LanguageClientOptions = {
    documentSelector: ["pbn", "rbn", "lin", "dlm", "dup", "bri", "dge"].map((language) => ({ language })),
    initializationOptions: serverSettings(),
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    middleware: clientMiddleware(() => client),
  };
  const c = new SessionClient("kibitzer", "Kibitzer", clientOptions, await sessionWorker(context));
  client = c;
  const solver = await sessionWorker(context);
  const connection = createMessageConnection(postedReader(solver), new BrowserMessageWriter(solver));
  connection.listen();
  context.subscriptions.push(attachSolver(c, connection));
  try {
    await c.start();
    const info = c.initializeResult?.serverInfo;
    log(`WebAssembly server started: ${info?.name ?? "?"} ${info?.version ?? ""}`);
  } catch (e) {
    log(`the WebAssembly server failed to start: ${String(e)}`);
    void vscode.window.showErrorMessage(`Kibitzer: the language server did not start (${String(e)}).`);
  }
}

const host: ClientHost = { client: () => client, ready: () => starting, log };

/** What the extension hands to others (its tests among them), as on the desktop. */
export interface KibitzerWebApi {
  client(): LanguageClient | undefined;
  server(): { command: string; source: "wasm" };
  ready(): Promise<void>;
  /** What the board preview last drew, `undefined` when it is closed or has drawn nothing. */
  preview(): PreviewState | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<KibitzerWebApi> {
  output = vscode.window.createOutputChannel("Kibitzer");
  noteDocumentChanges(context.subscriptions);
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("kibitzer.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("kibitzer.restartServer", async () => {
      await stop();
      starting = startClient(context);
      await starting;
    }),
    vscode.commands.registerCommand("kibitzer.formatExport", () => formatExportDocument(host)),
    vscode.commands.registerCommand("kibitzer.convertDocument", (to?: string, saveTo?: string) => convertDocument(host, to, saveTo)),
    vscode.commands.registerCommand("kibitzer.fixAll", () => fixAll()),
    vscode.commands.registerCommand("kibitzer.openInHandviewer", () => openInHandviewer(host)),
    vscode.commands.registerCommand("kibitzer.openBoardPreview", () => {
      preview = openBoardPreview(context, preview, host);
    }),
    dealingFileProvider(),
    explainProvider(host),
    vscode.commands.registerCommand("kibitzer.previewDealingFile", async (file?: vscode.Uri) => {
      preview = await previewDealingFile(context, preview, host, file);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("kibitzer") && client?.isRunning()) {
        void client.sendNotification(DidChangeConfigurationNotification.type, { settings: { kibitzer: serverSettings() } });
      }
    }),
    { dispose: () => void stop() },
  );
  starting = startClient(context);
  return {
    client: () => client,
    server: () => ({ command: "server/kibitzer.wasm", source: "wasm" }),
    ready: () => starting,
    preview: () => (preview?.isOpen() ? preview.state() : undefined),
  };
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  await stopClient(c, log);
  for (const worker of workers.splice(0)) {
    worker.terminate();
  }
}

export async function deactivate(): Promise<void> {
  await stop();
}
