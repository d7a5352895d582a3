// Which encoding a bridge file is opened in: the one the kibitzer server's reader decides, not
// a guess. Valid UTF-8 (with or without a byte-order mark) is UTF-8; UTF-16 needs its mark; any
// other bytes are Latin-1, PBN's own character set, where every byte is one character.

import * as vscode from "vscode";

/** The languages whose files the extension opens in the server's encoding. */
export const ENCODED_LANGUAGES = ["pbn", "rbn", "lin"];

/** Encodings in which ASCII bytes are the ASCII characters. */
const ASCII_COMPATIBLE = ["utf8", "iso88591", "windows1252"];

/** VS Code's name of the encoding the server reads `bytes` in. */
export function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return "utf16le";
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return "utf16be";
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bom ? bytes.subarray(3) : bytes);
    return bom ? "utf8bom" : "utf8";
  } catch {
    return "iso88591";
  }
}

/** A text document as VS Code 1.100 and later describe it (the encoding API). */
interface EncodedDocument extends vscode.TextDocument {
  readonly encoding?: string;
}

/**
 * Reopens `document` in the encoding its bytes call for when VS Code opened it in another one
 * (a guess such as ISO 8859-2 for a Latin-1 file turns `Liège` into `Ličge`). Leaves documents
 * with unsaved changes alone, and does nothing on a VS Code without the encoding API.
 * Resolves to the encoding now in use, when known.
 */
export async function settleEncoding(document: vscode.TextDocument): Promise<string | undefined> {
  const current = (document as EncodedDocument).encoding;
  if (current === undefined || document.uri.scheme !== "file" || !ENCODED_LANGUAGES.includes(document.languageId)) {
    return current;
  }
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(document.uri);
  } catch {
    return current;
  }
  const wanted = encodingOf(bytes);
  if (wanted === current || document.isDirty) {
    return current;
  }
  // Plain ASCII reads the same in UTF-8 and Latin-1: no need to reopen it.
  if (wanted === "utf8" && ASCII_COMPATIBLE.includes(current) && bytes.every((b) => b < 0x80)) {
    return current;
  }
  // `openTextDocument(uri, { encoding })` reloads an unmodified document in that encoding; the
  // typings this extension builds against (VS Code 1.82) do not know the second argument yet.
  const open = vscode.workspace.openTextDocument as unknown as (
    uri: vscode.Uri,
    options: { encoding: string },
  ) => Thenable<EncodedDocument>;
  const reopened = await open.call(vscode.workspace, document.uri, { encoding: wanted });
  return reopened.encoding;
}
