// The client's end of a session's worker: what the worker posts, read as protocol messages.

import { AbstractMessageReader, DataCallback, Disposable, Emitter, Message, MessageReader } from "vscode-languageclient";
import { readPosted } from "./serve";

/** What a worker tells its reader: each posted message, and its failure. */
export interface Posting {
  onMessage(handler: (data: unknown) => void): void;
  onError(handler: (error: unknown) => void): void;
}

/** Reads the messages a session's worker posts (JSON text, see `readPosted`), for a language
 * client or a connection. */
export class PostedMessageReader extends AbstractMessageReader implements MessageReader {
  private readonly received = new Emitter<Message>();

  constructor(worker: Posting) {
    super();
    worker.onMessage((data) => {
      try {
        this.received.fire(readPosted(data) as Message);
      } catch (error) {
        // Text that is not JSON: the session never writes it, but the client hears of it.
        this.fireError(error);
      }
    });
    worker.onError((error) => this.fireError(error));
  }

  listen(callback: DataCallback): Disposable {
    return this.received.event(callback);
  }
}
