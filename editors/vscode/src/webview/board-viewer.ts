// The board viewer: draws a board as the server's `kibitzer/board` answers it (hands, auction,
// contract, the play trick by trick, double dummy). It knows how to lay out a board, not the
// rules of bridge: HCP, trick winners and the handviewer link come from the server, so every
// host draws the same view from the same request. Two hosts use it: VS Code's preview webview
// (preview.ts) and the playground page (editors/playground).

export type Seat = "N" | "E" | "S" | "W";
type SuitLetter = "S" | "H" | "D" | "C";

export interface BoardView {
  notation: string;
  board: string | null;
  dealer: Seat | null;
  vulnerable: string | null;
  hands: Record<Seat, Record<SuitLetter, string> | null>;
  hcp: Record<Seat, number | null>;
  hidden: Seat[];
  players: Partial<Record<Seat, string>>;
  auction: {
    first: Seat | null;
    calls: string[];
    callNotes: (number | null)[];
    alerts: boolean[];
    notes: Record<string, string>;
  } | null;
  contract: string | null;
  declarer: Seat | null;
  result: number | null;
  play: {
    leader: Seat | null;
    tricks: string[][];
    seats: (Seat | null)[][];
    winners: (Seat | null)[];
    notes: Record<string, string>;
  } | null;
  doubleDummy: {
    tricks: Record<string, Record<string, number>>;
    parScore: number | null;
    parContracts: string | null;
  } | null;
  handviewer: string | null;
}

export interface Source {
  uri: string;
  version: number;
  name: string;
}

/** What the viewer needs from the page that holds it. */
export interface ViewerHost {
  /** Opens BBO's handviewer at `url`. */
  openHandviewer(url: string): void;
  /** Called after each drawing, with what was drawn (the tests read it). */
  rendered(drawn: { board: string | null; step: number; steps: number; text: string }): void;
  /** Moves to the previous (-1) or next (+1) board of the file, where the host can. */
  stepBoard?(by: number): void;
}

const SEAT_NAMES: Record<Seat, string> = { N: "North", E: "East", S: "South", W: "West" };
const SUITS: SuitLetter[] = ["S", "H", "D", "C"];
const SUIT_SYMBOLS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
const SUIT_NAMES: Record<string, string> = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", N: "no trump" };
/** Auction columns, as bridge books print them. */
const AUCTION_SEATS: Seat[] = ["W", "N", "E", "S"];


/** What a drawing of the board needs besides the board: the trick shown, how to show
 * another, and the host. */
interface Drawing {
  step: number;
  go(to: number): void;
  host: ViewerHost;
}

/** A new element with a class and children (strings become text, never HTML). */
function el(tag: string, className?: string, ...children: (Node | string | null | undefined)[]): HTMLElement {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(child);
    }
  }
  return node;
}

function rankText(rank: string): string {
  return rank === "T" ? "10" : rank;
}

/** A suit symbol in its colour, with a name for screen readers. */
function suitSymbol(suit: string): HTMLElement {
  const span = el("span", `suit suit-${suit}`, SUIT_SYMBOLS[suit] ?? suit);
  span.setAttribute("aria-label", SUIT_NAMES[suit] ?? suit);
  return span;
}

/** A card (`SA`, `HT`) as ♠A, `-` and `?` as they are. */
function cardNode(card: string): HTMLElement {
  if (card.length === 2 && SUITS.includes(card[0] as SuitLetter)) {
    return el("span", "card", suitSymbol(card[0]), rankText(card[1]));
  }
  return el("span", "card unknown", card);
}

/** A call (`1S`, `3NT`, `Pass`, `X`) with its denomination's symbol. */
function callNode(call: string): HTMLElement {
  const bid = /^([1-7])(NT|[SHDC])$/.exec(call);
  if (bid) {
    const denomination = bid[2] === "NT" ? "N" : bid[2];
    return el("span", "call bid", bid[1], suitSymbol(denomination));
  }
  const words: Record<string, string> = { Pass: "Pass", X: "X", XX: "XX", AP: "All pass", "?": "?" };
  return el("span", `call ${call === "Pass" || call === "AP" ? "pass" : "other"}`, words[call] ?? call);
}

/** The seats' played cards up to (and including) trick `upTo`, by seat. */
function playedBy(board: BoardView, upTo: number): Record<Seat, Set<string>> {
  const played: Record<Seat, Set<string>> = { N: new Set(), E: new Set(), S: new Set(), W: new Set() };
  const play = board.play;
  if (!play) {
    return played;
  }
  for (let t = 0; t < Math.min(upTo, play.tricks.length); t++) {
    play.tricks[t].forEach((card, i) => {
      const seat = play.seats[t]?.[i];
      if (seat) {
        played[seat].add(card);
      }
    });
  }
  return played;
}

