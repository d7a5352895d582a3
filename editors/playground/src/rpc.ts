// The page's end of a worker's session: requests with promises for their answers,
// notifications both ways.

import { readPosted } from "../../vscode/src/wasm/serve";

type Handler = (params: any) => void;

export class Rpc {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  private readonly handlers = new Map<string, Handler[]>();
  constructor(workerUrl: string) {
    this.worker = new Worker(workerUrl);
    this.worker.onmessage = (event: MessageEvent) => this.received(readPosted(event.data));
  }

  /** Sends a request; its result. */
  request<T = any>(method: string, params: unknown): Promise<T> {
    const id = this.next++;
    const answer = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ jsonrpc: "2.0", id, method, params });
    return answer;
  }

  /** Sends a notification. */
  notify(method: string, params: unknown): void {
    this.worker.postMessage({ jsonrpc: "2.0", method, params });
  }

  /** Listens for a notification from the session. */
  on(method: string, handler: Handler): void {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }

  private received(message: any): void {
    if (message.id !== undefined && message.method === undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) {
        waiting?.reject(new Error(message.error.message));
      } else {
        waiting?.resolve(message.result);
      }
      return;
    }
    for (const handler of this.handlers.get(message.method) ?? []) {
      handler(message.params);
    }
  }
}
