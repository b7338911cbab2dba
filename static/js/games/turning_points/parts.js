// Turning Points drawing parts: the board's geometry (square or hex, turned so the viewer's side is at
// the bottom), the sides' markers, pyramids lying on their side, arrows. Pure helpers with no page state:
// draw.js and the panels share them. Geometry only: no rule of the game lives here.
import { t as tr } from "../../core/i18n.js";
export const SVGNS = "http://www.w3.org/2000/svg";
export const DIRS = { square: ["N", "E", "S", "W"], hex: ["N", "NE", "SE", "S", "SW", "NW"] };
// Screen angle of each compass direction on an unturned board, degrees clockwise from east (SVG y down).
export const ANGLE = { N: -90, NE: -30, E: 0, SE: 30, S: 90, SW: 150, W: 180, NW: 210 };
// The compass in the page's language, as a bare word ("north", "nord", "Norden").
export const WORD = { N: tr("north"), NE: tr("north-east"), E: tr("east"), SE: tr("south-east"), S: tr("south"), SW: tr("south-west"), W: tr("west"), NW: tr("north-west") };
export const COLORS = ["red", "yellow", "green", "blue"];
export const COLOR_FILL = { red: "#d62828", yellow: "#f2c318", green: "#2a9d3f", blue: "#1d63c7" };
export const NOBODY = "#9a9387";   // a piece pointing at a side where nobody sits

const SQ = 64;                         // a square cell, in SVG units
const HR = 38;                         // a hex cell: centre to corner
const COS30 = Math.sqrt(3) / 2;

export function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null && v !== false) el.setAttribute(k, v);
  return el;
}
export const seatVar = (seat) => `var(--seat-${seat % 6})`;
const unit = (deg) => [Math.cos(deg * Math.PI / 180), Math.sin(deg * Math.PI / 180)];
const fmt = (n) => Math.round(n * 10) / 10;

// The cells in reading order (north row first, west to east), as the engine lists them.
export function cellNames(shape, size) {
  if (shape === "square") {
    const out = [];
    for (let y = size - 1; y >= 0; y--) for (let x = 0; x < size; x++) out.push(`${x},${y}`);
    return out;
  }
  const r0 = size - 1, cells = [];
  for (let q = -r0; q <= r0; q++) for (let r = -r0; r <= r0; r++) if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= r0) cells.push([q, r]);
  cells.sort((a, b) => (2 * a[1] + a[0]) - (2 * b[1] + b[0]) || a[0] - b[0]);
  return cells.map(([q, r]) => `${q},${r}`);
}

// How far to turn the board so that `side` is at the bottom (spectators: south, or north-up on hex).
export function turnFor(side) {
  return side && ANGLE[side] != null ? 90 - ANGLE[side] : 0;
}

