// Beside the board: the live score of each seat, the solitaire's bag (the next piece, what is left, the
// edges' colours), and a short legend. Everything comes from the view.
import { h } from "../../core/store.js";
import { svg, drawPyramid, COLOR_FILL, COLORS, WORD } from "./parts.js";
import { plural } from "./words.js";

const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);

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
    swatch.setAttribute("style", `background: ${colorOf(seat)}`);
    return h("li", { class: `tp-score${acting.includes(seat) ? " acting" : ""}${seat === me ? " me" : ""}`, "data-seat": seat },
      swatch,
      h("span", { class: "who" }, h("span", { class: "name" }, names(seat)),
        h("span", { class: "side" }, solo ? "sits at the south edge" : `${cap(WORD[side])} side, ${placeOf(side)}`)),
      delta ? h("span", { class: `delta ${delta > 0 ? "up" : "down"}`, "aria-label": `${delta > 0 ? "+" : ""}${delta} on the last move` }, `${delta > 0 ? "+" : ""}${delta}`) : null,
      h("span", { class: "points", "data-testid": `score-${seat}`, "aria-label": `${names(seat)}: ${plural(scores[seat] || 0, "point")}` }, String(scores[seat] || 0)));
  });
  el.replaceChildren(h("h3", {}, solo ? "Your score" : "Scores"),
    h("ol", { class: "tp-scores" }, rows),
    h("p", { class: "hint" }, solo ? "One point for each piece pointing toward you (south)."
      : "One point for each piece pointing toward your side."));
}

// The solitaire's bag: the piece to place now (and the way it must point), how many of each colour are
// left, the edges' colours. The view never tells the order of the rest.
export function renderBag(el, view, turnAngle) {
  const solo = view.solitaire;
  el.hidden = !solo;
  if (!solo) return;
  const next = solo.bag && solo.bag[0];
  const key = JSON.stringify([solo, turnAngle]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  const edges = Object.entries(solo.edges || {});
  const nextBox = next && solo.forced
    ? h("div", { class: "tp-next", "data-testid": "next-piece" },
      pieceIcon(COLOR_FILL[next], turnAngle(solo.forced), 46),
      h("div", {}, h("strong", {}, `Next: ${next}`), h("br"),
        h("span", { class: "hint" }, `points ${WORD[solo.forced]}, toward the ${next} edge`)))
    : h("div", { class: "tp-next done" }, h("strong", {}, "The bag is empty"));
  el.replaceChildren(...[
    h("h3", {}, "The bag"),
    nextBox,
    next ? h("p", { class: "tp-bag-count", "data-testid": "bag-count" },
      solo.bag_count > 1 ? `${plural(solo.bag_count - 1, "more piece")} in the bag` : "This is the last piece") : null,
    h("ul", { class: "tp-colors", "aria-label": "Pieces still to come, by colour (the next one included)" }, COLORS.map((c) => {
      const dot = h("span", { class: "tp-swatch", "aria-hidden": "true" });
      dot.setAttribute("style", `background: ${COLOR_FILL[c]}`);
      return h("li", {}, dot, `${c} ${(solo.bag_colors || {})[c] ?? "?"}`);
    })),
    h("p", { class: "hint" }, "Edges: ", edges.map(([side, c]) => `${c} ${WORD[side]}`).join(", "),
      ". Each piece points toward the edge of its own colour.")].filter(Boolean));
}

export function renderLegend(el, view) {
  const solo = !!view.solitaire;
  const nobody = !solo && view.sides.length < (view.board.shape === "hex" ? 6 : 4);
  const key = `${solo}|${nobody}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(...[
    h("span", {}, solo ? "Each piece keeps its colour and points toward the edge of that colour." : "Each piece takes the colour of the player it points at."),
    nobody ? h("span", {}, "Grey pieces point at a side where nobody sits.") : null,
    h("span", {}, "Numbers show the order in which pieces turned."),
    h("a", { href: "/rules/turning-points", target: "_blank", rel: "noopener" }, "All the rules")].filter(Boolean));
}
