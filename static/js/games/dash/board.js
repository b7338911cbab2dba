// The Classic board drawn in SVG: 8 rows of 8 coloured spaces, numbered 0..63 in reading order from the
// bottom-left, the path's direction (chevrons along each row, a connector up to the next row), and the
// picture pairs as icons joined by a line. The layout comes from the view ("layout"): no rules here.
import { pictureIcon, PICTURE_LABEL } from "./icons.js";

export const NS = "http://www.w3.org/2000/svg";
export const S = 56;           // one space, in SVG user units
export const G = 14;           // the gap between spaces (path chevrons, row connectors)
export const M = 10;           // margin
export const W = 2 * M + 8 * S + 7 * G;

export const FILL = {          // light tints (pyramids in seat colours stay visible on them)
  red: "#f7c3bd", orange: "#fbd7a6", yellow: "#fbeea0", green: "#bfe5c4", blue: "#bcd3f3",
  start: "#ffffff", finish: "#ffffff",
};
export const EDGE = { red: "#d62828", orange: "#e07a00", yellow: "#d4ac0d", green: "#2a9d3f", blue: "#1d63c7",
  start: "#1f2430", finish: "#1f2430" };
const LETTER = { red: "R", orange: "O", yellow: "Y", green: "G", blue: "B" };

// The classic layout, for a doc (admin replay) that carries no view.
export const CLASSIC = {
  rows: 8, columns: 8, start: 0, finish: 63,
  spaces: Array.from({ length: 64 }, (_, i) => (i === 0 ? "start" : i === 63 ? "finish" : ["red", "orange", "yellow", "green", "blue"][(i - 1) % 5])),
  pictures: [["tree", 3, 21], ["star", 8, 35], ["moon", 15, 42], ["sun", 28, 49], ["rocket", 33, 57], ["snowflake", 46, 60]]
    .map(([name, a, b]) => ({ name, spaces: [a, b] })),
};

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null && v !== false) node.setAttribute(k, v);
  for (const c of children) if (c != null) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

// Top-left corner of a space, and its centre.
export function spaceXY(space) {
  const row = Math.floor(space / 8), col = space % 8;
  return [M + col * (S + G), M + (7 - row) * (S + G)];
}
export function iconXY(space) {
  const [x, y] = spaceXY(space);
  return [x + S - 13, y + 13];
}
export function centre(space) {
  const [x, y] = spaceXY(space);
  return [x + S / 2, y + S / 2];
}

// Where each pyramid stands inside a space holding `n` of them (offsets from the space's centre).
const SLOTS = {
  1: [[0, 8]],
  2: [[-12, 8], [12, 8]],
  3: [[-14, 12], [14, 12], [0, -1]],
  4: [[-13, 12], [13, 12], [-13, -4], [13, -4]],
  5: [[-16, 13], [0, 13], [16, 13], [-9, -3], [9, -3]],
};
export function slot(space, index, count) {
  const [cx, cy] = centre(space);
  const [dx, dy] = (SLOTS[Math.min(count, 5)] || SLOTS[1])[Math.min(index, 4)];
  return [cx + dx, cy + dy];
}

export function spaceLabel(layout, space) {
  const kind = layout.spaces[space];
  const pic = pictureAt(layout, space);
  const base = space === layout.start ? "Start (space 0)" : space === layout.finish ? "Finish (space 63)" : `Space ${space}, ${kind}`;
  return pic ? `${base}, ${PICTURE_LABEL[pic.name]}: jump to space ${pic.other}` : base;
}

export function pictureAt(layout, space) {
  for (const p of layout.pictures) {
    const [a, b] = p.spaces;
    if (space === a) return { name: p.name, other: b };
    if (space === b) return { name: p.name, other: a };
  }
  return null;
}

// The arc a picture line follows (and a jump travels along): a quadratic curve bowed to one side.
// `icons`: from badge to badge (the drawn line); otherwise centre to centre (the path a jump travels).
export function pictureCurve(a, b, icons = false) {
  const [x1, y1] = icons ? iconXY(a) : centre(a), [x2, y2] = icons ? iconXY(b) : centre(b);
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
  const bow = Math.min(70, len * 0.22);
  return { x1, y1, x2, y2, cx: mx - (dy / len) * bow, cy: my + (dx / len) * bow };
}
export function curvePoint(c, t) {
  const u = 1 - t;
  return [u * u * c.x1 + 2 * u * t * c.cx + t * t * c.x2, u * u * c.y1 + 2 * u * t * c.cy + t * t * c.y2];
}

