// 3-High's drawing parts: board geometry, cards and pieces read from their codes, the stack drawing and
// the fitting of a square's card label. Pure helpers with no page state; draw.js puts them together.
export const SVGNS = "http://www.w3.org/2000/svg";
export const S = 60;                 // one square, in SVG user units
export const M = 30;                 // margin around the board: the side names
export const W = 8 * S + 2 * M;
export const FILES = "abcdefgh";
export const COLORS = {
  red: { fill: "#d62828", pip: "#ffffff" },
  orange: { fill: "#f58a07", pip: "#2b1600" },
  yellow: { fill: "#f7d02c", pip: "#3a2c00" },
  green: { fill: "#2a9d3f", pip: "#ffffff" },
  blue: { fill: "#1d63c7", pip: "#ffffff" },
};
// A letter on each pyramid (the "letters" setting), so colour is never the only cue.
export const COLOR_LETTER = { red: "R", orange: "O", yellow: "Y", green: "G", blue: "B" };
export const PIECE_W = { 3: 44, 2: 34, 1: 24 };   // base widths in the proportions of the real pieces
export const PIECE_H = { 3: 48, 2: 37, 1: 26 };
export const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };

export function parsePiece(p) {
  const m = /^([a-z]+)(\d)$/.exec(p || "");
  return m ? { color: m[1], size: Number(m[2]) } : { color: "grey", size: 1 };
}
export function parseCard(c) {
  const r = c.slice(0, -1);
  const suit = c.slice(-1);
  const value = r === "A" ? 1 : Number(r);
  return { rank: r, suit, value, red: suit === "H" || suit === "D" };
}

// Top-left corner of a square; every square, rank 8 first (reading order); the square under a point.
export function sqXY(sq) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq.slice(1));
  return [M + f * S, M + (8 - r) * S];
}
export function allSquares() {
  const out = [];
  for (let r = 8; r >= 1; r--) for (const f of FILES) out.push(f + r);
  return out;
}
export function squareAt(pt) {
  if (!pt) return null;
  const f = Math.floor((pt.x - M) / S), r = 8 - Math.floor((pt.y - M) / S);
  return f >= 0 && f < 8 && r >= 1 && r <= 8 ? FILES[f] + r : null;
}

export function drawCount(view) {
  if (typeof view.draw_count === "number") return view.draw_count;
  if (typeof view.draw_pile === "number") return view.draw_pile;
  if (Array.isArray(view.draw_pile)) return view.draw_pile.length;
  if (typeof view.draw_pile_count === "number") return view.draw_pile_count;
  return null;
}

export function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) el.setAttribute(k, v);
  return el;
}

// A five-pointed star centred on (cx, cy), outer radius ro, inner ri: an SVG path.
export const starPath = (cx, cy, ro, ri) => Array.from({ length: 10 }, (_, i) => {
  const a = -Math.PI / 2 + (i * Math.PI) / 5, r = i % 2 ? ri : ro;
  return `${i ? "L" : "M"}${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
}).join(" ") + " Z";

// A stack seen from the side, bottom to top: each pyramid a two-faced triangle (lit from the left,
// its right face in shade) in the three sizes of the real pieces, each upper one set down onto the one
// below as real pyramids nest. Its size shows as dots (1, 2 or 3), and its colour as a letter when the
// board has the "letters" class, so colour is never the only cue.
export function drawStack(stack) {
  const g = svg("g", { class: "stack" });
  const n = stack.length;
  const top = parsePiece(stack[n - 1]);
  const step = n > 1 ? Math.min(13, (54 - PIECE_H[top.size]) / (n - 1)) : 0;
  const cx = S / 2;
  const w0 = PIECE_W[parsePiece(stack[0]).size] || 30;
  g.append(svg("ellipse", { class: "shadow", cx: cx + 2, cy: 57.5, rx: w0 / 2 + 3, ry: 3 }));
  stack.forEach((p, i) => {
    const { color, size } = parsePiece(p);
    const col = COLORS[color] || { fill: "#888", pip: "#fff" };
    const base = 57 - i * step;
    const w = PIECE_W[size] || 30, ht = PIECE_H[size] || 24;
    const apex = base - ht;
    const pg = svg("g", { class: `piece ${color}`, "data-piece": p });
    pg.append(
      svg("path", { class: "face", d: `M${cx - w / 2} ${base} L${cx} ${apex} L${cx + w / 2} ${base} Z`, fill: col.fill }),
      svg("path", { class: "shade", d: `M${cx + w * 0.06} ${base} L${cx} ${apex} L${cx + w / 2} ${base} Z` }),
      svg("path", { class: "gleam", d: `M${cx - 1} ${apex + 4} L${cx - w * 0.3} ${base - 2}` }),
      svg("path", { class: "edge", d: `M${cx - w / 2} ${base} L${cx} ${apex} L${cx + w / 2} ${base} Z` }),
    );
    // pips in the visible band: the band under the next piece, or the lower third of the top piece
    const band = i < n - 1 ? step : ht * 0.5;
    const py = base - Math.min(band, ht) * 0.5;
    const r = band >= 9 ? 2.6 : 1.8;
    const gap = r * 2.7;
    for (let k = 0; k < size; k++) {
      pg.append(svg("circle", { class: "pip", cx: cx + (k - (size - 1) / 2) * gap, cy: py, r, fill: col.pip }));
    }
    const letter = svg("text", { class: "letter", x: cx, y: i < n - 1 ? py : base - ht * 0.62, fill: col.pip });
    letter.textContent = COLOR_LETTER[color] || "?";
    if (i < n - 1) letter.setAttribute("x", cx - w / 2 + 5);
    pg.append(letter);
    g.append(pg);
  });
  if (n >= 4) {  // a tall stack: say how many, the tooltip and the screen-reader label list them
    g.append(svg("circle", { cx: 9, cy: 51, r: 7.5, fill: "#1f2430" }));
    const t = svg("text", { x: 9, y: 51.5, class: "stack-count" });
    t.textContent = String(n);
    g.append(t);
  }
  return g;
}

// A square's card label (the cards that take the picked pyramid there) sits at the square's top; on file a
// the rank's digit is in the top-left corner, so there the label keeps to the right of it. placeLabel is
// the part that needs no layout (draw.js); fitLabel also squeezes a label too wide for the room left, never
// overlapping, which needs the label on the page (the live board calls it after drawing).
export function placeLabel(label, sq) {
  const [x] = sqXY(sq);
  const onA = sq[0] === FILES[0];
  label.setAttribute("x", onA ? x + S - 3 : x + S / 2);
  label.style.textAnchor = onA ? "end" : "";
}
export function fitLabel(label, sq) {
  placeLabel(label, sq);
  label.removeAttribute("textLength");
  const room = sq[0] === FILES[0] ? S - 16 : S - 4;
  let width = 0;
  try { width = label.getComputedTextLength(); } catch { width = 0; }
  if (width > room) { label.setAttribute("textLength", room); label.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
}
