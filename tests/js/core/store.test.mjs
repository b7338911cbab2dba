// core/store.js: one state object, redraw() batched to one render per animation frame, h(), setChildren().
import { flushFrames, pendingFrames, document } from "../helpers/dom.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { installClock } from "../helpers/clock.mjs";
import { state, onRedraw, redraw, h, setChildren } from "../../../static/js/core/store.js";

const renders = [];
onRedraw((s) => renders.push(s));

test("many redraws before a frame render once, with the one state object", () => {
  renders.length = 0;
  state.n = 1;
  redraw();
  state.n = 2;
  redraw();
  redraw();
  assert.equal(renders.length, 0, "nothing renders before the frame");
  assert.equal(pendingFrames(), 1, "one frame asked for, however many redraws");
  flushFrames();
  assert.equal(renders.length, 1);
  assert.equal(renders[0], state);
  assert.equal(renders[0].n, 2, "the render sees the latest change");
});

test("a redraw after the frame asks for the next frame", () => {
  renders.length = 0;
  redraw();
  flushFrames();
  redraw();
  assert.equal(pendingFrames(), 1);
  flushFrames();
  assert.equal(renders.length, 2);
});

test("every renderer runs, in order, even when one throws", () => {
  const order = [];
  const errors = [];
  const saved = console.error;
  console.error = (err) => errors.push(err);
  try {
    onRedraw(() => { order.push("throws"); throw new Error("boom"); });
    onRedraw(() => order.push("after"));
    redraw();
    flushFrames();
  } finally {
    console.error = saved;
  }
  assert.deepEqual(order, ["throws", "after"]);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].message, "boom");
});

test("a hidden tab renders on a timer instead of a frame (it gets no frames), still once", () => {
  const clock = installClock();
  document.hidden = true;
  const errors = console.error;
  console.error = () => {};   // the throwing renderer of the test above is still registered
  try {
    renders.length = 0;
    redraw();
    redraw();
    assert.equal(pendingFrames(), 0);
    assert.deepEqual(clock.pending(), [0]);
    clock.tick(0);
    assert.equal(renders.length, 1);
  } finally {
    console.error = errors;
    document.hidden = false;
    clock.restore();
  }
});

test("h() sets class, dataset, listeners, boolean and plain attributes, and skips null and false", () => {
  let clicked = 0;
  const el = h("button", { class: "btn small", dataset: { seat: "2" }, onclick: () => { clicked += 1; },
    disabled: true, title: "Hint", hidden: false, "aria-label": null }, "Go", null, false, ["!", 3]);
  assert.equal(el.tagName, "BUTTON");
  assert.equal(el.className, "btn small");
  assert.equal(el.dataset.seat, "2");
  assert.equal(el.getAttribute("disabled"), "");
  assert.equal(el.getAttribute("title"), "Hint");
  assert.equal(el.hasAttribute("hidden"), false);
  assert.equal(el.hasAttribute("aria-label"), false);
  assert.equal(el.textContent, "Go!3", "children flattened, null and false left out, numbers as text");
  el.fire("click");
  assert.equal(clicked, 1);
  const child = h("span", {}, "x");
  assert.equal(h("p", null, child).children[0], child, "an element child is appended as it is");
});

test("setChildren rebuilds only when the key changes", () => {
  const box = h("ul");
  let builds = 0;
  const build = () => { builds += 1; return [h("li", {}, "a"), null, "", h("li", {}, "b")]; };
  assert.equal(setChildren(box, "k1", build), true);
  assert.equal(box.children.length, 2, "null and empty entries are left out");
  assert.equal(setChildren(box, "k1", build), false);
  assert.equal(builds, 1);
  assert.equal(setChildren(box, "k2", build), true);
  assert.equal(builds, 2);
  assert.equal(box.dataset.key, "k2");
});
