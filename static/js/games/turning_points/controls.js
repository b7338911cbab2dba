// Composing a placement: pick a cell, pick a direction (an arrow on the board or in the bar below it,
// the arrow keys, or a tap), see the chain it would cause, then place it. Only moves from legal_moves
// are ever offered or sent; the preview is the server's move_targets entry for that move.
import { h } from "../../core/store.js";
import { WORD, DIRS, svg, arrowPath } from "./parts.js";
import { previewWords } from "./words.js";

const KEY_ANGLE = { ArrowRight: 0, ArrowDown: 90, ArrowLeft: 180, ArrowUp: -90 };
const norm = (a) => ((a % 360) + 360) % 360;
const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);

// The direction an arrow key asks for. Square boards: the way the key points on screen. Hex boards:
// up and down point that way; left and right turn the current choice one notch (anticlockwise/clockwise).
export function dirForKey(key, fr, dirs, current) {
  const want = KEY_ANGLE[key];
  if (want == null || !dirs.length) return null;
  if (fr.shape === "hex" && (key === "ArrowLeft" || key === "ArrowRight")) {
    const order = DIRS.hex.filter((d) => dirs.includes(d));
    if (!current || !order.includes(current)) return order[0];
    const i = order.indexOf(current);
    return order[(i + (key === "ArrowRight" ? 1 : order.length - 1)) % order.length];
  }
  const all = DIRS[fr.shape];
  const exact = all.find((d) => norm(fr.angle(d)) === norm(want));
  return exact || null;
}

// The nearest cell of `names` from `from` in the screen direction of an arrow key.
export function cellForKey(key, fr, from, names) {
  const want = KEY_ANGLE[key];
  if (want == null || !fr.cells[from]) return null;
  const ux = Math.cos(want * Math.PI / 180), uy = Math.sin(want * Math.PI / 180);
  const a = fr.cells[from];
  let best = null, bestCost = Infinity;
  for (const n of names) {
    if (n === from) continue;
    const b = fr.cells[n];
    const dx = b.x - a.x, dy = b.y - a.y;
    const along = dx * ux + dy * uy, across = Math.abs(dx * uy - dy * ux);
    if (along < fr.cellSize * 0.3) continue;
    const cost = along + 2.2 * across;
    if (cost < bestCost) { best = n; bestCost = cost; }
  }
  return best;
}

// The arrow buttons around the picked cell, on the board.
export function arrowButtons(fr, cell, options, chosen, toward) {
  const c = fr.cells[cell];
  const g = svg("g", { class: `tp-arrows${chosen ? " chosen" : ""}` });
  const r = fr.cellSize * 0.2, out = fr.cellSize * 0.66;
  for (const { dir } of options) {
    const a = fr.angle(dir) * Math.PI / 180;
    const x = c.x + Math.cos(a) * out, y = c.y + Math.sin(a) * out;
    const b = svg("g", { class: `tp-arrow${dir === chosen ? " on" : ""}`, role: "button", tabindex: "0", "data-dir": dir,
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      "aria-label": dir === chosen ? `Place it pointing ${toward(dir)}` : `Point it ${toward(dir)} (preview the chain)` });
    b.append(svg("circle", { r: r.toFixed(1) }), svg("path", { d: arrowPath(r * 0.62), transform: `rotate(${fr.angle(dir)})` }));
    const tip = svg("title");
    tip.textContent = `Point ${toward(dir)}`;
    b.append(tip);
    g.append(b);
  }
  return g;
}

// The bar under the board: the direction buttons, Place and Cancel, and the preview in words.
export function renderPad(el, { myTurn, cell, options, chosen, target, scoresNow, names, angleOf, solitaire, toward, onDir, onPlace, onCancel }) {
  const key = JSON.stringify([myTurn, cell, options.map((o) => [o.dir, toward(o.dir), angleOf(o.dir)]), chosen, target, scoresNow, solitaire]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.hidden = !myTurn;
  if (!myTurn) { el.replaceChildren(); return; }
  if (!cell) {
    el.replaceChildren(h("p", { class: "tp-pad-hint" }, solitaire
      ? "Pick an empty cell for the next piece: its direction is set by its colour."
      : "Pick an empty cell, then the way the piece points."));
    return;
  }
  const buttons = options.map(({ dir }) => {
    const icon = svg("svg", { viewBox: "-12 -12 24 24", width: 22, height: 22, "aria-hidden": "true" });
    icon.append(svg("path", { d: arrowPath(9), transform: `rotate(${angleOf(dir)})` }));
    return h("button", { type: "button", class: `btn small tp-dir${dir === chosen ? " on" : ""}`, "data-dir": dir,
      "aria-pressed": dir === chosen ? "true" : "false", title: `Point ${WORD[dir]}`, onclick: () => onDir(dir) }, icon, cap(toward(dir)));
  });
  el.replaceChildren(
    h("div", { class: "tp-dirs", role: "group", "aria-label": "Direction" }, buttons),
    h("p", { class: "tp-preview", "data-testid": "preview", role: "status" }, chosen && target
      ? `Pointing ${toward(chosen)}: ${previewWords(target, scoresNow, names)}.`
      : "Pick a direction to see the chain it starts."),
    h("div", { class: "tp-pad-actions" },
      h("button", { type: "button", class: "btn primary", "data-testid": "place", disabled: !(chosen && target), onclick: onPlace },
        chosen ? `Place it pointing ${toward(chosen)}` : "Place"),
      h("button", { type: "button", class: "btn", onclick: onCancel }, "Back")));
}
