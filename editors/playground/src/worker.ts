// The playground's worker: one Kibitzer session compiled to WebAssembly, served by the same
// loop as VS Code for the web's server worker (editors/vscode/src/wasm/). The page runs two:
// one for the documents, one that solves deals, so that a solve never holds up typing.

import { KibitzerWasm } from "../../vscode/src/wasm/kibitzer-wasm";
import { serve } from "../../vscode/src/wasm/serve";

declare const self: { location: { href: string }; onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown): void };

serve(
  {
    post: (message) => self.postMessage(message),
    listen: (handler) => {
      self.onmessage = (event) => handler(event.data);
    },
  },
  KibitzerWasm.fromUrl(new URL("kibitzer.wasm", self.location.href).href),
);
