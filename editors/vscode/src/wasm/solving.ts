// Double dummy for a WebAssembly server: the session cannot solve a deal inline (a solve takes
// longer than a keystroke may), so it says which deal it wants (`kibitzer/solveWanted`); a
// second session, in a worker of its own, solves it (`kibitzer/solve`), and the table goes back
// to the first (`kibitzer/solved`), whose hovers and board views show it from then on.

import type { BaseLanguageClient } from "vscode-languageclient";
import type { MessageConnection } from "vscode-jsonrpc";

/** Wires `client`'s WebAssembly server to the solving session at the end of `solver`. */
export function attachSolver(client: BaseLanguageClient, solver: MessageConnection): { dispose(): void } {
  const asked = new Set<string>();
  const listening = client.onNotification("kibitzer/solveWanted", async (params: { deal?: string }) => {
    const deal = params?.deal;
    if (typeof deal !== "string" || asked.has(deal)) {
      return;
    }
    asked.add(deal);
    try {
      const { tricks } = (await solver.sendRequest("kibitzer/solve", { deal })) as { tricks: number[] };
      await client.sendNotification("kibitzer/solved", { deal, tricks });
    } catch {
      // A deal the solver could not take: the hover keeps saying it is being solved.
      asked.delete(deal);
    }
  });
  return {
    dispose: () => {
      listening.dispose();
      solver.dispose();
    },
  };
}
