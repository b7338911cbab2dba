// Nim's drawing: pure functions from a view (its heaps), the ui's pick and the legal moves to an <svg>.
// With viewOnly (the replay, the home page's picture) the same drawing without targets or selection.
import * as words from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const ROW = 44;          // a heap's row, in the SVG's units
const STONE = 32;        // a stone's room along its row
const LEFT = 96;         // the heap's label
const MOST = 15;         // the most stones a heap starts with (9 + 2 * 3)
export const WIDTH = LEFT + MOST * STONE + 8;

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null && v !== false) el.setAttribute(k, v === true ? "" : String(v));
  for (const c of children.flat()) if (c != null) el.append(c);
  return el;
}

/** The heaps of `view` as an <svg>. opts: {viewOnly, picked (a heap), playable (a Set of heaps), last (the
 * move that led here: its stones drawn as taken)}. */
export function drawHeaps(view, opts = {}) {
  const heaps = view.heaps || [];
  const { viewOnly = false, picked = null, playable = new Set(), last = null } = opts;
  const height = heaps.length * ROW + 8;
  const svg = s("svg", { class: "nim-board", viewBox: `0 0 ${WIDTH} ${height}`, role: viewOnly ? "img" : "group",
                         "aria-label": words.boardLabel(heaps), "data-testid": "nim-board" });
  svg.style.setProperty("--aspect", String(WIDTH / height));
  heaps.forEach((size, heap) => {
    const y = 4 + heap * ROW;
    const live = !viewOnly && playable.has(heap);
    const g = s("g", { class: `nim-heap${live ? " playable" : ""}${!viewOnly && picked === heap ? " picked" : ""}`,
                       "data-heap": heap, tabindex: live ? "0" : null, role: live ? "button" : null,
                       "aria-pressed": live ? String(picked === heap) : null,
                       "aria-label": `${words.heapLabel(heap)}: ${words.stonesWords(size)}` });
    g.append(s("rect", { class: "nim-row", x: 2, y, width: WIDTH - 4, height: ROW - 6, rx: 8 }),
             s("text", { class: "nim-label", x: 12, y: y + ROW / 2 + 2 }, words.heapLabel(heap)));
    const taken = last && last.heap === heap ? last.take : 0;
    for (let k = 0; k < size + taken; k++) {
      g.append(s("circle", { class: k < size ? "nim-stone" : "nim-stone taken", cx: LEFT + k * STONE + STONE / 2,
                             cy: y + (ROW - 6) / 2, r: 12 }));
    }
    svg.append(g);
  });
  return svg;
}
