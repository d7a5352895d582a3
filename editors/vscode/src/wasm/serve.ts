// The loop of a worker that holds a Kibitzer session: messages in from a port (a browser
// worker's `self`, a Node worker thread's `parentPort`), answered in order, answers out. Used by
// the playground's worker, VS Code for the web's server worker and the desktop extension's
// WebAssembly server alike.

import { KibitzerWasm } from "./kibitzer-wasm";

/** Where messages come from and go to. */
export interface Port {
  post(message: unknown): void;
  listen(handler: (message: unknown) => void): void;
}

interface Message {
  id?: unknown;
}

/**
 * Serves the session `loading` resolves to on `port`. Messages arriving while one batch is
 * answered queue up and go to the session together, as one JSON-RPC batch, in the next task:
 * the session then checks a document a burst of keystrokes changed once, at the burst's end.
 * While the session checks a large document a part at a time, it is handed a batch (empty if
 * nothing came) in each task until it is done.
 */
export function serve(port: Port, loading: Promise<KibitzerWasm>): void {
  let session: KibitzerWasm | null = null;
  let scheduled = false;
  /** The messages to answer, as JSON text, with the id of each request. */
  const waiting: { text: string; id: unknown }[] = [];

  /** Hands `text` (one message or a batch) to the session and posts what it answers. */
  const answer = (text: string, ids: unknown[]) => {
    if (!session) {
      return;
    }
    try {
      for (const message of session.handle(text) as Message[]) {
        port.post(message);
      }
    } catch (error) {
      // The session does not panic on any input; should the module trap all the same, the
      // client hears of it rather than waiting for ever.
      for (const id of ids) {
        port.post({ jsonrpc: "2.0", id, error: { code: -32603, message: String(error) } });
      }
      port.post({ jsonrpc: "2.0", method: "kibitzer/crashed", params: { message: String(error) } });
    }
  };

  const drain = () => {
    scheduled = false;
    const batch = waiting.splice(0);
    // While the session checks a large document, an empty batch checks the next part; the
    // messages that came meanwhile go first (an outline asked while a 20,000-game file is
    // checked is answered between two parts instead of after the whole check).
    if (batch.length > 0 || session?.busy()) {
      answer(`[${batch.map((m) => m.text).join(",")}]`, batch.map((m) => m.id).filter((id) => id !== undefined && id !== null));
    }
    if (session?.busy()) {
      schedule();
    }
  };

  const schedule = () => {
    if (!scheduled && session) {
      scheduled = true;
      setTimeout(drain, 0);
    }
  };

  port.listen((message) => {
    if (typeof message === "string") {
      // Text must be JSON to join a batch; what is not is answered alone (a parse error).
      try {
        waiting.push({ text: message, id: (JSON.parse(message) as Message).id });
      } catch {
        answer(message, []);
        return;
      }
    } else {
      waiting.push({ text: JSON.stringify(message), id: (message as Message | null)?.id });
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
