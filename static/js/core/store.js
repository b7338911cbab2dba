// One state object per page. Handlers change `state`, then call redraw(): the registered render
// functions run once in the next animation frame, however many changes happened before it.
export const state = {};

const renderers = [];
let scheduled = false;

export function onRedraw(fn) { renderers.push(fn); }

// The longest `afterFrame` waits for an animation frame. A tab hidden after the frame was asked for gets none
// until it is shown again, and a busy browser may hold frames back (headless Chromium is known to): without
// this, every later redraw waited on that one frame, and the page stopped following the table (a closed
// dialog stayed up, a seat just taken was not shown).
const FRAME_WAIT_MS = 200;

// Run `fn` once, after layout: at the next animation frame, or FRAME_WAIT_MS later if none has come (at once,
// on the next turn, in a hidden tab, which gets no frames).
export function afterFrame(fn) {
  let frame = 0;
  let timer = 0;
  let done = false;
  const run = () => {
    if (done) return;   // the frame and the timer race: the first one runs
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    fn();
  };
  if (document.hidden) { timer = setTimeout(run, 0); return; }
  frame = requestAnimationFrame(run);
  timer = setTimeout(run, FRAME_WAIT_MS);
}

export function redraw() {
  if (scheduled) return;
  scheduled = true;
  afterFrame(() => {
    scheduled = false;
    for (const fn of renderers) {
      try { fn(state); } catch (err) { console.error(err); }
    }
  });
}

// Small DOM helper used by every page: h("li", {class: "x", onclick}, "text", child...)
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Replace a container's children only when the keyed content changed (cheap reconciliation for lists).
export function setChildren(container, key, build) {
  if (container.dataset.key === key) return false;
  container.dataset.key = key;
  container.replaceChildren(...build().filter((child) => child != null && child !== ""));   // null: nothing to show
  return true;
}
