// Finding the kibitzer binary: the setting, else the one bundled in the .vsix, else PATH.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export type ServerSource = "setting" | "bundled" | "path" | "wasm";

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

function onPath(env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? "").split(path.delimiter).filter((d) => d.length > 0);
  const names = process.platform === "win32" ? [exe, "kibitzer.cmd", "kibitzer.bat"] : [exe];
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (isExecutableFile(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/**
 * Resolves the server binary.
 * @param configured the `kibitzer.server.path` setting (may be empty)
 * @param extensionPath the extension's install folder
 * @param workspaceFolder the first workspace folder, for relative settings
 */
export function findServer(
  configured: string,
  extensionPath: string,
  workspaceFolder: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
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
    // A name like "kibitzer-nightly" is looked up on PATH too.
    if (!setting.includes("/") && !setting.includes("\\")) {
      const found = findNamedOnPath(setting, env);
      if (found !== undefined) {
        return { command: found, source: "setting" };
      }
    }
    throw new ServerNotFound(
      `Kibitzer: the setting "kibitzer.server.path" is "${setting}", but ${p} is not an executable file. ` +
        `Correct or clear the setting (clearing it uses the bundled server or "kibitzer" on PATH).`,
      [p],
    );
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
  const fromPath = onPath(env);
  tried.push(`${exe} on PATH (${env.PATH ?? ""})`);
  if (fromPath !== undefined) {
    return { command: fromPath, source: "path" };
  }
  throw new ServerNotFound(
    `Kibitzer: no language server found. This extension has no server bundled for ${process.platform}-${process.arch} ` +
      `and "kibitzer" is not on PATH. Install it (from a checkout: "cargo install --path . --locked") ` +
      `or set "kibitzer.server.path" to the kibitzer binary, then run "Kibitzer: Restart Language Server".`,
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
