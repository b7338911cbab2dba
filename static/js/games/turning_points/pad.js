// The bar under the board while the viewer composes a placement: the direction buttons, Place and Back,
// and the preview in words. Only the directions listed for the picked cell are offered; the preview is
// the server's move_targets entry for the chosen one. It reads the scene; its buttons call the board.
import { h } from "../../core/store.js";
import { svg, arrowPath } from "./parts.js";
import { cap, towardWords, padHint, padPreview, placeLabel, dirTitle, LABELS } from "./words.js";

// scene: liveScene's (draw.js); show: the viewer may act now; on: {dir(dir), place(), cancel()}.
export function renderPad(el, scene, show, on) {
  const { fr, view, names, picked, options, chosen, option } = scene;
  const toward = (dir) => towardWords(view, dir, names);
  const target = option && option.target;
  const key = JSON.stringify([show, picked, options.map((o) => [o.dir, toward(o.dir), fr.angle(o.dir)]), chosen, target, view.scores, !!view.solitaire]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.hidden = !show;
  if (!show) { el.replaceChildren(); return; }
  if (!picked) {
    el.replaceChildren(h("p", { class: "tp-pad-hint" }, padHint(!!view.solitaire)));
    return;
  }
  const buttons = options.map(({ dir }) => {
    const icon = svg("svg", { viewBox: "-12 -12 24 24", width: 22, height: 22, "aria-hidden": "true" });
    icon.append(svg("path", { d: arrowPath(9), transform: `rotate(${fr.angle(dir)})` }));
    return h("button", { type: "button", class: `btn small tp-dir${dir === chosen ? " on" : ""}`, "data-dir": dir,
      "aria-pressed": dir === chosen ? "true" : "false", title: dirTitle(dir), onclick: () => on.dir(dir) }, icon, cap(toward(dir)));
  });
  el.replaceChildren(
    h("div", { class: "tp-dirs", role: "group", "aria-label": LABELS.direction }, buttons),
    h("p", { class: "tp-preview", "data-testid": "preview", role: "status" }, padPreview(chosen && toward(chosen), target, view.scores, names)),
    h("div", { class: "tp-pad-actions" },
      h("button", { type: "button", class: "btn primary", "data-testid": "place", disabled: !(chosen && target), onclick: on.place },
        placeLabel(chosen && toward(chosen))),
      h("button", { type: "button", class: "btn", onclick: on.cancel }, LABELS.back)));
}
