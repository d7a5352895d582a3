// What the desktop extension (extension.ts) and VS Code for the web's (web/extension.ts) do
// alike with a running client: the settings the server reads, what the client changes on the
// way, and the commands that only ask the server (conversion, the handviewer).

import * as vscode from "vscode";
import { BaseLanguageClient, DocumentSymbolRequest, ExecuteCommandRequest, Middleware } from "vscode-languageclient";
import { BOARD_REQUEST, BoardPreview, PREVIEW_LANGUAGES } from "./preview";

/** What the commands need of the extension that runs them. */
export interface ClientHost {
  /** The client, when one is running. */
  client(): BaseLanguageClient | undefined;
  /** Resolves when the current start attempt has finished. */
  ready(): Promise<void>;
  /** Writes a line to the extension's output. */
  log(line: string): void;
}

/** The server's command that converts a document to the other notation. */
export const SERVER_CONVERT_COMMAND = "kibitzer.convert";

/** What the server's `kibitzer.convert` answers. */
export interface Conversion {
  text: string;
  language: string;
  /** What did not come back when the written text was read again (lost or changed), and the source's errors. */
  warnings: string[];
  /** The source's text that could not be read, place by place (older servers leave it out). */
  unread?: string[];
  /** A dealing machine's file (DUP, BRI, DGE, DLM) as its bytes in base64; null for a text notation. */
  bytes?: string | null;
}

/** What the server reads: `initializationOptions` and the answer to `workspace/configuration`. */
export interface ServerSettings {
  check: { export: boolean; minSeverity: string; doubleDummy: boolean };
  format: { eol: string; export: boolean };
  diagnostics: { debounceMs: number };
  doubleDummy: { enabled: boolean; playAnalysis: boolean };
}

/** The settings renamed for their titles (VS Code makes a setting's title from its key), with
 * the names they had before: an older name is still read where the new one is not set. */
export const RENAMED_SETTINGS: ReadonlyArray<[string, string]> = [
  ["check.problemsShown", "check.minSeverity"],
  ["check.strictExportFormat", "check.export"],
  ["check.doubleDummyResults", "check.doubleDummy"],
  ["check.delayAfterTyping", "diagnostics.debounceMs"],
  ["format.lineEnds", "format.eol"],
  ["format.strictExportFormat", "format.export"],
];

/** Whether a setting has a value of the user's anywhere (user, workspace, folder, language). */
function isSet(c: vscode.WorkspaceConfiguration, key: string): boolean {
  const i = c.inspect(key);
  return (
    i !== undefined &&
    [i.globalValue, i.workspaceValue, i.workspaceFolderValue, i.globalLanguageValue, i.workspaceLanguageValue,
      i.workspaceFolderLanguageValue].some((v) => v !== undefined)
  );
}

/** A setting's value by its current name, or by its older name when only that one is set. */
function setting<T>(c: vscode.WorkspaceConfiguration, key: string, fallback: T): T {
  const older = RENAMED_SETTINGS.find(([current]) => current === key)?.[1];
  if (older !== undefined && !isSet(c, key) && isSet(c, older)) {
    return c.get<T>(older, fallback);
  }
  return c.get<T>(key, fallback);
}

export function serverSettings(scope?: vscode.ConfigurationScope): ServerSettings {
  const c = vscode.workspace.getConfiguration("kibitzer", scope);
  // The server's own names stay as they were: Neovim, Emacs and the browser send them too.
  return {
    check: {
      export: setting(c, "check.strictExportFormat", false),
      minSeverity: setting(c, "check.problemsShown", "hint"),
      doubleDummy: setting(c, "check.doubleDummyResults", false),
    },
    format: {
      eol: setting(c, "format.lineEnds", "keep"),
      export: setting(c, "format.strictExportFormat", false),
    },
    diagnostics: { debounceMs: setting(c, "check.delayAfterTyping", 150) },
    doubleDummy: {
      enabled: c.get<boolean>("doubleDummy.enabled", true),
      playAnalysis: c.get<boolean>("doubleDummy.playAnalysis", false),
    },
  };
}

