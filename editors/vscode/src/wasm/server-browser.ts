// A browser worker holding a Kibitzer session (VS Code for the web's language server, and its
// double-dummy solver): protocol messages in and out through the worker's own port. The module
// comes by its address in the worker's address (`?wasm=…`), or as the bytes of the first
// message (`{kibitzerWasm}`) when the worker was made from a blob.

import { KibitzerWasm } from "./kibitzer-wasm";
import { serve } from "./serve";

declare const self: { location: { href: string; search: string }; onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown): void };

const address = new URLSearchParams(self.location.search).get("wasm");
let handler: ((message: unknown) => void) | undefined;
let handed: (bytes: ArrayBuffer) => void = () => undefined;
const loading = address
  ? KibitzerWasm.fromUrl(address)
  : new Promise<ArrayBuffer>((resolve) => (handed = resolve)).then((bytes) => KibitzerWasm.fromBytes(bytes));
self.onmessage = (event) => {
  const data = event.data as { kibitzerWasm?: ArrayBuffer } | unknown;
  if (data && typeof data === "object" && "kibitzerWasm" in (data as object)) {
    handed((data as { kibitzerWasm: ArrayBuffer }).kibitzerWasm);
  } else {
    handler?.(data);
  }
};
serve(
  {
    post: (message) => self.postMessage(message),
    listen: (listener) => {
      handler = listener;
    },
  },
  loading,
);
