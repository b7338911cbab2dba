// Dragging a coin on the board (mouse, pen or finger): press on a coin that may move, drag, let go over a
// square. A press that does not travel is an ordinary click (the click handler does the rest).
const THRESHOLD = 8;   // pixels a press must travel to become a drag

export function dragController(board, layer, { canStart, ghost, drop, squareAt }) {
  let drag = null;
  let swallowNext = false;
  const point = (ev) => {
    const m = board.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const end = () => {
    if (drag && drag.el) drag.el.remove();
    if (drag && drag.source) drag.source.style.opacity = "";
    drag = null;
  };
  const down = (ev) => {
    if (ev.button > 0) return;
    const hit = ev.target.closest(".hit");
    if (!hit || !canStart(hit.dataset.square)) return;
    drag = { from: hit.dataset.square, x0: ev.clientX, y0: ev.clientY, moved: false, el: null, id: ev.pointerId };
  };
  const move = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.moved) {
      if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) < THRESHOLD) return;
      const shape = ghost(drag.from);
      if (!shape) { end(); return; }
      drag.moved = true;
      try { board.setPointerCapture(ev.pointerId); } catch { /* fine without */ }
      drag.el = document.createElementNS("http://www.w3.org/2000/svg", "g");
      drag.el.setAttribute("class", "drag-ghost");
      drag.el.append(shape);
      layer.append(drag.el);
      drag.source = board.querySelector(`.pieces g[data-square="${drag.from}"]`);
      if (drag.source) drag.source.style.opacity = "0.35";
    }
    const p = point(ev);
    if (p && drag.el) drag.el.setAttribute("transform", `translate(${p.x} ${p.y})`);
    ev.preventDefault();
  };
  const up = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const { moved, from } = drag;
    const to = moved ? squareAt(point(ev) || { x: -1, y: -1 }) : null;
    end();
    if (!moved) return;
    swallowNext = true;   // the click that follows a drag is not a tap
    setTimeout(() => { swallowNext = false; }, 0);
    if (to && to !== from) drop(from, to);
  };
  board.addEventListener("pointerdown", down);
  board.addEventListener("pointermove", move);
  board.addEventListener("pointerup", up);
  board.addEventListener("pointercancel", end);
  return {
    swallow() { if (swallowNext) { swallowNext = false; return true; } return false; },
    destroy() {
      end();
      board.removeEventListener("pointerdown", down);
      board.removeEventListener("pointermove", move);
      board.removeEventListener("pointerup", up);
      board.removeEventListener("pointercancel", end);
    },
  };
}