function handNode(board: BoardView, seat: Seat, played: Set<string>): HTMLElement {
  const heading = el("div", "hand-heading", el("span", "seat-name", SEAT_NAMES[seat]));
  const player = board.players?.[seat];
  if (player) {
    heading.append(el("span", "player", player));
  }
  if (board.dealer === seat) {
    const badge = el("span", "badge dealer", "D");
    badge.title = "Dealer";
    badge.setAttribute("aria-label", "dealer");
    heading.append(badge);
  }
  if (isVulnerable(board, seat)) {
    const badge = el("span", "badge vulnerable", "Vul");
    badge.title = "Vulnerable";
    heading.append(badge);
  }
  const hcp = board.hcp?.[seat];
  if (hcp !== null && hcp !== undefined) {
    heading.append(el("span", "hcp", `${hcp} HCP`));
  }
  const box = el("section", `hand seat-${seat}`, heading);
  box.setAttribute("aria-label", `${SEAT_NAMES[seat]}'s hand`);
  if (board.hidden.includes(seat)) {
    box.classList.add("hidden-hand");
    heading.append(el("span", "badge", "hidden"));
  }
  const hand = board.hands[seat];
  if (!hand) {
    box.append(el("div", "not-given", "hand not given"));
    return box;
  }
  for (const suit of SUITS) {
    const ranks = [...(hand[suit] ?? "")].filter((r) => !played.has(`${suit}${r}`));
    const line = el("div", "suit-line", suitSymbol(suit), " ");
    line.append(ranks.length === 0 ? el("span", "void", "—") : ranks.map(rankText).join(" "));
    box.append(line);
  }
  return box;
}

function isVulnerable(board: BoardView, seat: Seat): boolean {
  const v = board.vulnerable;
  return v === "All" || (v === "NS" && (seat === "N" || seat === "S")) || (v === "EW" && (seat === "E" || seat === "W"));
}

/** The middle of the table: the trick at the current step, else the compass. */
function centreNode(board: BoardView, at: Drawing): HTMLElement {
  const step = at.step;
  const centre = el("div", "centre");
  const play = board.play;
  if (play && step > 0 && step <= play.tricks.length) {
    const trick = play.tricks[step - 1];
    const winner = play.winners[step - 1];
    trick.forEach((card, i) => {
      const seat = play.seats[step - 1]?.[i];
      const spot = el("div", `spot spot-${seat ?? "x"}`, cardNode(card));
      if (i === 0) {
        spot.classList.add("lead");
        spot.title = "led";
      }
      if (seat && seat === winner) {
        spot.classList.add("winner");
        spot.title = "won the trick";
      }
      centre.append(spot);
    });
    centre.append(el("div", "trick-number", `${step}`));
    return centre;
  }
  for (const seat of ["N", "E", "S", "W"] as Seat[]) {
    const mark = el("div", `spot spot-${seat} compass`, seat);
    if (isVulnerable(board, seat)) {
      mark.classList.add("vulnerable");
    }
    if (board.dealer === seat) {
      mark.classList.add("dealer");
    }
    centre.append(mark);
  }
  return centre;
}

function tableNode(board: BoardView, at: Drawing): HTMLElement {
  const played = playedBy(board, at.step);
  const table = el("div", "table");
  for (const seat of ["N", "W", "E", "S"] as Seat[]) {
    table.append(handNode(board, seat, played[seat]));
  }
  table.append(centreNode(board, at));
  return table;
}

function auctionNode(board: BoardView): HTMLElement | null {
  const auction = board.auction;
  if (!auction) {
    return null;
  }
  const table = el("table", "auction");
  table.setAttribute("aria-label", "auction");
  const head = el("tr");
  for (const seat of AUCTION_SEATS) {
    const th = el("th", isVulnerable(board, seat) ? "vulnerable" : "", SEAT_NAMES[seat]);
    head.append(th);
  }
  table.append(el("thead", undefined, head));
  const body = el("tbody");
  let row = el("tr");
  let column = Math.max(0, AUCTION_SEATS.indexOf(auction.first ?? "W"));
  for (let i = 0; i < column; i++) {
    row.append(el("td"));
  }
  auction.calls.forEach((call, i) => {
    const cell = el("td", undefined, callNode(call)) as HTMLTableCellElement;
    if (auction.alerts[i]) {
      cell.classList.add("alert");
      cell.title = "alerted";
      cell.append(el("span", "alert-mark", "!"));
    }
    const note = auction.callNotes[i];
    if (note !== null && note !== undefined) {
      cell.append(el("sup", "note-ref", String(note)));
      const text = auction.notes[String(note)];
      if (text) {
        cell.title = text;
      }
    }
    if (call === "AP") {
      cell.colSpan = AUCTION_SEATS.length - column;
      column = AUCTION_SEATS.length - 1;
    }
    row.append(cell);
    column++;
    if (column === AUCTION_SEATS.length) {
      body.append(row);
      row = el("tr");
      column = 0;
    }
  });
  if (row.childNodes.length > 0) {
    body.append(row);
  }
  table.append(body);
  const box = el("section", "auction-box", el("h2", undefined, "Auction"), table);
  box.append(notesNode(auction.notes));
  return box;
}

