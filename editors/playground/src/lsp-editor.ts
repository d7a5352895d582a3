// CodeMirror speaking the language server protocol to the session's worker: changes go out as
// incremental edits; diagnostics, quick fixes, hovers, completions, colours (semantic tokens)
// and formatting come back. Positions are the protocol's lines and UTF-16 characters, which
// are CodeMirror's own string offsets within a line.

import { Extension, StateEffect, StateField, Text, ChangeSpec, RangeSetBuilder } from "@codemirror/state";
import { Decoration, DecorationSet, EditorView, hoverTooltip, ViewUpdate } from "@codemirror/view";
import { Action, Diagnostic, setDiagnostics } from "@codemirror/lint";
import { autocompletion, Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import { Rpc } from "./rpc";

/** A hover as the session answers it. */
type HoverAnswer = { contents: { value: string }; range?: LspRange };

/** What a deal's hover says while its double dummy is being solved (`DOUBLE_DUMMY_PENDING` in
 * src/ide/diagram.rs): the hover is drawn again when the table comes. */
const SOLVING = "solving in the background";

/** How long an open hover waits for its deal's table before it leaves the note. */
const SOLVING_WAIT_MS = 60_000;

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspTextEdit {
  range: LspRange;
  newText: string;
}
export interface LspDiagnostic {
  range: LspRange;
  severity?: number;
  code?: string | number;
  message: string;
}

/** The offset of a protocol position in `doc` (clamped to the document). */
export function toOffset(doc: Text, position: LspPosition): number {
  if (position.line >= doc.lines) {
    return doc.length;
  }
  const line = doc.line(position.line + 1);
  return Math.min(line.from + position.character, line.to);
}

/** The protocol position of an offset in `doc`. */
export function toPosition(doc: Text, offset: number): LspPosition {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}

/** Edits in the protocol's form as CodeMirror changes (all against the same document). */
export function changesOf(doc: Text, edits: LspTextEdit[]): ChangeSpec[] {
  return edits
    .map((e) => ({ from: toOffset(doc, e.range.start), to: toOffset(doc, e.range.end), insert: e.newText }))
    .sort((a, b) => a.from - b.from);
}

const SEVERITIES: Record<number, Diagnostic["severity"]> = { 1: "error", 2: "warning", 3: "info", 4: "hint" };

/** The document one editor shows, as the session knows it. */
export class LspDocument {
  version = 1;
  /** The diagnostics last published, in the protocol's form. */
  diagnostics: LspDiagnostic[] = [];
  private listeners: ((d: LspDiagnostic[]) => void)[] = [];
  private legend: string[] = [];
  private tokenTimer: ReturnType<typeof setTimeout> | undefined;
  private fixTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set once closed: what the session says of it afterwards (its diagnostics cleared) is no
   * longer the page's business, and must not show "No problems" for the next file. */
  private closed = false;

  constructor(
    readonly rpc: Rpc,
    readonly uri: string,
    readonly languageId: string,
  ) {}

  /** Calls `listener` with each new set of diagnostics. */
  onDiagnostics(listener: (d: LspDiagnostic[]) => void): void {
    this.listeners.push(listener);
  }

  /** The extensions that connect an editor to the session. */
  extensions(legend: string[]): Extension[] {
    this.legend = legend;
    return [
      tokenField,
      EditorView.updateListener.of((update) => this.changed(update)),
      hoverTooltip((view, pos) => this.hover(view, pos), { hoverTime: 250 }),
      autocompletion({ override: [(context) => this.complete(context)], icons: false }),
    ];
  }

  /** Opens the document in the session and starts listening for its diagnostics. */
  open(view: EditorView): void {
    this.rpc.on("textDocument/publishDiagnostics", (params) => {
      if (params.uri === this.uri && !this.closed) {
        this.published(view, params.diagnostics as LspDiagnostic[]);
      }
    });
    this.rpc.notify("textDocument/didOpen", {
      textDocument: { uri: this.uri, languageId: this.languageId, version: this.version, text: textOf(view) },
    });
    this.refreshTokens(view);
  }

  /** Closes it in the session. */
  close(): void {
    this.closed = true;
    clearTimeout(this.fixTimer);
    clearTimeout(this.tokenTimer);
    this.rpc.notify("textDocument/didClose", { textDocument: { uri: this.uri } });
  }

  /** Sends an edit as the protocol's incremental changes, the last first so that each range
   * still stands where the one before left the text. */
  private changed(update: ViewUpdate): void {
    if (update.docChanged) {
      const before = update.startState.doc;
      const separator = update.state.lineBreak;
      const changes: { range: LspRange; text: string }[] = [];
      update.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
        changes.push({
          range: { start: toPosition(before, fromA), end: toPosition(before, toA) },
          text: inserted.sliceString(0, inserted.length, separator),
        });
      });
      this.version += 1;
      this.rpc.notify("textDocument/didChange", {
        textDocument: { uri: this.uri, version: this.version },
        contentChanges: changes.reverse(),
      });
      this.refreshTokens(update.view);
    } else if (update.viewportChanged) {
      this.refreshTokens(update.view);
      clearTimeout(this.fixTimer);
      const diagnostics = this.diagnostics;
      if (diagnostics.length > 0) {
        this.fixTimer = setTimeout(() => void this.addFixes(update.view, diagnostics), 250);
      }
    }
  }

  /** Shows newly published diagnostics; the quick fixes of those in view follow a moment
   * later (asked for once typing pauses, so that they never hold up the next keystroke). */
  private published(view: EditorView, diagnostics: LspDiagnostic[]): void {
    this.diagnostics = diagnostics;
    view.dispatch(setDiagnostics(view.state, this.shown(view, new Map())));
    for (const listener of this.listeners) {
      listener(diagnostics);
    }
    clearTimeout(this.fixTimer);
    if (diagnostics.length > 0) {
      this.fixTimer = setTimeout(() => void this.addFixes(view, diagnostics), 250);
    }
  }

  /** The diagnostics as CodeMirror shows them, with the fixes found for each. */
  private shown(view: EditorView, actions: Map<number, Action[]>): Diagnostic[] {
    const doc = view.state.doc;
    return this.diagnostics.map((d, i) => ({
      from: toOffset(doc, d.range.start),
      to: toOffset(doc, d.range.end),
      severity: SEVERITIES[d.severity ?? 1] ?? "error",
      message: d.code ? `${d.code}: ${d.message}` : d.message,
      source: "kibitzer",
      actions: actions.get(i),
    }));
  }

  /** Asks for the quick fixes of the diagnostics in view and shows them with their
   * diagnostics, unless the text changed meanwhile. */
  private async addFixes(view: EditorView, diagnostics: LspDiagnostic[]): Promise<void> {
    const doc = view.state.doc;
    const { from, to } = view.viewport;
    const version = this.version;
    const found = (await this.rpc.request("textDocument/codeAction", {
      textDocument: { uri: this.uri },
      range: { start: toPosition(doc, from), end: toPosition(doc, to) },
      context: { diagnostics: [] },
    })) as any[] | null;
    if (!found || found.length === 0 || version !== this.version || this.diagnostics !== diagnostics) {
      return;
    }
    const actions = new Map<number, Action[]>();
    for (const action of found) {
      const target = action.diagnostics?.[0] as LspDiagnostic | undefined;
      const edits = action.edit?.changes?.[this.uri] as LspTextEdit[] | undefined;
      if (!target || !edits) {
        continue;
      }
      const index = diagnostics.findIndex(
        (d) => d.message === target.message && d.code === target.code && sameRange(d.range, target.range),
      );
      if (index < 0) {
        continue;
      }
      const list = actions.get(index) ?? [];
      list.push({
        name: action.title,
        apply: (v: EditorView) => v.dispatch({ changes: changesOf(v.state.doc, edits) }),
      });
      actions.set(index, list);
    }
    view.dispatch(setDiagnostics(view.state, this.shown(view, actions)));
  }

  /** The session's hover at `pos`, its markdown drawn as text and diagrams. */
  private async hover(view: EditorView, pos: number) {
    const params = { textDocument: { uri: this.uri }, position: toPosition(view.state.doc, pos) };
    const answer = (await this.rpc.request("textDocument/hover", params)) as HoverAnswer | null;
    if (!answer) {
      return null;
    }
    const doc = view.state.doc;
    const from = answer.range ? toOffset(doc, answer.range.start) : pos;
    const to = answer.range ? toOffset(doc, answer.range.end) : pos;
    return {
      pos: from,
      end: to,
      above: true,
      create: () => {
        const dom = document.createElement("div");
        dom.className = "kb-hover";
        dom.append(...markdown(answer.contents.value));
        if (answer.contents.value.includes(SOLVING)) {
          void this.fillWhenSolved(view, dom, params);
        }
        return { dom };
      },
    };
  }

  /** Draws the hover `dom` again once its deal is solved, while it is open and the text is
   * unchanged: the table arrives in the hover the user is looking at. */
  private async fillWhenSolved(view: EditorView, dom: HTMLElement, params: object) {
    const doc = view.state.doc;
    const deadline = performance.now() + SOLVING_WAIT_MS;
    while (performance.now() < deadline) {
      await new Promise((done) => setTimeout(done, 250));
      if (!dom.isConnected || view.state.doc !== doc) {
        return;
      }
      const again = (await this.rpc.request("textDocument/hover", params)) as HoverAnswer | null;
      if (!dom.isConnected || view.state.doc !== doc || !again) {
        return;
      }
      if (!again.contents.value.includes(SOLVING)) {
        dom.replaceChildren(...markdown(again.contents.value));
        return;
      }
    }
  }

  /** The session's completions at the cursor. */
  private async complete(context: CompletionContext): Promise<CompletionResult | null> {
    // As VS Code does: suggestions open by themselves only while a word is being typed (or when
    // asked for, Ctrl+Space). Opened after a space, the first one was preselected and Enter,
    // meant to end the line, put it into the auction.
    if (!context.explicit && !context.matchBefore(/[A-Za-z0-9=$!?^-]+$/)) {
      return null;
    }
    const doc = context.state.doc;
    const items = (await this.rpc.request("textDocument/completion", {
      textDocument: { uri: this.uri },
      position: toPosition(doc, context.pos),
    })) as any[] | null;
    if (!items || items.length === 0) {
      return null;
    }
    let from = context.pos;
    const options: Completion[] = items.map((item) => {
      const edit = item.textEdit as LspTextEdit | undefined;
      if (edit) {
        from = Math.min(from, toOffset(doc, edit.range.start));
      }
      return {
        label: item.label,
        detail: item.detail,
        info: typeof item.documentation === "string" ? item.documentation : item.documentation?.value,
        apply: edit?.newText ?? item.insertText ?? item.label,
        type: item.kind === 12 ? "constant" : item.kind === 14 ? "keyword" : "text",
      };
    });
    if (from === context.pos) {
      from = context.matchBefore(/[\w"=-]*$/)?.from ?? context.pos;
    }
    return { from, options, filter: true };
  }

  /** Asks for the colours of what is in view, a little after the last edit or scroll. */
  private refreshTokens(view: EditorView): void {
    clearTimeout(this.tokenTimer);
    this.tokenTimer = setTimeout(async () => {
      const doc = view.state.doc;
      const { from, to } = view.viewport;
      const version = this.version;
      const answer = (await this.rpc.request("textDocument/semanticTokens/range", {
        textDocument: { uri: this.uri },
        range: { start: toPosition(doc, from), end: toPosition(doc, to) },
      })) as { data: number[] } | null;
      if (!answer || version !== this.version) {
        return;
      }
      view.dispatch({ effects: setTokens.of(decorations(view.state.doc, answer.data, this.legend)) });
    }, 60);
  }
}

/** Whether two protocol ranges are the same. */
function sameRange(a: LspRange, b: LspRange): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

/** The text of an editor as the file holds it (with its own line ends). */
export function textOf(view: EditorView): string {
  const doc = view.state.doc;
  return doc.sliceString(0, doc.length, view.state.lineBreak);
}

const setTokens = StateEffect.define<DecorationSet>();

/** The colours of the text, kept in place through edits until the next answer. */
const tokenField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(setTokens)) {
        value = effect.value;
      }
    }
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The protocol's relative semantic tokens as marks with a class per token type. */
function decorations(doc: Text, data: number[], legend: string[]): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const [dLine, dStart, length, type] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    line += dLine;
    character = dLine === 0 ? character + dStart : dStart;
    const from = toOffset(doc, { line, character });
    const to = Math.min(toOffset(doc, { line, character: character + length }), doc.length);
    if (to > from) {
      builder.add(from, to, Decoration.mark({ class: `tok-${legend[type] ?? "other"}` }));
    }
  }
  return builder.finish();
}