// The frame of a board: {width, height, cells: {name: {x, y, points}}, cellSize, angle(dir), outline, sides}.
// Everything is laid out round the centre, then the view box is fitted round the board, the sides' marks
// and the largest name tag each side may show (TAG_MAX), so nothing is ever cut off.
export const TAG_MAX = { w: 12 + 12 * 7.6, h: 24 };
export function frame(shape, size, turn = 0, tagged = null) {
  const names = cellNames(shape, size);
  const [c, s] = unit(turn);
  const rot = (x, y) => [x * c - y * s, x * s + y * c];
  let reach, corner;
  const raw = {};
  if (shape === "square") {
    const B = size * SQ / 2;
    for (const n of names) { const [x, y] = n.split(",").map(Number); raw[n] = [-B + (x + 0.5) * SQ, B - (y + 0.5) * SQ]; }
    reach = B; corner = B * Math.SQRT2;
  } else {
    for (const n of names) { const [q, r] = n.split(",").map(Number); raw[n] = [1.5 * HR * q, 2 * COS30 * HR * (r + q / 2)]; }
    corner = (1.5 * HR * (size - 1) + HR + 6) / COS30;   // the outline's corner radius, round the rim cells
    reach = corner * COS30;
  }
  const angle = (dir) => ANGLE[dir] + turn;
  // Round the centre first.
  const outline = [];
  if (shape === "square") for (const d of [-135, -45, 45, 135]) { const [ux, uy] = unit(d + turn); outline.push([ux * corner, uy * corner]); }
  else for (const d of DIRS.hex) { const [ux, uy] = unit(angle(d)); outline.push([ux * corner, uy * corner]); }
  const sideAt = {};
  let ex = 0, ey = 0;
  const grow = (x, y, w = 0, h = 0) => { ex = Math.max(ex, Math.abs(x) + w / 2); ey = Math.max(ey, Math.abs(y) + h / 2); };
  for (const [x, y] of outline) grow(x, y);
  for (const d of DIRS[shape]) {
    const a = angle(d);
    const [ux, uy] = unit(a);
    const line = [];
    if (shape === "square") {
      const [px, py] = unit(a + 90);
      for (const k of [-1, 1]) line.push([ux * (reach + 11) + px * k * (reach - 4), uy * (reach + 11) + py * k * (reach - 4)]);
    } else {   // a hex side's seat sits at a corner: its mark runs halfway along the two sides that meet there
      for (const k of [-30, 0, 30]) { const [vx, vy] = unit(a + k); const r = (corner + 11) * (k ? COS30 : 1); line.push([vx * r, vy * r]); }
    }
    // Tags on the left and right sides of a square read upwards or downwards, to keep the board wide.
    const vertical = shape === "square" && Math.abs(ux) > 0.5;
    const tagAt = (w, h) => {   // the centre of a w x h tag (as read) just outside the mark
      const [bw, bh] = vertical ? [h, w] : [w, h];
      const r = (shape === "square" ? reach : corner) + 20 + Math.abs(ux) * bw / 2 + Math.abs(uy) * bh / 2;
      return [ux * r, uy * r];
    };
    for (const [x, y] of line) grow(x, y, 10, 10);
    const big = !tagged || tagged.includes(d) ? TAG_MAX : { w: 30, h: TAG_MAX.h };
    const [tx, ty] = tagAt(big.w, big.h);
    grow(tx, ty, vertical ? big.h : big.w, vertical ? big.w : big.h);
    sideAt[d] = { line, tagAt, angle: a, vertical, rotate: vertical ? (ux < 0 ? -90 : 90) : 0 };
  }
  // Then fit the view box round it all.
  const halfW = ex + 4, halfH = ey + 4;
  const shift = ([x, y]) => [fmt(x + halfW), fmt(y + halfH)];
  const cells = {};
  const cellSize = shape === "square" ? SQ : HR * 2 * COS30;   // across the flats
  for (const n of names) {
    const [x0, y0] = raw[n];
    const pts = [];
    if (shape === "square") for (const [dx, dy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) pts.push(shift(rot(x0 + dx * (SQ / 2 - 1.5), y0 + dy * (SQ / 2 - 1.5))));
    else for (let k = 0; k < 6; k++) { const [ux, uy] = unit(60 * k); pts.push(shift(rot(x0 + ux * (HR - 1.5), y0 + uy * (HR - 1.5)))); }
    const [x, y] = shift(rot(x0, y0));
    cells[n] = { x, y, points: pts.map((p) => p.join(",")).join(" ") };
  }
  const sides = {};
  for (const [d, v] of Object.entries(sideAt)) sides[d] = { ...v, line: v.line.map(shift), tagAt: (w, h) => shift(v.tagAt(w, h)) };
  return { shape, size, turn, width: fmt(2 * halfW), height: fmt(2 * halfH), cells, cellSize, angle,
    outline: outline.map(shift), sides, names };
}

// A pyramid lying on its side, seen from above, pointing east: its tip, the two faces (lit and shaded)
// and the square base seen edge-on. Scaled to a cell `size` across.
export function drawPyramid(size, fill, { ghost = false } = {}) {
  const k = size / 64;
  const tip = 26 * k, base = -20 * k, half = 14.5 * k;   // a large pyramid lies about 1.6 times as long as wide
  const g = svg("g", { class: `tp-pyramid${ghost ? " ghost" : ""}` });
  const body = svg("path", { d: `M${fmt(tip)} 0 L${fmt(base)} ${fmt(-half)} L${fmt(base)} ${fmt(half)} Z`, class: "body" });
  body.setAttribute("style", `fill: ${fill}`);
  g.append(body,
    svg("path", { d: `M${fmt(tip)} 0 L${fmt(base)} ${fmt(-half)} L${fmt(base + 4 * k)} 0 Z`, class: "lit" }),
    svg("path", { d: `M${fmt(tip)} 0 L${fmt(base + 4 * k)} 0 L${fmt(base)} ${fmt(half)} Z`, class: "shade" }),
    svg("path", { d: `M${fmt(base)} ${fmt(-half)} L${fmt(base)} ${fmt(half)}`, class: "base" }),
    svg("path", { d: `M${fmt(tip)} 0 L${fmt(base)} ${fmt(-half)} L${fmt(base)} ${fmt(half)} Z`, class: "edge" }));
  return g;
}

// A small arrow pointing east, centred on 0,0, `r` long from its centre to its tip.
export function arrowPath(r) {
  return `M${fmt(r)} 0 L${fmt(-r * 0.2)} ${fmt(-r * 0.75)} L${fmt(-r * 0.2)} ${fmt(-r * 0.3)} L${fmt(-r)} ${fmt(-r * 0.3)} L${fmt(-r)} ${fmt(r * 0.3)} L${fmt(-r * 0.2)} ${fmt(r * 0.3)} L${fmt(-r * 0.2)} ${fmt(r * 0.75)} Z`;
}

// The colour a piece is drawn in: solitaire pieces keep their own colour; otherwise a piece takes the
// colour of the seat it points at (grey when it points at an empty side).
export function pieceFill(piece, view) {
  if (piece.color && COLOR_FILL[piece.color]) return COLOR_FILL[piece.color];
  const seat = (view.sides || []).indexOf(piece.dir);
  return seat >= 0 ? seatVar(seat) : NOBODY;
}
