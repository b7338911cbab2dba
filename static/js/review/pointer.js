// Pointer arrows in the review room: a tap or click on the board points at that spot for everyone who shows
// the same step. The spot travels in the board's own SVG units (which of the board's drawings, and x, y in
// its viewBox), so it lands on the same square or piece at any width, on a phone as on a desktop.
const SVG = "http://www.w3.org/2000/svg";
const SHOW_MS = 5000;

function drawings(board) {   // the board's top-level SVG drawings, in document order
  return [...board.querySelectorAll("svg")].filter((s) => !s.parentElement.closest("svg")).slice(0, 16);
}

// point = onPoint({svg, x, y}) when the board is tapped (and enabled() says pointing is on)
export function attachPointer(board, { enabled, onPoint }) {
  board.addEventListener("click", (ev) => {
    if (!enabled()) return;
    const svg = ev.target instanceof Element ? ev.target.closest("svg") : null;
    const list = drawings(board);
    const top = svg ? list.find((s) => s === svg || s.contains(svg)) : null;
    if (!top || !top.getScreenCTM) return;
    const ctm = top.getScreenCTM();
    if (!ctm) return;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
    onPoint({ svg: list.indexOf(top), x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });
  });
}

// Draw an arrow at the spot, with who points; it fades after a few seconds.
export function showPointer(board, point, name, mine) {
  const svg = drawings(board)[point.svg];
  if (!svg) return null;
  const box = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal : svg.getBBox();
  const unit = Math.max(box.width, box.height) / 24;   // the arrow's size, in the drawing's units
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", `review-pointer${mine ? " mine" : ""}`);
  g.setAttribute("data-by", name);
  g.setAttribute("pointer-events", "none");
  const { x, y } = point;
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", `M${x} ${y} l${unit} ${-unit * 0.35} l${-unit * 0.3} ${unit * 0.3} l${unit * 0.9} ${unit * 0.9}`
    + ` l${-unit * 0.3} ${unit * 0.3} l${-unit * 0.9} ${-unit * 0.9} l${-unit * 0.3} ${unit * 0.3} Z`);
  const label = document.createElementNS(SVG, "text");
  label.setAttribute("x", String(x + unit * 1.3));
  label.setAttribute("y", String(y + unit * 1.9));
  label.setAttribute("font-size", String(unit * 0.7));
  label.textContent = name;
  const ring = document.createElementNS(SVG, "circle");
  ring.setAttribute("cx", String(x));
  ring.setAttribute("cy", String(y));
  ring.setAttribute("r", String(unit * 0.45));
  g.append(ring, path, label);
  svg.append(g);
  setTimeout(() => g.remove(), SHOW_MS);
  return g;
}
