// The playground page: an editor backed by Kibitzer's session in a worker, the board viewer
// (the same one as VS Code's preview) following the cursor, double dummy from a second worker,
// conversion, and files opened, dropped or pasted as a BBO handviewer address. Nothing leaves
// the browser.

import { EditorState, Compartment } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, highlightActiveLineGutter } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { lintGutter, lintKeymap } from "@codemirror/lint";
import { completionKeymap, closeBrackets } from "@codemirror/autocomplete";
import { oneDark } from "@codemirror/theme-one-dark";
import { BoardViewer } from "../../vscode/src/webview/board-viewer";
import { Rpc } from "./rpc";
import { changesOf, LspDiagnostic, LspDocument, LspTextEdit, markdown, textOf, toOffset, toPosition } from "./lsp-editor";
import { EXAMPLE } from "./example";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const session = new Rpc("worker.js");
const solver = new Rpc("worker.js");
const viewer = new BoardViewer($("board"), {
  openHandviewer: (url) => window.open(url, "_blank", "noopener"),
  rendered: (drawn) => {
    (window as any).kibitzerBoard = drawn;
  },
});

// For the tests, and anyone curious in the console: the two workers' sessions.
(window as any).kibitzerWorkers = { session, solver };

/** Where the page keeps the text between visits (this browser only). */
const KEPT = "kibitzer-document";
/** Whether the text was changed since it was opened or saved (leaving then asks first). */
let unsaved = false;
let keepTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the text and its name in the browser, so that a reload or a closed tab brings it back. */
function keep(name: string, text: string): void {
  try {
    localStorage.setItem(KEPT, JSON.stringify({ name, text }));
  } catch {
    // Storage full or refused (a private window): the text is only not kept.
  }
}

/** The text kept by an earlier visit, if any. */
function kept(): { name: string; text: string } | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(KEPT) ?? "null");
    return typeof value?.name === "string" && typeof value?.text === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

let view: EditorView | null = null;
let current: LspDocument | null = null;
let fileName = "example.pbn";
let documents = 0;
let legend: string[] = [];
const theme = new Compartment();
const LANGUAGES: Record<string, string> = { pbn: "pbn", rbn: "rbn", lin: "lin" };

/** What the page says while it works (and the tests wait for). */
function status(text: string): void {
  $("status").textContent = text;
}

/** Whether the page is in its dark theme. */
function dark(): boolean {
  return document.documentElement.dataset.theme === "dark";
}

/** Opens `text` as the file `name` in a fresh editor (and a fresh document in the session). */
function openText(name: string, text: string): void {
  const extension = name.toLowerCase().split(".").pop() ?? "pbn";
  const languageId = LANGUAGES[extension] ?? "pbn";
  fileName = name;
  status("Checking…");
  $("problems-summary").textContent = "checking…";
  current?.close();
  documents += 1;
  const doc = new LspDocument(session, `file:///playground/${documents}/${encodeURIComponent(name)}`, languageId);
  current = doc;
  const crlf = text.includes("\r\n");
  const state = EditorState.create({
    doc: text,
    extensions: [
      // A file with CRLF line ends keeps them: the session sees the text as it was opened.
      ...(crlf ? [EditorState.lineSeparator.of("\r\n")] : []),
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightActiveLine(),
      drawSelection(),
      history(),
      closeBrackets(),
      highlightSelectionMatches(),
      lintGutter(),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap, ...completionKeymap, indentWithTab]),
      theme.of(dark() ? oneDark : []),
      ...doc.extensions(legend),
      EditorView.updateListener.of((update) => {
        if (update.selectionSet || update.docChanged) {
          scheduleBoard();
        }
        if (update.docChanged) {
          unsaved = true;
          clearTimeout(keepTimer);
          keepTimer = setTimeout(() => view && keep(fileName, textOf(view)), 300);
        }
      }),
    ],
  });
  view?.destroy();
  view = new EditorView({ state, parent: $("editor") });
  doc.onDiagnostics(showProblems);
  doc.open(view);
  unsaved = false;
  keep(name, text);
  $("file-name").textContent = `${name} · ${languageId.toUpperCase()}`;
  (window as any).kibitzerView = view;
  scheduleBoard();
}