/** Documents longer than this (in characters) get semantic tokens for what is on screen only. */
const WHOLE_DOCUMENT_TOKENS_LIMIT = 1 << 20;

/** What a deal's hover says while its double dummy is being solved (`DOUBLE_DUMMY_PENDING` in
 * src/ide/diagram.rs). */
const SOLVING = "solving in the background";

/** How long a hover waits for its deal's table before it shows the note instead (VS Code says
 * "Loading..." meanwhile). */
const SOLVING_WAIT_MS = 4000;

/** Documents longer than this (in characters) get their outline and folds once typing pauses. */
const QUIET_OUTLINE_LIMIT = 1 << 20;

/** How long typing must pause before a large document's outline and folds are asked again. */
const QUIET_OUTLINE_MS = 1000;

/** The length of `document` in characters (without copying its text). */
function documentLength(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/** When each open document last changed (milliseconds, by URI). */
const lastChanges = new Map<string, number>();

/** The outline last asked of each document (by URI), with the version it is of. */
const outlines = new Map<string, { version: number; answer: Promise<vscode.SymbolInformation[] | vscode.DocumentSymbol[] | null | undefined> }>();

/** Starts noting when documents change; the listener goes with `subscriptions`. */
export function noteDocumentChanges(subscriptions: vscode.Disposable[]): void {
  subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) {
        lastChanges.set(e.document.uri.toString(), Date.now());
      }
    }),
    vscode.workspace.onDidCloseTextDocument((d) => {
      lastChanges.delete(d.uri.toString());
      outlines.delete(d.uri.toString());
    }),
  );
}

/** Waits until `document` has not changed for QUIET_OUTLINE_MS when it is large; throws a
 * cancellation when it changed meanwhile or the request was cancelled. A 20,000-game outline is
 * 20,000 symbols for VS Code's window to take in after every pause in typing: while it did,
 * the next keystroke waited (1.8 s seen), and with it the findings of the edit. */
