// The loop of a worker that holds a Kibitzer session: messages in from a port (a browser
// worker's `self`, a Node worker thread's `parentPort`), answered in order, answers out. Used by
// the playground's worker, VS Code for the web's server worker and the desktop extension's
// WebAssembly server alike.

import { KibitzerWasm } from "./kibitzer-wasm";

/**
 * A message a session's worker posted, as the client reads it: the session's answers come as
 * JSON text (a 20,000-game outline crosses from one thread to another three times as fast so,
 * parsed once at the end, as made into a value, copied across and rebuilt); a failure the loop
 * reports comes as a value.
 */
export function readPosted(data: unknown): unknown {
  return typeof data === "string" ? JSON.parse(data) : data;
}

/** Where messages come from and go to. */
export interface Port {
  post(message: unknown): void;
  listen(handler: (message: unknown) => void): void;
}

interface Message {
  id?: unknown;
  method?: unknown;
  params?: { textDocument?: { text?: unknown } };
}

/** From this many characters an opened text goes to the session beside its message. */
const LARGE_TEXT = 1 << 20;

/**
 * After an outline is answered while a large file is checked a part at a time, no part is
 * checked for this long: the editor takes the outline's thousands of symbols in meanwhile, on
 * the same cores (VS Code showed a 20,000-game outline in its breadcrumbs 1.4–1.9 s after the
 * file, against 2.2–3.1 s with the parts going on, and its findings no later). Messages that
 * arrive meanwhile are answered at once all the same.
 */
const AFTER_OUTLINE_MS = 1500;

/**
 * Serves the session `loading` resolves to on `port`. Messages arriving while one batch is
 * answered queue up and go to the session together, as one JSON-RPC batch, in the next task:
 * the session then checks a document a burst of keystrokes changed once, at the burst's end.
 * While the session checks a large document a part at a time, it is handed a batch (empty if
 * nothing came) in each task until it is done, the first after an outline a moment later.
 */
export function serve(port: Port, loading: Promise<KibitzerWasm>): void {
  let session: KibitzerWasm | null = null;
  /** The next drain, and when it is due. */
  let scheduled: { timer: ReturnType<typeof setTimeout>; due: number } | null = null;
  /** No part is checked before this time (see AFTER_OUTLINE_MS). */
  let partsFrom = 0;
  /** The messages to answer (as JSON text, or as posted), with the id of each request. */
  const waiting: { message: unknown; id: unknown }[] = [];

  /**
   * A message as JSON text for the session. A large opened text is handed to it apart (see
   * `KibitzerWasm.handText`): writing 15 MB into JSON and the module reading it back out took
   * a third of the time of opening the file.
   */
  const written = (message: unknown): string => {
    if (typeof message === "string") {
      return message;
    }
    const opened = message !== null && typeof message === "object" ? (message as Message) : undefined;
    const document = opened?.params?.textDocument;
    if (session && opened?.method === "textDocument/didOpen" && typeof document?.text === "string" && document.text.length >= LARGE_TEXT) {
      const handed = session.handText(document.text);
      return JSON.stringify({ ...opened, params: { ...opened.params, textDocument: { ...document, text: "" }, kibitzerHandedText: handed } });
    }
    return JSON.stringify(message);
  };

  /** Hands `text` (one message or a batch) to the session and posts what it answers, as the
   * JSON text the session wrote (see `readPosted`). */
  const answer = (text: string, ids: unknown[]) => {
    if (!session) {
      return;
    }
    try {
      for (const message of session.handle(text)) {
        port.post(message);
      }
    } catch (error) {
      // The session does not panic on any input; should the module trap all the same, the
      // client hears of it rather than waiting for ever.
      crashed(ids, error);
    }
  };

  /** Tells the client the requests `ids` failed with `error`, and that the session did. */
  const crashed = (ids: unknown[], error: unknown) => {
    for (const id of ids) {
      port.post({ jsonrpc: "2.0", id, error: { code: -32603, message: String(error) } });
    }
    port.post({ jsonrpc: "2.0", method: "kibitzer/crashed", params: { message: String(error) } });
  };

  const drain = () => {
    scheduled = null;
    const batch = waiting.splice(0);
    if (batch.some((m) => (m.message as Message | null)?.method === "textDocument/documentSymbol")) {
      partsFrom = Date.now() + AFTER_OUTLINE_MS;
    }
    // While the session checks a large document, an empty batch checks the next part; the
    // messages that came meanwhile go first (an outline asked while a 20,000-game file is
    // checked is answered between two parts instead of after the whole check).
    if (batch.length > 0 || (session?.busy() && Date.now() >= partsFrom)) {
      const ids = batch.map((m) => m.id).filter((id) => id !== undefined && id !== null);
      let text: string;
      try {
        text = `[${batch.map((m) => written(m.message)).join(",")}]`;
      } catch (error) {
        crashed(ids, error);
        return;
      }
      answer(text, ids);
    }
    if (session?.busy()) {
      schedule(Math.max(0, partsFrom - Date.now()));
    }
  };

  /** Drains the waiting messages in `delay` ms, or sooner if a drain is due sooner. */
  const schedule = (delay = 0) => {
    if (!session) {
      return;
    }
    const due = Date.now() + delay;
    if (scheduled && scheduled.due <= due) {
      return;
    }
    if (scheduled) {
      clearTimeout(scheduled.timer);
    }
    scheduled = { timer: setTimeout(drain, delay), due };
  };

  port.listen((message) => {
    if (typeof message === "string") {
      // Text must be JSON to join a batch; what is not is answered alone (a parse error).
      try {
        waiting.push({ message, id: (JSON.parse(message) as Message).id });
      } catch {
        answer(message, []);
        return;
      }
    } else {
      // Written as JSON when handed over (a large opened text goes apart).
      waiting.push({ message, id: (message as Message | null)?.id });
    }
    schedule();
  });
  loading.then(
    (loaded) => {
      session = loaded;
      schedule();
    },
    (error) => port.post({ jsonrpc: "2.0", method: "kibitzer/crashed", params: { message: `the WebAssembly did not load: ${error}` } }),
  );
}