function notesNode(notes: Record<string, string>): HTMLElement {
  const list = el("ol", "notes");
  for (const [number, text] of Object.entries(notes)) {
    const item = el("li", undefined, el("sup", "note-ref", number), " ", text);
    list.append(item);
  }
  return list;
}

function contractNode(board: BoardView): HTMLElement | null {
  if (!board.contract && board.result === null) {
    return null;
  }
  const line = el("p", "contract");
  if (board.contract) {
    line.append("Contract ");
    if (board.contract === "Pass") {
      line.append(el("strong", undefined, "passed out"));
    } else {
      const m = /^([1-7])(NT|[SHDC])(X{0,2})$/.exec(board.contract);
      line.append(m ? el("strong", undefined, m[1], suitSymbol(m[2] === "NT" ? "N" : m[2]), m[3]) : board.contract);
    }
    if (board.declarer) {
      line.append(` by ${SEAT_NAMES[board.declarer]}`);
    }
  }
  if (board.result !== null) {
    line.append(`${board.contract ? " · " : ""}declarer took ${board.result} tricks`);
  }
  return line;
}

function playNode(board: BoardView, at: Drawing): HTMLElement | null {
  const { step, go } = at;
  const play = board.play;
  if (!play || play.tricks.length === 0) {
    return null;
  }
  const steps = play.tricks.length;
  const box = el("section", "play-box", el("h2", undefined, "Play"));
  const controls = el("div", "controls");
  const button = (label: string, text: string, to: number, disabled: boolean) => {
    const b = el("button", undefined, text) as HTMLButtonElement;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.disabled = disabled;
    b.addEventListener("click", () => go(to));
    return b;
  };
  controls.append(
    button("First: before the lead (Home)", "◀◀", 0, step === 0),
    button("Previous trick (←)", "◀", step - 1, step === 0),
    el("span", "step", step === 0 ? `Before the lead · ${steps} tricks` : `Trick ${step} of ${steps}`),
    button("Next trick (→)", "▶", step + 1, step === steps),
    button("Last trick (End)", "▶▶", steps, step === steps),
  );
  box.append(controls);
  const list = el("ol", steps > 6 ? "tricks many" : "tricks");
  play.tricks.forEach((trick, t) => {
    const item = el("li", t + 1 === step ? "current" : t + 1 < step ? "done" : "");
    item.append(el("span", "trick-lead", play.seats[t]?.[0] ?? "?"));
    trick.forEach((card, i) => {
      const node = cardNode(card);
      if (play.seats[t]?.[i] && play.seats[t][i] === play.winners[t]) {
        node.classList.add("winner");
      }
      item.append(" ", node);
    });
    item.addEventListener("click", () => go(t + 1));
    list.append(item);
  });
  box.append(list);
  box.append(notesNode(play.notes));
  return box;
}

function doubleDummyNode(board: BoardView): HTMLElement | null {
  const dd = board.doubleDummy;
  if (!dd) {
    return null;
  }
  const table = el("table", "double-dummy");
  table.setAttribute("aria-label", "double dummy tricks");
  const denominations = ["NT", "S", "H", "D", "C"];
  const head = el("tr", undefined, el("th"));
  denominations.forEach((d) => head.append(el("th", undefined, suitSymbol(d === "NT" ? "N" : d))));
  table.append(el("thead", undefined, head));
  const body = el("tbody");
  for (const seat of ["N", "S", "E", "W"]) {
    const row = el("tr", undefined, el("th", undefined, seat));
    denominations.forEach((d) => row.append(el("td", undefined, String(dd.tricks[seat]?.[d] ?? ""))));
    body.append(row);
  }
  table.append(body);
  const box = el("section", "dd-box", el("h2", undefined, "Double dummy"), table);
  if (dd.parScore !== null) {
    const score = dd.parScore > 0 ? `NS +${dd.parScore}` : dd.parScore < 0 ? `EW +${-dd.parScore}` : "0";
    box.append(el("p", "par", `Par ${score}${dd.parContracts ? ` (${dd.parContracts})` : ""}`));
  }
  return box;
}

