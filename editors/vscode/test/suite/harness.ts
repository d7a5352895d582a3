// A very small test runner for code that runs inside VS Code's extension host. Each test is an
// async function; a thrown error fails it. Results go to console (which the workbench forwards
// to the Playwright driver) and to a file the driver prints, so they are visible either way.

import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";

export interface Test {
  name: string;
  fn: () => Promise<void>;
  timeoutMs?: number;
  /** Why the test needs the native server, when it does (the WebAssembly server skips it). */
  nativeOnly?: string;
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) {
    throw new Error("the tests need a workspace folder");
  }
  return folder.uri.fsPath;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns something other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) {
        return value;
      }
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > until) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`);
    }
    await sleep(100);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`test "${name}" took more than ${ms} ms`)), ms);
    }),
  ]);
}

/** The results file of the suite running, for `note`. */
let currentLog: string | undefined;

/** Writes a line (a measured figure) among the suite's results. */
export function note(line: string): void {
  console.log(line);
  if (currentLog !== undefined) {
    fs.appendFileSync(currentLog, `     ${line}\n`);
  }
}

/** Runs the tests in order; throws when any failed (the workbench then exits non-zero). */
export async function runTests(suite: string, tests: Test[], onWasm = false): Promise<void> {
  const resultsDir = path.join(workspaceRoot(), ".results");
  fs.mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `${suite}.log`);
  fs.writeFileSync(logFile, "");
  currentLog = logFile;
  const say = (line: string) => {
    console.log(line);
    fs.appendFileSync(logFile, line + "\n");
  };
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // KIBITZER_ONLY=text runs only the tests whose names contain it (for working on one).
  const only = process.env.KIBITZER_ONLY;
  for (const t of tests) {
    if (only && !t.name.includes(only)) {
      continue;
    }
    if (onWasm && t.nativeOnly) {
      skipped++;
      say(`skip ${t.name}: ${t.nativeOnly}`);
      continue;
    }
    const started = Date.now();
    try {
      await withTimeout(t.fn(), t.timeoutMs ?? 60_000, t.name);
      passed++;
      say(`ok   ${t.name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
      say(`FAIL ${t.name} (${Date.now() - started} ms)\n${detail.replace(/^/gm, "     ")}`);
    }
  }
  say(`${suite}: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped on the WebAssembly server` : ""}`);
  if (failed > 0) {
    throw new Error(`${failed} of ${tests.length} ${suite} tests failed`);
  }
}