async function typingPaused(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<void> {
  if (documentLength(document) <= QUIET_OUTLINE_LIMIT) {
    return;
  }
  const version = document.version;
  for (;;) {
    const since = Date.now() - (lastChanges.get(document.uri.toString()) ?? 0);
    if (since >= QUIET_OUTLINE_MS) {
      break;
    }
    await new Promise((done) => setTimeout(done, QUIET_OUTLINE_MS - since));
  }
  if (token.isCancellationRequested || document.version !== version) {
    throw new vscode.CancellationError();
  }
}

/** Whether `hover` is a deal's still waiting for its double dummy. */
function solving(hover: vscode.Hover | null | undefined): boolean {
  return (hover?.contents ?? []).some((part) => (typeof part === "string" ? part : part.value).includes(SOLVING));
}

/** Asks the outline of a large document that has just opened, through the client (and so
 * through `provideDocumentSymbols` below, which keeps it for VS Code). VS Code asks only once
 * the file is on screen, some tenths of a second after the server has the outline; asked
 * ahead, the outline is read and converted by then, and the breadcrumbs come that much
 * sooner. Not when the breadcrumbs are off: nothing may want it then. */
function askOutlineAhead(client: BaseLanguageClient | undefined, document: vscode.TextDocument): void {
  if (client === undefined || documentLength(document) <= QUIET_OUTLINE_LIMIT) {
    return;
  }
  if (!vscode.workspace.getConfiguration("breadcrumbs").get<boolean>("enabled", true)) {
    return;
  }
  const provider = client.getFeature(DocumentSymbolRequest.method)?.getProvider(document);
  const asked = provider?.provideDocumentSymbols(document, new vscode.CancellationTokenSource().token);
  // A failure here is VS Code's own request's to report, when it asks.
  Promise.resolve(asked).catch(() => undefined);
}

/** What the client changes between the editor and the server, in both extensions; `client`
 * gives the client once it exists. */
export function clientMiddleware(client: () => BaseLanguageClient | undefined): Middleware {
return {
    didOpen: async (document, next) => {
      await next(document);
      askOutlineAhead(client(), document);
    },
    // Each finding's code links to its explanation (no public address serves the
    // documentation, so the server's catalogue does, through `kibitzer-explain:`).
    handleDiagnostics: (uri, diagnostics, next) => {
      for (const diagnostic of diagnostics) {
        const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
        if (typeof code === "string" && /^[A-Z]\d{3}$/.test(code)) {
          diagnostic.code = { value: code, target: explainAddress(code) };
        }
      }
      next(uri, diagnostics);
    },
    // A large document's outline and folds wait for a pause in typing (see typingPaused), and
    // the outline of one version is asked once, however many parts of VS Code want it.
    provideDocumentSymbols: async (document, token, next) => {
      await typingPaused(document, token);
      const key = document.uri.toString();
      const held = outlines.get(key);
      if (held !== undefined && held.version === document.version) {
        return held.answer;
      }
      const answer = Promise.resolve(next(document, token));
      outlines.set(key, { version: document.version, answer });
      // A failed or cancelled answer is not kept for the next asker.
      answer.then(
        (symbols) => (symbols ? undefined : outlines.delete(key)),
        () => outlines.delete(key),
      );
      return answer;
    },
    provideFoldingRanges: async (document, context, token, next) => {
      await typingPaused(document, token);
      return next(document, context, token);
    },
    // A hover cannot change once VS Code shows it: a deal's hover asked while the deal is being
    // solved is asked again until the table is there (or a few seconds have passed), so that
    // the table is in the hover the user opened, not in the next one.
    provideHover: async (document, position, token, next) => {
      let hover = await next(document, position, token);
      const deadline = Date.now() + SOLVING_WAIT_MS;
      while (solving(hover) && !token.isCancellationRequested && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 200));
        hover = await next(document, position, token);
      }
      return hover;
    },
    // A large document is coloured by the grammar, and by range requests for what is on
    // screen: VS Code asks for a range only while it has no tokens for the whole document, so
    // the whole-document request is answered "none" here. Asked after every edit, it was
    // megabytes of JSON for the extension host to work through, and the findings of a
    // 20,000-game file waited behind it.
    provideDocumentSemanticTokens: (document, token, next) => {
      return documentLength(document) > WHOLE_DOCUMENT_TOKENS_LIMIT ? null : next(document, token);
    },
    // VS Code keeps one line-end style per document and converts the line ends of every edit
    // to it, so the server's CRLF or LF output alone cannot change it: when kibitzer.format.lineEnds
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
  };
}

/** The untitled document a conversion of `source` to `language` goes to: the source's name
 * with the target's extension, beside it (Save proposes that name and folder). */
