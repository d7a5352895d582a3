// Finding the server: the setting, else the native program bundled in the .vsix, else the
// same server compiled to WebAssembly. A `kibitzer` on PATH is used only when the setting
// names it: an old copy installed with cargo must not win over the one the extension brings.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export type ServerSource = "setting" | "bundled" | "wasm";

/** Where the package keeps the server compiled to WebAssembly, relative to the extension: used
 * where no native server is found (and always in VS Code for the web). */
export const WASM_SERVER = path.join("server", "kibitzer.wasm");

export interface ServerLocation {
  command: string;
  source: ServerSource;
}

export class ServerNotFound extends Error {
  constructor(
    message: string,
    /** What was looked at, for the output channel. */
    readonly tried: string[],
  ) {
    super(message);
  }
}

const exe = process.platform === "win32" ? "kibitzer.exe" : "kibitzer";

/** The folder, relative to the extension, that the package script copies the binary into. */
export function bundledRelativePath(platform = process.platform, arch = process.arch): string {
  return path.join("server", `${platform}-${arch}`, platform === "win32" ? "kibitzer.exe" : "kibitzer");
}

function isExecutableFile(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(p, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

function expandHome(p: string): string {
  if (p === "~") {
    return os.homedir();
  }
  if (p.startsWith("~/") || p.startsWith("~\\")) {
    return path.join(os.homedir(), p.slice(2));
  }
  return p;
}

/**
 * Resolves the server: the setting, else the bundled native program, else the WebAssembly
 * server (also when `preferWebAssembly` asks for it).
 * @param configured the `kibitzer.server.path` setting (may be empty); a bare name such as
 *   `kibitzer` is looked up on PATH
 * @param extensionPath the extension's install folder
 * @param workspaceFolder the first workspace folder, for relative settings
 * @param preferWebAssembly the `kibitzer.server.webAssembly` setting
 */
export function findServer(
  configured: string,
  extensionPath: string,
  workspaceFolder: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  preferWebAssembly = false,
): ServerLocation {
  const tried: string[] = [];
  const setting = configured.trim();
  if (setting.length > 0) {
    let p = expandHome(setting);
    if (!path.isAbsolute(p) && workspaceFolder !== undefined) {
      p = path.join(workspaceFolder, p);
    }
    if (isExecutableFile(p)) {
      return { command: p, source: "setting" };
    }
    // A name like "kibitzer" or "kibitzer-nightly" is looked up on PATH.
    if (!setting.includes("/") && !setting.includes("\\")) {
      const found = findNamedOnPath(setting, env);
      if (found !== undefined) {
        return { command: found, source: "setting" };
      }
    }
    throw new ServerNotFound(
      `Kibitzer: the setting "kibitzer.server.path" is "${setting}", but ${p} is not an executable file. ` +
        `Correct or clear the setting (clearing it uses the server the extension brings).`,
      [p],
    );
  }
  const wasm = path.join(extensionPath, WASM_SERVER);
  if (preferWebAssembly && fs.existsSync(wasm)) {
    return { command: wasm, source: "wasm" };
  }
  const bundled = path.join(extensionPath, bundledRelativePath());
  tried.push(bundled);
  if (process.platform !== "win32" && fs.existsSync(bundled) && !isExecutableFile(bundled)) {
    // An unpacker that dropped the file mode: make it executable again.
    try {
      fs.chmodSync(bundled, 0o755);
    } catch {
      // reported below as not found
    }
  }
  if (isExecutableFile(bundled)) {
    return { command: bundled, source: "bundled" };
  }
  tried.push(wasm);
  if (fs.existsSync(wasm)) {
    return { command: wasm, source: "wasm" };
  }
  throw new ServerNotFound(
    `Kibitzer: no language server found. This extension has no server for ${process.platform}-${process.arch}. ` +
      `Set "kibitzer.server.path" to the kibitzer program (or to "kibitzer" to use the one on PATH), ` +
      `then run "Kibitzer: Restart Language Server".`,
    tried,
  );
}

function findNamedOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter((d) => d.length > 0);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) {
      return candidate;
    }
  }
  return undefined;
}