/** The hover's (or a code's explanation's) markdown as DOM nodes: fenced blocks as
 * preformatted text, a `# ` line as a heading, `**bold**` and `` `code` `` in paragraphs; every
 * text goes in as text, never as HTML. */
export function markdown(source: string): Node[] {
  const nodes: Node[] = [];
  const parts = source.split(/```[a-z]*\n?/);
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const pre = document.createElement("pre");
      pre.textContent = part.replace(/\n$/, "");
      nodes.push(pre);
      return;
    }
    for (const paragraph of part.split(/\n{2,}|\n---\n/)) {
      const text = paragraph.trim();
      if (!text) {
        continue;
      }
      const heading = /^# (.*)$/.exec(text);
      if (heading) {
        const h = document.createElement("h3");
        h.textContent = heading[1];
        nodes.push(h);
        continue;
      }
      const p = document.createElement("p");
      for (const piece of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
        if (piece.startsWith("**") && piece.endsWith("**") && piece.length > 4) {
          const strong = document.createElement("strong");
          strong.textContent = piece.slice(2, -2);
          p.append(strong);
        } else if (piece.startsWith("`") && piece.endsWith("`") && piece.length > 2) {
          const code = document.createElement("code");
          code.textContent = piece.slice(1, -1);
          p.append(code);
        } else if (piece) {
          p.append(piece.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1"));
        }
      }
      nodes.push(p);
    }
  });
  return nodes;
}
