// The board preview: a webview beside the editor that draws the board under the cursor (hands,
// auction, contract, play trick by trick, double dummy) and follows the cursor and the typing.
// It holds no bridge rules: the server's `kibitzer/board` request says everything it draws.

import * as vscode from "vscode";
import type { BaseLanguageClient as LanguageClient } from "vscode-languageclient";

/** The server's request for the board at a position. */
export const BOARD_REQUEST = "kibitzer/board";

/** The languages whose documents the preview follows. */
export const PREVIEW_LANGUAGES = ["pbn", "rbn", "lin", "dlm", "dup", "bri", "dge"];

/** What the webview last reported drawing (the tests read it through the extension's API). */
export interface PreviewState {
  /** The document the board came from. */
  uri: string;
  /** The document version the board was asked for. */
  version: number;
  /** The board number shown, `null` when none or when no board is shown. */
  board: string | null;
  /** The play step: 0 before the lead, n after the n-th trick. */
  step: number;
  /** The last step (the number of tricks). */
  steps: number;
  /** The visible text of the preview. */
  text: string;
  /** When the webview drew it (ms since the epoch, the extension host's clock). */
  at: number;
}

/** Messages from the webview. */
type FromWebview =
  | { type: "ready" }
  | { type: "rendered"; board: string | null; step: number; steps: number; text: string }
  | { type: "openHandviewer"; url: string }
  | { type: "stepBoard"; by: number };

const HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html?";

/** The one preview panel, its document, and the wiring that keeps it current. */
/**
 * How long the preview waits after an edit before asking for the board again: while someone
 * types, drawing the board after every keystroke competed with the editor itself (29 keystrokes
 * in a 20,000-game file took 1.6 times as long with the preview open).
 */
const TYPING_DELAY_MS = 300;

