// Martian Treasure Hunt drawing parts: the board frame (which way up), coins, pyramids, suit marks, dice.
// Pure helpers with no page state: draw.js and the side panel share them.
import { t as tr } from "../../core/i18n.js";
export const SVGNS = "http://www.w3.org/2000/svg";
export const S = 44;          // one square, in SVG user units
export const M = 26;          // margin around the board: the seats' names
export const KINDS = [tr("pawn"), tr("rook"), tr("knight"), tr("bishop"), tr("queen"), tr("king")];   // in the page's language
export const KIND_GLYPH = ["♙", "♖", "♘", "♗", "♕", "♔"];
export const KIND_MOVE = [
  tr("one square ahead onto an empty square, or one diagonally ahead to capture"),
  tr("any distance along its row or column"),
  tr("in an L, jumping over anything"),
  tr("any distance diagonally"),
  tr("any distance along a row, a column or a diagonal"),
  tr("one square in any direction"),
];
export const SUITS = ["sun", "moon", "crown", "arms"];
export const SIZE_WORD = { 1: "small", 2: "medium", 3: "large" };
export const COIN_WORD = [tr("null"), tr("ace"), "2", "3", "4", "5"];
export const SIDE_WORD = { S: "south", N: "north", W: "west", E: "east" };

export function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) el.setAttribute(k, v);
  return el;
}
export const seatVar = (seat) => `var(--seat-${seat % 6})`;
export const coinLabel = (value) => String(value);   // 0 (null) and 1 (ace) read as digits on screen
export const coinWords = (value) => (value === 0 ? `${COIN_WORD[0]} (0)` : value === 1 ? `${COIN_WORD[1]} (1)` : String(value));
export const parseSq = (name) => name.split(",").map(Number);

// Which way up: the viewer's own arm at the bottom, reading left to right from their seat
// (spectators look from the south). Returns {cols, rows, at(name) -> [x, y] of the square's corner}.
export function frame(board, side) {
  const W = board.width, H = board.height;
  const to = {
    S: (x, y) => [x, H - 1 - y], N: (x, y) => [W - 1 - x, y],
    W: (x, y) => [H - 1 - y, W - 1 - x], E: (x, y) => [y, x],
  }[side] || ((x, y) => [x, H - 1 - y]);
  const turned = side === "W" || side === "E";
  const cols = turned ? H : W, rows = turned ? W : H;
  return {
    cols, rows, side: side || "S",
    width: cols * S + 2 * M, height: rows * S + 2 * M,
    cell(name) { const [x, y] = parseSq(name); return to(x, y); },
    at(name) { const [c, r] = this.cell(name); return [M + c * S, M + r * S]; },
    centre(name) { const [x, y] = this.at(name); return [x + S / 2, y + S / 2]; },
  };
}

// Where each arm's name goes: beside the middle of its home row, in the margin, turned along the edge.
export function armLabelPlace(fr, homeRow) {
  const cells = homeRow.map((sq) => fr.cell(sq));
  const cs = cells.map((c) => c[0]), rs = cells.map((c) => c[1]);
  const sameRow = rs.every((r) => r === rs[0]);
  if (sameRow) {
    const x = M + ((Math.min(...cs) + Math.max(...cs) + 1) / 2) * S;
    return rs[0] === 0 ? { x, y: M / 2, rotate: 0 } : { x, y: fr.height - M / 2, rotate: 0 };
  }
  const y = M + ((Math.min(...rs) + Math.max(...rs) + 1) / 2) * S;
  return cs[0] === 0 ? { x: M / 2, y, rotate: -90 } : { x: fr.width - M / 2, y, rotate: 90 };
}

// A suit mark (sun, moon, crown, arms) centred on (0, 0), about 2r across, drawn in currentColor.
export function suitMark(suit, r) {
  const g = svg("g", { class: `suit suit-${suit}` });
  if (suit === "sun") {
    g.append(svg("circle", { cx: 0, cy: 0, r: r * 0.5 }));
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      g.append(svg("line", { x1: Math.cos(a) * r * 0.68, y1: Math.sin(a) * r * 0.68, x2: Math.cos(a) * r, y2: Math.sin(a) * r, "stroke-width": r * 0.2, "stroke-linecap": "round" }));
    }
  } else if (suit === "moon") {
    g.append(svg("path", { d: `M${r * 0.2} ${-r} A${r} ${r} 0 1 0 ${r * 0.2} ${r} A${r * 0.78} ${r * 0.78} 0 1 1 ${r * 0.2} ${-r} Z` }));
  } else if (suit === "crown") {
    g.append(svg("path", { d: `M${-r} ${r * 0.6} L${-r} ${-r * 0.5} L${-r * 0.5} ${0} L0 ${-r * 0.8} L${r * 0.5} 0 L${r} ${-r * 0.5} L${r} ${r * 0.6} Z` }));
  } else {   // arms: a shield
    g.append(svg("path", { d: `M${-r * 0.85} ${-r * 0.8} L${r * 0.85} ${-r * 0.8} L${r * 0.85} ${0} Q${r * 0.85} ${r * 0.7} 0 ${r} Q${-r * 0.85} ${r * 0.7} ${-r * 0.85} 0 Z` }));
  }
  return g;
}

