// A Node worker thread holding a Kibitzer session compiled to WebAssembly: the desktop
// extension's language server (and double-dummy solver) where no native server is packaged for
// the platform. The module's path comes in the worker's data, else it is the extension's
// `server/kibitzer.wasm`.

import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { KibitzerWasm } from "./kibitzer-wasm";
import { serve } from "./serve";

const wasm: string = (workerData as { wasm?: string } | undefined)?.wasm ?? path.join(__dirname, "..", "..", "server", "kibitzer.wasm");
const port = parentPort;
if (port) {
  serve(
    {
      post: (message) => port.postMessage(message),
      listen: (handler) => port.on("message", handler),
    },
    readFile(wasm).then((bytes) => KibitzerWasm.fromBytes(bytes)),
  );
}