export class BoardPreview implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private position: vscode.Position | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asked = 0;
  /** When the followed document last changed (typing moves the cursor too). */
  private editedAt = 0;
  private lastState: PreviewState | undefined;
  /** The document and version of the board last sent to the webview. */
  private pending: { uri: string; version: number } | undefined;
  private readonly listeners: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: () => LanguageClient | undefined,
    private readonly log: (line: string) => void,
  ) {
    this.listeners.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && PREVIEW_LANGUAGES.includes(editor.document.languageId)) {
          this.follow(editor.document, editor.selection.active, 0);
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document === this.document) {
          // A cursor moved by typing waits as the edit does; one moved by hand follows at once.
          const typing = Date.now() - this.editedAt < TYPING_DELAY_MS;
          this.follow(event.textEditor.document, event.selections[0].active, typing ? TYPING_DELAY_MS : 60);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document) {
          this.editedAt = Date.now();
          const editor = vscode.window.visibleTextEditors.find((e) => e.document === event.document);
          this.follow(event.document, editor?.selection.active ?? this.position, TYPING_DELAY_MS);
        }
      }),
    );
  }

  /** Opens the preview beside `editor` (or reveals it) and draws the board at its cursor. */
  open(editor: vscode.TextEditor): void {
    if (this.panel === undefined) {
      const media = vscode.Uri.joinPath(this.extensionUri, "media");
      const script = vscode.Uri.joinPath(this.extensionUri, "out", "webview");
      const panel = vscode.window.createWebviewPanel(
        "kibitzer.boardPreview",
        "Board Preview",
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [media, script], retainContextWhenHidden: true },
      );
      panel.iconPath = vscode.Uri.joinPath(media, "preview.svg");
      panel.webview.html = this.html(panel.webview);
      panel.webview.onDidReceiveMessage((m: FromWebview) => this.received(m), undefined, this.listeners);
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.lastState = undefined;
      }, undefined, this.listeners);
      this.panel = panel;
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.follow(editor.document, editor.selection.active, 0);
  }

  /** Whether the preview is open. */
  isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** What the webview last reported drawing. */
  state(): PreviewState | undefined {
    return this.lastState;
  }

  /** Sends a key to the webview as if pressed there (for the tests and the step commands). */
  press(key: "ArrowLeft" | "ArrowRight" | "Home" | "End" | "PageUp" | "PageDown"): void {
    void this.panel?.webview.postMessage({ type: "key", key });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    this.listeners.forEach((l) => l.dispose());
  }

  private follow(document: vscode.TextDocument, position: vscode.Position | undefined, delayMs: number): void {
    if (this.panel === undefined || position === undefined) {
      return;
    }
    this.document = document;
    this.position = position;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), delayMs);
  }

  private async refresh(): Promise<void> {
    const panel = this.panel;
    const document = this.document;
    const position = this.position;
    if (panel === undefined || document === undefined || position === undefined) {
      return;
    }
    const ask = ++this.asked;
    const c = this.client();
    const name = document.uri.path.split("/").pop() ?? "";
    if (c === undefined || !c.isRunning()) {
      void panel.webview.postMessage({ type: "unavailable", message: "The Kibitzer language server is not running." });
      return;
    }
    let board: unknown;
    try {
      board = await c.sendRequest(BOARD_REQUEST, {
        textDocument: { uri: c.code2ProtocolConverter.asUri(document.uri) },
        position: c.code2ProtocolConverter.asPosition(position),
      });
    } catch (e) {
      this.log(`board preview: ${String(e)}`);
      return;
    }
    if (ask !== this.asked || this.panel !== panel) {
      return; // a newer question is on its way
    }
    const number = (board as { board?: string | null } | null)?.board;
    panel.title = number ? `Board ${number} · ${name}` : `Board Preview · ${name}`;
    void panel.webview.postMessage({
      type: "board",
      board,
      source: { uri: document.uri.toString(), version: document.version, name },
    });
    this.pending = { uri: document.uri.toString(), version: document.version };
  }

  private received(message: FromWebview): void {
    switch (message.type) {
      case "ready":
        if (this.document && this.position) {
          this.follow(this.document, this.position, 0);
        }
        break;
      case "rendered":
        this.lastState = {
          uri: this.pending?.uri ?? "",
          version: this.pending?.version ?? -1,
          board: message.board,
          step: message.step,
          steps: message.steps,
          text: message.text,
          at: Date.now(),
        };
        break;
      case "stepBoard":
        if (message.by === -1 || message.by === 1) {
          void this.stepBoard(message.by);
        }
        break;
      case "openHandviewer":
        // Only BBO's handviewer: the webview gets no say over what else is opened.
        if (typeof message.url === "string" && message.url.startsWith(HANDVIEWER)) {
          void vscode.env.openExternal(vscode.Uri.parse(message.url, true));
        }
        break;
    }
  }

  /** Shows the previous or next board of the document (its outline's entries, a board or game
   * each), moving the cursor there when the document is in an editor. */
  private async stepBoard(by: -1 | 1): Promise<void> {
    const document = this.document;
    const position = this.position;
    if (document === undefined || position === undefined) {
      return;
    }
    const symbols =
      (await vscode.commands.executeCommand<vscode.DocumentSymbol[]>("vscode.executeDocumentSymbolProvider", document.uri)) ?? [];
    const starts = symbols.map((s) => s.range.start).sort((a, b) => a.compareTo(b));
    if (starts.length === 0) {
      return;
    }
    // The board the cursor is in: the last that starts at or before it.
    let here = -1;
    starts.forEach((start, i) => {
      if (start.isBeforeOrEqual(position)) {
        here = i;
      }
    });
    const target = starts[Math.min(Math.max(here + by, 0), starts.length - 1)];
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === document.uri.toString());
    if (editor) {
      editor.selection = new vscode.Selection(target, target);
      editor.revealRange(new vscode.Range(target, target), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    this.follow(document, target, 0);
  }

  private html(webview: vscode.Webview): string {
    const nonce = [...Array(32)].map(() => Math.floor(Math.random() * 36).toString(36)).join("");
    const css = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, "media", "preview.css"));
    const js = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, "out", "webview", "preview.js"));
    // No network and no inline code: styles and the script come from the extension only.
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `img-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join("; ");
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${css.toString()}">
<title>Board Preview</title>
</head>
<body>
<main id="board" aria-live="polite"><p class="empty">Place the cursor in a board.</p></main>
<script nonce="${nonce}" src="${js.toString()}"></script>
</body>
</html>`;
  }
}