// A coin seen from above: the seat's colour, its value large, its suit mark small. `opts.back`: face down.
export function drawCoin(seat, value, opts = {}) {
  const r = opts.r || S * 0.4;
  const g = svg("g", { class: `coin${opts.back ? " back" : ""}`, "data-coin": opts.back ? null : `${seat}-${value}` });
  const disc = svg("circle", { cx: 0, cy: 0, r, class: "coin-disc" });
  disc.setAttribute("style", `fill: ${opts.back ? "#7d7466" : seatVar(seat)}`);
  g.append(disc, svg("circle", { cx: 0, cy: 0, r: r - 3, class: "coin-rim", fill: "none" }));
  if (opts.back) {
    const q = svg("text", { x: 0, y: 1, class: "coin-value back" });
    q.textContent = "?";
    g.append(q);
    return g;
  }
  const mark = suitMark(SUITS[seat] || "sun", r * 0.26);
  mark.setAttribute("transform", `translate(0 ${-r * 0.55})`);
  const t = svg("text", { x: 0, y: r * 0.18, class: "coin-value" });
  t.textContent = coinLabel(value);
  g.append(mark, t);
  return g;
}

// A pyramid seen from the side, its size as dots too (colour is never the only cue).
const PYR = { 1: { w: 0.42, h: 0.36, fill: "#f3c13a" }, 2: { w: 0.6, h: 0.5, fill: "#e57f2d" }, 3: { w: 0.8, h: 0.66, fill: "#b8432f" } };
export function drawPyramid(size, scale = 1) {
  const p = PYR[size] || PYR[1];
  const w = S * p.w * scale, h = S * p.h * scale, base = S * 0.36 * scale;
  const g = svg("g", { class: `pyramid size-${size}`, "data-pyramid": size });
  g.append(svg("path", { d: `M${-w / 2} ${base} L0 ${base - h} L${w / 2} ${base} Z`, fill: p.fill }));
  g.append(svg("path", { d: `M0 ${base - h} L${w * 0.12} ${base} L${w / 2} ${base} Z`, fill: "rgba(0,0,0,.18)" }));
  const rr = Math.max(1.4, 1.9 * scale), gap = rr * 2.7;
  for (let k = 0; k < size; k++) {
    g.append(svg("circle", { class: "pip", cx: (k - (size - 1) / 2) * gap, cy: base - h * 0.26, r: rr }));
  }
  return g;
}

// Small inline SVG icons for the side panel (stashes and prisoners).
export function pyramidIcon(size) {
  const el = svg("svg", { viewBox: `${-S / 2} ${-S / 2} ${S} ${S}`, class: `icon pyr-icon size-${size}`, "aria-hidden": "true" });
  el.append(drawPyramid(size, 1.1));
  return el;
}
export function coinIcon(seat, value) {
  const el = svg("svg", { viewBox: `${-S / 2} ${-S / 2} ${S} ${S}`, class: "icon coin-icon", "aria-hidden": "true" });
  el.append(drawCoin(seat, value, { r: S * 0.46 }));
  return el;
}

// A die face: the number die shows a digit, the type die a chess piece and its name. `label`: what a
// screen reader says of it (words.js dieLabel).
export function dieFace(kind, value, { rolling = false, dead = false, label = null } = {}) {
  const el = svg("svg", { viewBox: "0 0 60 60", class: `die ${kind}${rolling ? " rolling" : ""}${dead ? " dead" : ""}`, role: "img" });
  el.append(svg("rect", { x: 3, y: 3, width: 54, height: 54, rx: 10, class: "die-body" }));
  const t = svg("text", { x: 30, y: kind === "type" ? 28 : 32, class: "die-text" });
  if (value == null) t.textContent = "–";
  else t.textContent = kind === "type" ? KIND_GLYPH[value] : String(value);
  el.append(t);
  if (kind === "type" && value != null) {
    const n = svg("text", { x: 30, y: 49, class: "die-name" });
    n.textContent = KINDS[value];
    el.append(n);
  }
  if (label) el.setAttribute("aria-label", label);
  return el;
}