// The static board: returns {root, spaceEls, lineEls, pieces} (pieces: the layer pyramids go in).
export function drawBoard(layout, { title = "The Classic board" } = {}) {
  const root = svg("svg", { class: "dash-board", viewBox: `0 0 ${W} ${W}`, role: "group", "aria-label": title });
  const defs = svg("defs");
  defs.append(svg("pattern", { id: "dash-checker", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
    svg("rect", { width: 12, height: 12, fill: "#fff" }),
    svg("rect", { width: 6, height: 6, fill: "#1f2430" }),
    svg("rect", { x: 6, y: 6, width: 6, height: 6, fill: "#1f2430" })));
  root.append(defs);
  const layers = {};
  for (const name of ["track", "spaces", "lines", "icons", "marks", "pieces", "fx"]) {
    layers[name] = svg("g", { class: `layer-${name}` });
    root.append(layers[name]);
  }
  layers.lines.setAttribute("aria-hidden", "true");
  layers.track.setAttribute("aria-hidden", "true");
  drawTrack(layers.track);
  const spaceEls = [];
  for (let space = 0; space < 64; space++) spaceEls.push(drawSpace(layers, layout, space));
  const lineEls = {};
  for (const p of layout.pictures) {
    const c = pictureCurve(p.spaces[0], p.spaces[1], true);
    const line = svg("path", { d: `M${c.x1} ${c.y1} Q${c.cx} ${c.cy} ${c.x2} ${c.y2}`, class: `pic-line pic-line-${p.name}`,
      "data-picture": p.name });
    layers.lines.append(line);
    lineEls[p.name] = line;
    for (const space of p.spaces) {
      const [x, y] = iconXY(space);
      const icon = pictureIcon(p.name, x, y);
      icon.setAttribute("aria-hidden", "true");
      layers.icons.append(icon);
    }
  }
  return { root, layers, spaceEls, lineEls };
}

function drawTrack(layer) {
  // Chevrons between the spaces of a row (left to right), and a connector from each row's last space up
  // to the next row's first: the path reads like a page, bottom row first.
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 7; col++) {
      const [x, y] = spaceXY(row * 8 + col);
      const gx = x + S + G / 2, gy = y + S / 2;
      layer.append(svg("path", { d: `M${gx - 3} ${gy - 5} L${gx + 3} ${gy} L${gx - 3} ${gy + 5}`, class: "chevron" }));
    }
    if (row < 7) {
      const [xe, ye] = spaceXY(row * 8 + 7), [xs] = spaceXY(row * 8 + 8);
      const gapY = ye - G / 2;
      const fromX = xe + S / 2, toX = xs + S / 2;
      layer.append(svg("path", { d: `M${fromX} ${ye} V${gapY} H${toX} V${gapY - G / 2}`, class: "connector" }));
      for (let k = 1; k <= 3; k++) {   // arrowheads pointing left along the connector
        const ax = fromX + ((toX - fromX) * k) / 4;
        layer.append(svg("path", { d: `M${ax + 3} ${gapY - 4} L${ax - 3} ${gapY} L${ax + 3} ${gapY + 4}`, class: "chevron" }));
      }
    }
  }
}

function drawSpace(layers, layout, space) {
  const kind = layout.spaces[space];
  const [x, y] = spaceXY(space);
  const end = kind === "start" || kind === "finish";
  const g = svg("g", { class: `space space-${kind}`, "data-space": space });
  const rect = svg("rect", { x, y, width: S, height: S, rx: 9, class: "space-bg",
    fill: kind === "finish" ? "url(#dash-checker)" : FILL[kind], stroke: EDGE[kind] });
  g.append(rect);
  if (end) {
    g.append(svg("rect", { x: x + 5, y: y + S / 2 - 10, width: S - 10, height: 20, rx: 5, class: "end-plate" }));
    g.append(svg("text", { x: x + S / 2, y: y + S / 2 + 1, class: "end-label" }, kind === "start" ? "START" : "FINISH"));
  } else {
    g.append(svg("text", { x: x + 6, y: y + 15, class: "space-num" }, String(space)));
    g.append(svg("text", { x: x + S - 6, y: y + S - 5, class: "space-letter" }, LETTER[kind] || ""));
  }
  g.append(svg("title", {}, spaceLabel(layout, space)));
  layers.spaces.append(g);
  return g;
}

// One pyramid: a triangle in the seat's colour carrying the seat's initial (colour is never the only cue).
export function drawPyramid(seat, color, initial, label) {
  const g = svg("g", { class: "pyramid", "data-seat": seat });
  const body = svg("g", { class: "pyramid-body" });
  const shadow = svg("ellipse", { cx: 0, cy: 10, rx: 12, ry: 3.6, class: "pyramid-shadow" });
  const tri = svg("path", { d: "M0 -14 L11 10 L-11 10 Z", class: "pyramid-tri" });
  tri.style.fill = color;
  const text = svg("text", { x: 0, y: 4, class: `pyramid-initial${initial.length > 1 ? " two" : ""}` }, initial);
  body.append(shadow, tri, text);
  g.append(body, svg("title", {}, label));
  return g;
}
