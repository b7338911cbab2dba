// One state object per page. Handlers change `state`, then call redraw(): the registered render
// functions run once in the next animation frame, however many changes happened before it.
export const state = {};

const renderers = [];
let scheduled = false;

export function onRedraw(fn) { renderers.push(fn); }

export function redraw() {
  if (scheduled) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    for (const fn of renderers) {
      try { fn(state); } catch (err) { console.error(err); }
    }
  };
  // A hidden tab gets no animation frames; still keep the DOM current (titles, badges, tests).
  if (document.hidden) setTimeout(run, 0); else requestAnimationFrame(run);
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
