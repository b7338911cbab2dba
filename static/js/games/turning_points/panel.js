// Beside the board: the live score of each seat, the solitaire's bag (the next piece, what is left, the
// edges' colours), and a short legend. Everything comes from the view; the words from words.js.
import { h } from "../../core/store.js";
import { svg, drawPyramid, COLOR_FILL, COLORS } from "./parts.js";
import { scoresTitle, scoreSide, signed, deltaLabel, pointsLabel, scoresHint, BAG, legendLines, RULES_LINK } from "./words.js";

// A little pyramid icon (an <svg>) pointing `angle` degrees on screen.
export function pieceIcon(fill, angle, size = 34) {
  const icon = svg("svg", { viewBox: "-32 -32 64 64", width: size, height: size, class: "tp-icon", "aria-hidden": "true" });
  const g = svg("g", { transform: `rotate(${angle})` });
  g.append(drawPyramid(64, fill));
  icon.append(g);
  return icon;
}

// The scoreboard: one row per seat, its colour, its side, its score (and what changed on the last move).
export function renderScores(el, { view, names, colorOf, acting, me, scores, deltas, placeOf }) {
  const key = JSON.stringify([scores, deltas, view.sides, acting, me, view.sides.map((_, s) => names(s)), view.sides.map(placeOf)]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  const solo = !!view.solitaire;
  const rows = view.sides.map((side, seat) => {
    const delta = deltas && deltas[seat];
    const swatch = h("span", { class: "tp-swatch", "aria-hidden": "true" });
    // the solitaire's player is the edge they sit at: its colour (as on the board), not a seat colour
    const edge = solo && view.solitaire.edges ? view.solitaire.edges[side] : null;
    swatch.setAttribute("style", `background: ${edge ? COLOR_FILL[edge] : colorOf(seat)}`);
    return h("li", { class: `tp-score${acting.includes(seat) ? " acting" : ""}${seat === me ? " me" : ""}`, "data-seat": seat },
      swatch,
      h("span", { class: "who" }, h("span", { class: "name", title: names(seat), "data-cut": true }, names(seat)),
        h("span", { class: "side" }, scoreSide(solo, side, placeOf(side)))),
      delta ? h("span", { class: `delta ${delta > 0 ? "up" : "down"}`, "aria-label": deltaLabel(delta) }, signed(delta)) : null,
      h("span", { class: "points", "data-testid": `score-${seat}`, "aria-label": pointsLabel(names(seat), scores[seat] || 0) }, String(scores[seat] || 0)));
  });
  el.replaceChildren(h("h3", {}, scoresTitle(solo)), h("ol", { class: "tp-scores" }, rows), h("p", { class: "hint" }, scoresHint(solo)));
}

// The solitaire's bag: the piece to place now (and the way it must point), how many of each colour are
// left, the edges' colours. The view never tells the order of the rest.
export function renderBag(el, view, turnAngle) {
  const solo = view.solitaire;
  el.hidden = !solo;
  if (!solo) return;
  const next = solo.bag && solo.bag[0];
  const key = JSON.stringify([solo, solo.forced && turnAngle(solo.forced)]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  const nextBox = next && solo.forced
    ? h("div", { class: "tp-next", "data-testid": "next-piece" },
      pieceIcon(COLOR_FILL[next], turnAngle(solo.forced), 46),
      h("div", {}, h("strong", {}, BAG.next(next)), h("br"), h("span", { class: "hint" }, BAG.points(next, solo.forced))))
    : h("div", { class: "tp-next done" }, h("strong", {}, BAG.empty));
  el.replaceChildren(...[
    h("h3", {}, BAG.title),
    nextBox,
    next ? h("p", { class: "tp-bag-count", "data-testid": "bag-count" }, BAG.count(solo.bag_count)) : null,
    h("ul", { class: "tp-colors", "aria-label": BAG.colors }, COLORS.map((c) => {
      const dot = h("span", { class: "tp-swatch", "aria-hidden": "true" });
      dot.setAttribute("style", `background: ${COLOR_FILL[c]}`);
      return h("li", {}, dot, BAG.color(c, (solo.bag_colors || {})[c]));
    })),
    h("p", { class: "hint" }, BAG.edges(Object.entries(solo.edges || {})))].filter(Boolean));
}

export function renderLegend(el, view) {
  const solo = !!view.solitaire;
  const nobody = !solo && view.sides.length < (view.board.shape === "hex" ? 6 : 4);
  const key = `${solo}|${nobody}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(...legendLines(solo, nobody).map((line) => h("span", {}, line)),
    h("a", { href: "/rules/turning-points", target: "_blank", rel: "noopener" }, RULES_LINK));
}
