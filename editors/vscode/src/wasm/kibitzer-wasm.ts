// Kibitzer's language session compiled to WebAssembly (`src/web/` in the crate), as JavaScript
// calls it: a protocol message in as JSON text, the messages to send back out as JSON text. The
// same module serves the playground page, VS Code for the web and the desktop extension where no
// native server is packaged.

interface Exports {
  memory: WebAssembly.Memory;
  kibitzer_alloc(len: number): number;
  kibitzer_handle(ptr: number, len: number): number;
  kibitzer_output(): number;
  kibitzer_busy(): number;
  kibitzer_hand_text(ptr: number, capacity: number, len: number): number;
  kibitzer_free(ptr: number, len: number): void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** One session in one WebAssembly instance. */
export class KibitzerWasm {
  private constructor(private readonly exports: Exports) {}

  /** A session from the module's bytes. */
  static async fromBytes(bytes: BufferSource): Promise<KibitzerWasm> {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new KibitzerWasm(instance.exports as unknown as Exports);
  }

  /** A session from the module at `url` (compiled while it downloads, where the browser can). */
  static async fromUrl(url: string): Promise<KibitzerWasm> {
    const response = fetch(url);
    try {
      const { instance } = await WebAssembly.instantiateStreaming(response, {});
      return new KibitzerWasm(instance.exports as unknown as Exports);
    } catch {
      // A server that does not say `application/wasm`: compile from the bytes.
      const bytes = await (await fetch(url)).arrayBuffer();
      return KibitzerWasm.fromBytes(bytes);
    }
  }

  /** Hands one message or a batch (JSON text) to the session; the messages it answers, each
   * as JSON text (the session writes one a line). */
  handle(message: string): string[] {
    const data = encoder.encode(message);
    const ptr = this.exports.kibitzer_alloc(data.length);
    if (ptr === 0 && data.length > 0) {
      throw new Error(`no memory for a message of ${data.length} bytes`);
    }
    new Uint8Array(this.exports.memory.buffer, ptr, data.length).set(data);
    const len = this.exports.kibitzer_handle(ptr, data.length);
    const out = this.exports.kibitzer_output();
    const text = decoder.decode(new Uint8Array(this.exports.memory.buffer, out, len));
    return text.length === 0 ? [] : text.split("\n");
  }

  /**
   * Hands the session a large text apart from the `didOpen` that will name it by the number
   * returned (`kibitzerHandedText` in its parameters, its text left empty): the text is written
   * straight into the module's memory, not into JSON the module reads back.
   */
  handText(text: string): number {
    // UTF-8 needs as many bytes as UTF-16 units for ASCII, up to three for the others: room
    // for an eighth more is tried first, the most it can take after.
    for (const capacity of [text.length + (text.length >> 3) + 16, text.length * 3 + 16]) {
      const ptr = this.exports.kibitzer_alloc(capacity);
      if (ptr === 0) {
        throw new Error(`no memory for a text of ${text.length} characters`);
      }
      const { read, written } = encoder.encodeInto(text, new Uint8Array(this.exports.memory.buffer, ptr, capacity));
      if (read === text.length) {
        return this.exports.kibitzer_hand_text(ptr, capacity, written);
      }
      this.exports.kibitzer_free(ptr, capacity);
    }
    // Not reached: three bytes a unit always suffice.
    throw new Error("the text did not fit");
  }

  /** Whether the session is checking a large document a part at a time: hand it `[]` again. */
  busy(): boolean {
    return this.exports.kibitzer_busy() !== 0;
  }
}