export function convertedUri(source: vscode.Uri, language: string): vscode.Uri {
  const extension = language === "plaintext" ? "-handviewer.txt" : `.${language}`;
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

/** What a document can be converted to: `to` is what the server's `kibitzer.convert` takes. */
export const CONVERSION_TARGETS: { label: string; detail: string; to: string }[] = [
  { label: "PBN", detail: "Portable Bridge Notation, the standard (laid out as kibitzer fmt writes it)", to: "pbn" },
  { label: "RBN", detail: "Richard's Bridge Notation", to: "rbn" },
  { label: "LIN", detail: "Bridge Base Online's files", to: "lin" },
  { label: "DUP", detail: "Duplimate dealing machine (saved as a file)", to: "dup" },
  { label: "BRI", detail: "dealing machine, deals only (saved as a file)", to: "bri" },
  { label: "DGE", detail: "dealing machine, deals only (saved as a file)", to: "dge" },
  { label: "DLM", detail: "Dealer 4 and DealMaster dealing machines (saved as a file)", to: "dlm" },
  { label: "BBO handviewer links", detail: "one web address per board, to open it on BBO", to: "url" },
];

/** The bytes of base64 text (atob is in browsers and in Node 16 and later). */
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * Saves a dealing machine's file: to `saveTo` when given, else where the user says (proposed
 * beside the source, with the target's extension). Resolves to where it was saved.
 */
async function saveConverted(source: vscode.Uri, to: string, bytes: Uint8Array, saveTo?: vscode.Uri): Promise<vscode.Uri | undefined> {
  let target = saveTo;
  if (target === undefined) {
    const stem = source.path.replace(/\.[^./]*$/, "");
    target = await vscode.window.showSaveDialog({
      defaultUri: source.with({ path: `${stem}.${to}` }),
      filters: { [`${to.toUpperCase()} dealing file`]: [to] },
      title: `Kibitzer: save the ${to.toUpperCase()} file`,
    });
  }
  if (target !== undefined) {
    await vscode.workspace.fs.writeFile(target, bytes);
  }
  return target;
}

/**
 * Converts the active PBN, RBN or LIN document to `to` (`pbn`, `rbn`, `lin`, `dup`, `bri`, `dge`,
 * `dlm` or `url`; asked for with a list when not given) with the server's `kibitzer.convert` and
 * opens the result, unsaved, in an editor beside it; a dealing machine's file is saved instead,
 * to `saveTo` or where the user says. Text of the source that could not be read, and what did
 * not come back when the server read the result again, are shown in warnings. Resolves to the
 * new document, or to where the file was saved.
 */
export async function convertDocument(
  host: ClientHost,
  to?: string,
  saveTo?: vscode.Uri | string,
): Promise<vscode.TextDocument | vscode.Uri | undefined> {
  const editor = vscode.window.activeTextEditor;
  const doc = editor?.document;
  if (editor === undefined || doc === undefined || !["pbn", "rbn", "lin"].includes(doc.languageId)) {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN, RBN or LIN document to convert it.");
    return undefined;
  }
  if (to === undefined) {
    const choices = CONVERSION_TARGETS.filter((t) => t.to !== doc.languageId);
    const picked = await vscode.window.showQuickPick(choices, {
      title: "Kibitzer: convert this file to…",
      placeHolder: "The converted file opens beside this one, unsaved",
    });
    if (picked === undefined) {
      return undefined;
    }
    to = picked.to;
  }
  await host.ready();
  const c = host.client();
  if (c === undefined || !c.isRunning()) {
    void vscode.window.showErrorMessage("Kibitzer: the language server is not running (see the output).");
    return undefined;
  }
  let result: Conversion;
  try {
    result = (await c.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_CONVERT_COMMAND,
      arguments: [doc.uri.toString(), to],
    })) as Conversion;
  } catch (e) {
    host.log(`converting ${doc.uri.toString()}: ${String(e)}`);
    void vscode.window.showErrorMessage(`Kibitzer: the conversion failed: ${String(e)}`);
    return undefined;
  }
  if (typeof result?.text !== "string" || typeof result.language !== "string") {
    void vscode.window.showErrorMessage("Kibitzer: the server gave no converted text.");
    return undefined;
  }
  let converted: vscode.TextDocument | vscode.Uri | undefined;
  if (typeof result.bytes === "string") {
    const target = typeof saveTo === "string" ? vscode.Uri.parse(saveTo) : saveTo;
    converted = await saveConverted(doc.uri, result.language, fromBase64(result.bytes), target);
    if (converted === undefined) {
      return undefined;
    }
    void vscode.window.showInformationMessage(`Kibitzer: saved ${vscode.workspace.asRelativePath(converted)}.`);
  } else {
    // Handviewer addresses are plain text, in a file of their own.
    const links = result.language === "url";
    converted = await openConverted(doc.uri, links ? "plaintext" : result.language, result.text);
    await vscode.window.showTextDocument(converted, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  }
  const unread = Array.isArray(result.unread) ? result.unread.map(String) : [];
  if (unread.length > 0) {
    unread.forEach((w) => host.log(`not read: ${w}`));
    void vscode.window.showWarningMessage(`Kibitzer: text of the source could not be read and is left out: ${unread.join("; ")}`);
  }
  const warnings = Array.isArray(result.warnings) ? result.warnings.map(String) : [];
  if (warnings.length > 0) {
    const target = result.language.toUpperCase();
    // The server reads the written text back and lists what did not come back, kind by kind.
    warnings.forEach((w) => host.log(`lost or changed in ${target}: ${w}`));
    void vscode.window.showWarningMessage(`Kibitzer: read back, the ${target} lost or changed: ${warnings.join("; ")}`);
  }
  return converted;
}