/** The errors of the document as last published. */
let errorsShown = 0;

/** At most this many problems are listed (the summary counts them all). */
const LISTED = 200;
let listedKey = "";

/** The problems list under the editor (drawn again only when what it lists changed). */
function showProblems(diagnostics: LspDiagnostic[]): void {
  const names: Record<number, string> = { 1: "error", 2: "warning", 3: "info", 4: "hint" };
  const counts: Record<string, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of diagnostics) {
    // A summary of a flood (the editor is shown the first 1,000 of a hint or info code) counts
    // every finding it stands for, as `kibitzer check` counts them.
    const standsFor = (d as { data?: { standsFor?: number } }).data?.standsFor ?? 1;
    counts[names[d.severity ?? 1] ?? "error"] += standsFor;
  }
  errorsShown = counts.error;
  const summary = diagnostics.length === 0 ? "No problems" : Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${name}${n === 1 ? "" : "s"}`)
    .join(", ");
  $("problems-summary").textContent = summary + (diagnostics.length > LISTED ? ` (the first ${LISTED} listed)` : "");
  status("Checked");
  const listed = diagnostics.slice(0, LISTED);
  const key = JSON.stringify(listed.map((d) => [d.range.start, d.code, d.message]));
  if (key === listedKey) {
    return;
  }
  listedKey = key;
  const items = listed.map((d) => {
    const severity = names[d.severity ?? 1] ?? "error";
    const item = document.createElement("li");
    item.className = `problem ${severity}`;
    item.tabIndex = 0;
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = `${d.range.start.line + 1}:${d.range.start.character + 1}`;
    const code = document.createElement("a");
    code.className = "code";
    code.textContent = String(d.code ?? "");
    code.href = "#";
    code.title = `What ${code.textContent} means`;
    code.addEventListener("click", (event) => {
      // The code explains itself; the rest of the line goes to the problem.
      event.preventDefault();
      event.stopPropagation();
      void explain(code.textContent ?? "");
    });
    item.append(where, code, d.message);
    const go = () => {
      if (!view) {
        return;
      }
      const pos = toOffset(view.state.doc, d.range.start);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    };
    item.addEventListener("click", go);
    item.addEventListener("keydown", (e) => e.key === "Enter" && go());
    return item;
  });
  $("problems").replaceChildren(...items);
}

/** Shows what the diagnostic code `code` means (the session's catalogue, `kibitzer/explain`). */
async function explain(code: string): Promise<void> {
  try {
    const { markdown: text } = (await session.request("kibitzer/explain", { code })) as { markdown: string };
    $("explain-text").replaceChildren(...markdown(text));
    ($("explain-dialog") as HTMLDialogElement).showModal();
  } catch (error) {
    status(`No explanation of ${code}: ${error}`);
  }
}

let boardTimer: ReturnType<typeof setTimeout> | undefined;
let shownBoard = "";

/** Draws the board under the cursor, a moment after the cursor settles. */
function scheduleBoard(): void {
  clearTimeout(boardTimer);
  boardTimer = setTimeout(refreshBoard, 120);
}

async function refreshBoard(): Promise<void> {
  if (!view || !current) {
    return;
  }
  const doc = current;
  const position = toPosition(view.state.doc, view.state.selection.main.head);
  const board = await session.request("kibitzer/board", { textDocument: { uri: doc.uri }, position });
  if (doc !== current) {
    return;
  }
  // The same board as drawn already (typing elsewhere) is not drawn again.
  const key = `${doc.uri}\n${JSON.stringify(board)}`;
  if (key === shownBoard) {
    return;
  }
  shownBoard = key;
  viewer.show(board, { uri: doc.uri, version: doc.version, name: fileName });
}

// The double dummy of a deal the session wants: solved by the other worker, handed back, and
// the board drawn again with it.
const solving = new Set<string>();
session.on("kibitzer/solveWanted", async ({ deal }: { deal: string }) => {
  if (solving.has(deal)) {
    return;
  }
  solving.add(deal);
  $("dd-status").textContent = "Solving double dummy…";
  try {
    const started = performance.now();
    const { tricks } = await solver.request("kibitzer/solve", { deal });
    session.notify("kibitzer/solved", { deal, tricks });
    $("dd-status").textContent = `Double dummy solved in ${Math.round(performance.now() - started)} ms`;
    scheduleBoard();
  } catch (error) {
    $("dd-status").textContent = `Double dummy failed: ${error}`;
  }
});
session.on("kibitzer/crashed", ({ message }: { message: string }) => status(`The checker stopped: ${message}`));
// What the session tells the user (formatting that left a game as written, an edit it could
// not follow) stays in the status line until the next thing is said.
let told = "";
session.on("window/showMessage", ({ message }: { message: string }) => {
  told = message;
  status(message);
});

/** Reads a dropped or chosen file: UTF-8 when it is, else Windows-1252 (as older tools
 * write). */
async function readFile(file: File): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  openText(file.name, text.replace(/^\uFEFF/, ""));
}

/** Saves `text` as the file `name` (a download). */
function save(name: string, data: string | Uint8Array): void {
  const type = typeof data === "string" ? "text/plain" : "application/octet-stream";
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function format(): Promise<void> {
  if (!view || !current) {
    return;
  }
  // The session's message (what formatting left as written) arrives with the answer.
  told = "";
  const edits = (await session.request("textDocument/formatting", {
    textDocument: { uri: current.uri },
    options: { tabSize: 2, insertSpaces: true },
  })) as LspTextEdit[] | null;
  await new Promise((resolve) => setTimeout(resolve, 0));
  const done = edits && edits.length > 0 ? `Formatted (${edits.length} edit${edits.length === 1 ? "" : "s"})` : "Nothing to change";
  if (edits && edits.length > 0) {
    view.dispatch({ changes: changesOf(view.state.doc, edits) });
  }
  if (told) {
    status(`${done}. ${told.replace(/^Kibitzer: /, "")}`);
  } else if (errorsShown > 0) {
    // Said once by the session; the status line says it each time.
    status(`${done}: a game with an error is left as written (see the problems below)`);
  } else {
    status(done === "Nothing to change" ? "Already formatted" : done);
  }
}

async function convert(): Promise<void> {
  if (!current) {
    return;
  }
  const to = ($("convert-to") as HTMLSelectElement).value;
  const converted = await session.request("kibitzer/convert", { uri: current.uri, to });
  const base = fileName.replace(/\.[^.]*$/, "");
  const name = to === "url" ? `${base}-handviewer.txt` : `${base}.${to}`;
  // A dealing machine's file is bytes: it is saved as they are, and shown only by its size.
  const bytes = typeof converted.bytes === "string" ? Uint8Array.from(atob(converted.bytes), (c) => c.charCodeAt(0)) : undefined;
  $("convert-text").textContent = bytes ? `(a ${to.toUpperCase()} file of ${bytes.length} bytes: Save keeps it)` : converted.text;
  // The source's own errors first, then what did not come back when the result was read again.
  const sourceError = (w: string) => w.startsWith("the source has an error");
  const notes = [
    ...converted.unread.map((u: string) => `not read: ${u}`),
    ...converted.warnings.filter(sourceError).map((w: string) => `in the source: ${w.replace(/^the source has an error, and what it concerns may be missing: /, "")}`),
    ...converted.warnings.filter((w: string) => !sourceError(w)).map((w: string) => `lost or changed: ${w}`),
  ];
  $("convert-notes").textContent = notes.length ? notes.join("\n") : "Nothing left out.";
  $("convert-title").textContent = name;
  const dialog = $("convert-dialog") as HTMLDialogElement;
  $("convert-save").onclick = () => save(name, bytes ?? converted.text);
  $("convert-open").onclick = () => {
    dialog.close();
    if (to !== "url" && !bytes) {
      openText(name, converted.text);
    }
  };
  ($("convert-open") as HTMLButtonElement).disabled = to === "url" || bytes !== undefined;
  dialog.showModal();
}

async function openHandviewer(): Promise<void> {
  const url = ($("handviewer-url") as HTMLInputElement).value.trim();
  if (!url) {
    return;
  }
  try {
    const { text } = await session.request("kibitzer/fromHandviewer", { url });
    openText("handviewer.lin", `${text}\n`);
  } catch (error) {
    status(String((error as Error).message));
  }
}

function setTheme(name: "light" | "dark"): void {
  document.documentElement.dataset.theme = name;
  // The board viewer's stylesheet (VS Code's preview's) knows a dark theme by this class.
  document.body.classList.toggle("vscode-dark", name === "dark");
  view?.dispatch({ effects: theme.reconfigure(name === "dark" ? oneDark : []) });
  try {
    localStorage.setItem("kibitzer-theme", name);
  } catch {
    // A page without storage keeps its theme for this visit only.
  }
}

async function start(): Promise<void> {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem("kibitzer-theme");
  } catch {
    saved = null;
  }
  const prefersDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;
  setTheme(saved === "dark" || (!saved && prefersDark) ? "dark" : "light");
  status("Loading the checker…");
  const init = await session.request("initialize", {
    processId: null,
    rootUri: null,
    capabilities: {},
  });
  session.notify("initialized", {});
  legend = init.capabilities.semanticTokensProvider?.legend?.tokenTypes ?? [];
  $("version").textContent = `kibitzer ${init.serverInfo?.version ?? ""}`;
  const params = new URLSearchParams(location.search);
  const last = kept();
  openText(last?.name ?? "example.pbn", last?.text ?? EXAMPLE);
  if (params.get("handviewer")) {
    ($("handviewer-url") as HTMLInputElement).value = params.get("handviewer") ?? "";
    await openHandviewer();
  }
  status("Ready");
}

$("open-file").addEventListener("change", (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) {
    void readFile(file);
  }
});
$("format").addEventListener("click", () => void format());
$("convert").addEventListener("click", () => void convert());
$("handviewer-open").addEventListener("click", () => void openHandviewer());
$("handviewer-url").addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Enter" && void openHandviewer());
$("save").addEventListener("click", () => {
  if (view) {
    save(fileName, textOf(view));
    unsaved = false;
  }
});
$("example").addEventListener("click", () => openText("example.pbn", EXAMPLE));
// The text is kept in the browser, but a file not saved is still worth a question.
window.addEventListener("beforeunload", (e) => {
  if (unsaved) {
    e.preventDefault();
    e.returnValue = "";
  }
});
$("theme").addEventListener("click", () => setTheme(dark() ? "light" : "dark"));
$("convert-close").addEventListener("click", () => ($("convert-dialog") as HTMLDialogElement).close());
$("explain-close").addEventListener("click", () => ($("explain-dialog") as HTMLDialogElement).close());
$("board").addEventListener("keydown", (e) => {
  if (viewer.key((e as KeyboardEvent).key)) {
    e.preventDefault();
  }
});
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => {
  e.preventDefault();
  const file = e.dataTransfer?.files?.[0];
  if (file) {
    void readFile(file);
  }
});
// A pasted handviewer address opens its board, wherever it is pasted outside the editor.
document.addEventListener("paste", (e) => {
  const text = e.clipboardData?.getData("text") ?? "";
  const target = e.target as HTMLElement;
  if (/handviewer\.html\?/.test(text) && !target.closest?.(".cm-editor")) {
    ($("handviewer-url") as HTMLInputElement).value = text.trim();
    void openHandviewer();
  }
});

// Offline once loaded: a service worker keeps the page's files.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch(() => undefined);
}

void start();
