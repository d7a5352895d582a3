// The board preview's page in VS Code: hands what the extension sends to the board viewer
// (board-viewer.ts, which the playground page draws with too) and reports back what it drew.

import { BoardView, BoardViewer, Source } from "./board-viewer";

type ToWebview =
  | { type: "board"; board: BoardView | null; source: Source }
  | { type: "unavailable"; message: string }
  | { type: "key"; key: string };

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const viewer = new BoardViewer(document.getElementById("board") as HTMLElement, {
  openHandviewer: (url) => vscode.postMessage({ type: "openHandviewer", url }),
  rendered: (drawn) => vscode.postMessage({ type: "rendered", ...drawn }),
  stepBoard: (by) => vscode.postMessage({ type: "stepBoard", by }),
});

window.addEventListener("keydown", (event) => {
  if (!event.altKey && !event.ctrlKey && !event.metaKey && viewer.key(event.key)) {
    event.preventDefault();
  }
});

window.addEventListener("message", (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  switch (message.type) {
    case "board":
      viewer.show(message.board, message.source);
      break;
    case "unavailable":
      viewer.showMessage(message.message);
      break;
    case "key":
      viewer.key(message.key);
      break;
  }
});

vscode.postMessage({ type: "ready" });
