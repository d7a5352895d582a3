// Kibitzer's language session compiled to WebAssembly (`src/web/` in the crate), as JavaScript
// calls it: a protocol message in as JSON text, the messages to send back out. The same module
// serves the playground page, VS Code for the web and the desktop extension where no native
// server is packaged.

interface Exports {
  memory: WebAssembly.Memory;
  kibitzer_alloc(len: number): number;
  kibitzer_handle(ptr: number, len: number): number;
  kibitzer_output(): number;
  kibitzer_busy(): number;
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

  /** Hands one message (JSON text) to the session; what it answers, parsed. */
  handle(message: string): unknown[] {
    const data = encoder.encode(message);
    const ptr = this.exports.kibitzer_alloc(data.length);
    new Uint8Array(this.exports.memory.buffer, ptr, data.length).set(data);
    const len = this.exports.kibitzer_handle(ptr, data.length);
    const out = this.exports.kibitzer_output();
    return JSON.parse(decoder.decode(new Uint8Array(this.exports.memory.buffer, out, len))) as unknown[];
  }

  /** Whether the session is checking a large document a part at a time: hand it `[]` again. */
  busy(): boolean {
    return this.exports.kibitzer_busy() !== 0;
  }
}