function titleNode(board: BoardView, source: Source | undefined, at: Drawing): HTMLElement {
  const parts = [board.board ? `Board ${board.board}` : "Board"];
  if (board.dealer) {
    parts.push(`Dealer ${SEAT_NAMES[board.dealer]}`);
  }
  if (board.vulnerable) {
    parts.push(`Vulnerable ${board.vulnerable === "None" ? "none" : board.vulnerable === "All" ? "all" : board.vulnerable}`);
  }
  const header = el("header", undefined, el("h1", undefined, parts.join(" · ")));
  if (source) {
    header.append(el("span", "source", `${source.name} · ${board.notation.toUpperCase()}`));
  }
  const stepBoard = at.host.stepBoard?.bind(at.host);
  if (stepBoard) {
    // Another board of the file without going back to the text: a binary dealing file's
    // boards are hard to find there.
    const nav = el("span", "boards");
    for (const [label, text, by] of [["Previous board (Page Up)", "◀ Board", -1], ["Next board (Page Down)", "Board ▶", 1]] as const) {
      const b = el("button", undefined, text) as HTMLButtonElement;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", () => stepBoard(by));
      nav.append(b);
    }
    header.append(nav);
  }
  if (board.handviewer) {
    const link = el("button", "link", "Open in BBO handviewer") as HTMLButtonElement;
    link.title = "Opens the board on bridgebase.com in your browser";
    const url = board.handviewer;
    link.addEventListener("click", () => at.host.openHandviewer(url));
    header.append(link);
  }
  return header;
}

/** A board drawn into `root`, stepped through trick by trick. */
export class BoardViewer {
  private current: BoardView | null = null;
  private currentKey = "";
  private step = 0;
  private lastSource: Source | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: ViewerHost,
  ) {}

  /** Shows `board` (from `source`); the same board again keeps the trick shown. */
  show(board: BoardView | null, source: Source): void {
    const boardKey = board ? `${source.uri}#${board.board ?? ""}#${board.dealer ?? ""}` : "";
    const steps = board?.play?.tricks.length ?? 0;
    const oldSteps = this.current?.play?.tricks.length ?? 0;
    if (boardKey !== this.currentKey) {
      this.step = 0;
    } else if (this.step === oldSteps && steps > oldSteps && this.step > 0) {
      this.step = steps; // following the play as it is typed
    } else {
      this.step = Math.min(this.step, steps);
    }
    this.current = board;
    this.currentKey = boardKey;
    this.lastSource = source;
    this.render();
  }

  /** Shows a message instead of a board. */
  showMessage(message: string): void {
    this.current = null;
    this.currentKey = "";
    this.root.replaceChildren(el("p", "empty", message));
    this.host.rendered({ board: null, step: 0, steps: 0, text: this.root.innerText });
  }

  /** Steps to trick `to` (0: before the lead). */
  go(to: number): void {
    const steps = this.current?.play?.tricks.length ?? 0;
    const next = Math.max(0, Math.min(steps, to));
    if (next !== this.step) {
      this.step = next;
      this.render();
    }
  }

  /** Acts on a key (arrows, Home, End; Page Up/Down where the host steps boards); whether it was one the viewer uses. */
  key(name: string): boolean {
    const steps = this.current?.play?.tricks.length ?? 0;
    switch (name) {
      case "ArrowLeft":
        this.go(this.step - 1);
        return true;
      case "ArrowRight":
        this.go(this.step + 1);
        return true;
      case "Home":
        this.go(0);
        return true;
      case "End":
        this.go(steps);
        return true;
      case "PageUp":
      case "PageDown":
        if (!this.host.stepBoard) {
          return false;
        }
        this.host.stepBoard(name === "PageUp" ? -1 : 1);
        return true;
    }
    return false;
  }

  private render(): void {
    const root = this.root;
    root.replaceChildren();
    const board = this.current;
    const at: Drawing = { step: this.step, go: (to) => this.go(to), host: this.host };
    if (!board) {
      root.append(el("p", "empty", "Place the cursor in a board."));
    } else {
      root.append(titleNode(board, this.lastSource, at), tableNode(board, at));
      for (const part of [contractNode(board), auctionNode(board), playNode(board, at), doubleDummyNode(board)]) {
        if (part) {
          root.append(part);
        }
      }
    }
    this.host.rendered({
      board: board?.board ?? null,
      step: this.step,
      steps: board?.play?.tricks.length ?? 0,
      text: root.innerText,
    });
  }
}
