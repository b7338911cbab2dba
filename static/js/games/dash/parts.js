// Dash's board geometry: the Classic layout (8 rows of 8 spaces numbered 0..63 in reading order from the
// bottom left), where each space, its picture badge and each pyramid stand, and the arc a picture line
// follows. Pure helpers with no page state; draw.js and motion.js use them.
export const NS = "http://www.w3.org/2000/svg";
export const S = 56;           // one space, in SVG user units
export const G = 14;           // the gap between spaces (path chevrons, row connectors)
export const M = 10;           // margin
export const W = 2 * M + 8 * S + 7 * G;

// The classic layout, for a document (a replay) that carries no view.
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

// Top-left corner of a space, its picture badge, and its centre.
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

// Each seat's spot: the seats on one space share it in seat order.
export function slots(positions) {
  const bySpace = {};
  positions.forEach((space, seat) => (bySpace[space] = bySpace[space] || []).push(seat));
  return positions.map((space, seat) => slot(space, bySpace[space].indexOf(seat), bySpace[space].length));
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
// The drawn picture line between two spaces, as an SVG path.
export function picturePath(spaces) {
  const c = pictureCurve(spaces[0], spaces[1], true);
  return `M${c.x1} ${c.y1} Q${c.cx} ${c.cy} ${c.x2} ${c.y2}`;
}
