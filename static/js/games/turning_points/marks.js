// Marks on the board: the open cells, the picked cell, the last move (its piece and the order its chain
// turned pieces in), the chain as it plays (which piece points, which turns), and the preview of a
// placement (its ghost piece, the path of its chain, where each turned piece will point).
import { svg, drawPyramid } from "./parts.js";

export function markerDefs(id) {
  const defs = svg("defs");
  for (const [name, cls] of [["head", "tp-head"], ["head-live", "tp-head live"]]) {
    const m = svg("marker", { id: `${id}-${name}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0 0 L10 5 L0 10 Z", class: cls }));
    defs.append(m);
  }
  return defs;
}

const ring = (fr, cell, cls, color) => {
  const el = svg("polygon", { points: fr.cells[cell].points, class: cls, "data-cell": cell });
  if (color) el.setAttribute("style", `stroke: ${color}`);
  return el;
};

// Numbered badges: the order in which pieces turn (a piece turned twice shows both numbers).
function badges(fr, turns, cls) {
  const at = {};
  turns.forEach((cell, i) => { (at[cell] = at[cell] || []).push(i + 1); });
  const out = [];
  const cs = fr.cellSize;
  for (const [cell, nums] of Object.entries(at)) {
    const c = fr.cells[cell];
    if (!c) continue;
    const text = nums.join("·");
    const w = Math.max(cs * 0.3, 8 + text.length * 8.2), hgt = cs * 0.3;
    const x = c.x + cs * 0.3, y = c.y - cs * 0.3;
    const g = svg("g", { class: `tp-badge ${cls}`, "data-cell": cell, "data-order": nums.join(",") });
    g.append(svg("rect", { x: (x - w / 2).toFixed(1), y: (y - hgt / 2).toFixed(1), width: w.toFixed(1), height: hgt.toFixed(1), rx: (hgt / 2).toFixed(1) }));
    const t = svg("text", { x: x.toFixed(1), y: y.toFixed(1) });
    t.textContent = text;
    g.append(t);
    out.push(g);
  }
  return out;
}

const link = (fr, from, to, id, live) => {
  const a = fr.cells[from], b = fr.cells[to];
  if (!a || !b) return null;
  const k = 0.3;   // stop short of both centres, so the arrow sits between the two pieces
  return svg("line", { x1: (a.x + (b.x - a.x) * k).toFixed(1), y1: (a.y + (b.y - a.y) * k).toFixed(1),
    x2: (b.x - (b.x - a.x) * k).toFixed(1), y2: (b.y - (b.y - a.y) * k).toFixed(1),
    class: `tp-link${live ? " live" : ""}`, "marker-end": `url(#${id}-${live ? "head-live" : "head"})` });
};

// `layer` lies under the pieces (rings, dots), `over` above them (the arrows between pieces, the numbers).
export function paintMarks(layer, over, { fr, f, last, picked, open, colorOf, id }) {
  const lastPlace = last && (last.events || []).find((e) => e.type === "place");
  const key = JSON.stringify([fr.width, fr.turn, f && [f.step.seq, f.index, f.dropping], lastPlace && last.seq, picked, open]);
  if (layer.dataset.key === key) return;
  layer.dataset.key = key;
  const out = [], above = [];
  for (const cell of open) {
    const c = fr.cells[cell];
    out.push(svg("circle", { cx: c.x, cy: c.y, r: (fr.cellSize * 0.07).toFixed(1), class: "tp-open" }));
  }
  if (f) {
    const seat = f.seat;
    out.push(ring(fr, f.placed, "tp-placed", seat != null ? colorOf(seat) : null));
    const turns = f.step.events.filter((e) => e.type === "turn").slice(0, Math.max(0, f.index)).map((e) => e.cell);
    if (f.by && f.turning) {
      out.push(ring(fr, f.by, "tp-by"), ring(fr, f.turning, "tp-turning"));
      const l = link(fr, f.by, f.turning, id, true);
      if (l) above.push(l);
    }
    above.push(...badges(fr, turns, "live"));
  } else if (lastPlace) {
    const seat = lastPlace.seat ?? last.seat;
    out.push(ring(fr, lastPlace.cell, "tp-placed last", seat != null ? colorOf(seat) : null));
    above.push(...badges(fr, last.events.filter((e) => e.type === "turn").map((e) => e.cell), "last"));
  }
  if (picked && fr.cells[picked]) out.push(ring(fr, picked, "tp-picked"));
  layer.replaceChildren(...out);
  over.replaceChildren(...above);
}

// The preview of the chosen placement: a ghost piece, the chain's path in order, numbered turns, and a
// ghost of each turned piece pointing where it will end up. All from the server's move_targets.
export function paintPreview(layer, { fr, cell, option, id }) {
  const chain = option && option.target ? option.target.chain || [] : [];
  const key = JSON.stringify([fr.width, fr.turn, cell, option && option.dir, chain]);
  if (layer.dataset.key === key) return;
  layer.dataset.key = key;
  if (!cell || !option) { layer.replaceChildren(); return; }
  const out = [];
  const ghost = (at, dir, cls) => {
    const c = fr.cells[at];
    const g = svg("g", { class: `tp-ghost ${cls}`, transform: `translate(${c.x} ${c.y}) rotate(${fr.angle(dir)})`, "data-cell": at, "data-dir": dir });
    g.append(drawPyramid(fr.cellSize * 0.94, "rgba(255,255,255,.55)", { ghost: true }));
    return g;
  };
  out.push(ghost(cell, option.dir, "placed"));
  const finalDir = {};
  for (const step of chain) finalDir[step.cell] = step.dir;
  for (const [at, dir] of Object.entries(finalDir)) out.push(ghost(at, dir, "after"));
  const path = [cell, ...chain.map((s) => s.cell)];
  for (let i = 1; i < path.length; i++) {
    const l = link(fr, path[i - 1], path[i], id, false);
    if (l) out.push(l);
  }
  out.push(...badges(fr, chain.map((s) => s.cell), "preview"));
  layer.replaceChildren(...out);
}