/** The server's command that formats a PBN document once to strict export format. */
export const SERVER_FORMAT_EXPORT_COMMAND = "kibitzer.lsp.formatExport";

/**
 * Formats the active PBN document once to strict export format (header, mandatory tags),
 * whatever `kibitzer.format.strictExportFormat` says, through the server (native or
 * WebAssembly alike). Resolves to whether the document was formatted.
 */
export async function formatExportDocument(host: ClientHost): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "pbn") {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN document to format it.");
    return false;
  }
  const doc = editor.document;
  const version = doc.version;
  await host.ready();
  const c = host.client();
  if (c === undefined || !c.isRunning()) {
    void vscode.window.showErrorMessage("Kibitzer: the language server is not running (see the output).");
    return false;
  }
  let result: unknown;
  try {
    result = await c.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_FORMAT_EXPORT_COMMAND,
      arguments: [{ uri: doc.uri.toString() }],
    });
  } catch (e) {
    host.log(`formatting to export format: ${String(e)}`);
    void vscode.window.showErrorMessage(`Kibitzer: formatting to export format failed: ${String(e)}`);
    return false;
  }
  if (!Array.isArray(result) || result.length === 0) {
    return true;
  }
  if (doc.version !== version) {
    void vscode.window.showWarningMessage("Kibitzer: the document changed while formatting; try again.");
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.set(doc.uri, await c.protocol2CodeConverter.asTextEdits(result as never[]));
  return vscode.workspace.applyEdit(edit);
}

/** The languages Kibitzer formats and fixes. */
const BRIDGE_LANGUAGES = ["pbn", "rbn", "lin"];

/** The kind of the server's "fix all" code action. */
export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append("kibitzer");

/**
 * "Kibitzer: Fix All Safely Fixable Problems": applies the server's `source.fixAll.kibitzer`
 * action to the active document (what `kibitzer check --fix` does to a file). Resolves to
 * whether anything was fixed.
 */
export async function fixAll(): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  const doc = editor?.document;
  if (doc === undefined || !BRIDGE_LANGUAGES.includes(doc.languageId)) {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN, RBN or LIN document to fix it.");
    return false;
  }
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(0));
  const actions =
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider",
      doc.uri,
      whole,
      FIX_ALL_KIND.value,
    )) ?? [];
  const action = actions.find((a) => a.kind !== undefined && FIX_ALL_KIND.contains(a.kind) && a.edit !== undefined);
  if (action?.edit === undefined) {
    void vscode.window.showInformationMessage("Kibitzer: nothing in this file can be fixed safely.");
    return false;
  }
  return vscode.workspace.applyEdit(action.edit);
}

/**
 * Opens the board at the cursor on BBO's handviewer in the browser (the address comes from the
 * server's `kibitzer/board`). Resolves to the address opened, if any.
 */
export async function openInHandviewer(host: ClientHost): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const c = host.client();
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

/** Opens the board preview beside the active PBN, RBN or LIN editor, making it the first time
 * (`existing` is the one made before, if any); the preview. */
export function openBoardPreview(
  context: vscode.ExtensionContext,
  existing: BoardPreview | undefined,
  host: ClientHost,
): BoardPreview | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || !PREVIEW_LANGUAGES.includes(editor.document.languageId)) {
    void vscode.window.showWarningMessage("Kibitzer: open a PBN, RBN or LIN document to preview its boards.");
    return existing;
  }
  let preview = existing;
  if (preview === undefined) {
    preview = new BoardPreview(context.extensionUri, () => host.client(), (line) => host.log(line));
    context.subscriptions.push(preview);
  }
  preview.open(editor);
  return preview;
}

/** Stops `client` (when there is one), saying in the output what went wrong if it did. */
export async function stopClient(client: BaseLanguageClient | undefined, log: (line: string) => void): Promise<void> {
  if (client === undefined) {
    return;
  }
  try {
    await client.stop(5000);
  } catch (e) {
    log(`stopping the server: ${String(e)}`);
  }
}

/** The scheme of the read-only documents that explain a diagnostic code (`kibitzer-explain:A301.md`). */
export const EXPLAIN_SCHEME = "kibitzer-explain";

/** The address of code `code`'s explanation, one object a code (a file's findings share them). */
const explainAddresses = new Map<string, vscode.Uri>();
function explainAddress(code: string): vscode.Uri {
  let uri = explainAddresses.get(code);
  if (uri === undefined) {
    uri = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `${code}.md` });
    explainAddresses.set(code, uri);
  }
  return uri;
}

/**
 * Serves a diagnostic code's documentation, as the server's catalogue writes it
 * (`kibitzer/explain`), as a read-only Markdown document: what a finding's code links to in the
 * Problems panel and the hover.
 */
export function explainProvider(host: ClientHost): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, {
    async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
      const code = uri.path.replace(/\.md$/, "");
      await host.ready();
      const answer = (await host.client()?.sendRequest("kibitzer/explain", { code })) as { markdown?: string } | undefined;
      return answer?.markdown ?? `# ${code}\n\nThe server is not running: start it (Kibitzer: Restart Server) and open this again.\n`;
    },
  });
}

/** The dealing machines' binary formats, which are not opened as text but shown in the preview. */
export const DEALING_BINARY_LANGUAGES = ["dup", "bri", "dge"];

/** The scheme of the read-only documents that hold a binary dealing file, a character a byte. */
export const DEALING_SCHEME = "kibitzer-dealing";

/**
 * Serves a binary dealing file (DUP, BRI, DGE) as a read-only document whose characters are its
 * bytes (Latin-1), the text the server reads such a file as: `kibitzer-dealing:` before the
 * file's own address.
 */
export function dealingFileProvider(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(DEALING_SCHEME, {
    async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.parse(uri.path, true));
      let text = "";
      for (let i = 0; i < bytes.length; i += 8192) {
        text += String.fromCharCode(...bytes.subarray(i, i + 8192));
      }
      return text;
    },
  });
}

/**
 * "Kibitzer: Preview a Dealing Machine's File (DUP, BRI, DGE)…": opens the file (`file`, or one
 * picked) read-only, a character a byte, with its boards in the outline, and the board preview
 * beside it following the cursor from board to board. Resolves to the preview.
 */
export async function previewDealingFile(
  context: vscode.ExtensionContext,
  existing: BoardPreview | undefined,
  host: ClientHost,
  file?: vscode.Uri,
): Promise<BoardPreview | undefined> {
  let chosen = file;
  if (chosen === undefined) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      title: "Kibitzer: preview a dealing machine's file",
      filters: { "Dealing machine files": ["dup", "bri", "dge", "DUP", "BRI", "DGE"] },
    });
    chosen = picked?.[0];
  }
  if (chosen === undefined) {
    return existing;
  }
  const extension = (chosen.path.split(".").pop() ?? "").toLowerCase();
  const language = DEALING_BINARY_LANGUAGES.includes(extension) ? extension : "bri";
  const uri = vscode.Uri.from({ scheme: DEALING_SCHEME, path: chosen.toString() });
  let doc = await vscode.workspace.openTextDocument(uri);
  doc = await vscode.languages.setTextDocumentLanguage(doc, language);
  await vscode.window.showTextDocument(doc, { preview: false });
  await host.ready();
  return openBoardPreview(context, existing, host);
}
