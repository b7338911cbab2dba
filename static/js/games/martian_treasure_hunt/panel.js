// The parts around the board: the dice strip (with the roll in words and the lost-turn note) above it,
// and beside it the scoreboard (stashes, prisoners, running scores) and the legend. The words come from
// words.js.
import { h, setChildren } from "../../core/store.js";
import { dieFace, pyramidIcon, coinIcon } from "./parts.js";
import { diceWords, dieLabel, lostLine, TREASURE, LEGEND, SUIT_NAME } from "./words.js";

// The dice strip. `shown` is what the dice show now: the animation's frame, else the view's dice.
export function renderDice(el, { view, names, me, shown, acting, lobby = false }) {
  const d = shown || (view.dice ? { seat: acting, number: view.dice.number, kind: view.dice.kind } : null);
  const key = JSON.stringify([d, view.phase, me, names && d ? names(d.seat) : null, (view.result || {}).reason, lobby]);
  setChildren(el, key, () => {
    const face = (kind, value) => dieFace(kind, value, { rolling: d && d.rolling, dead: d && d.dead, label: dieLabel(kind, value) });
    const faces = h("div", { class: "dice", "aria-hidden": d && d.rolling ? "true" : null },
      face("number", d ? d.number : null), face("type", d ? d.kind : null));
    const [head, line] = diceWords({ lobby, phase: view.phase, shown: d, result: view.result, names, me });
    const rolled = d && !d.rolling && !lobby && view.phase !== "arrange";
    const words = [h("strong", rolled ? { "data-testid": "roll-words" } : {}, head), line != null ? h("span", {}, line) : null];
    return [faces, h("div", { class: "roll-words" }, words)];
  });
  el.dataset.dice = d && !d.rolling ? `${d.number},${d.kind}` : "";
}

// The note under the dice: the turns lost since the last move (from the last step), or the animation's.
export function renderNote(el, { last, names, override }) {
  let lines = [];
  if (override) lines = [override];
  else if (last && Array.isArray(last.events)) lines = last.events.filter((e) => e.type === "turn_lost").map((e) => lostLine(names, e));
  const key = lines.join("|");
  setChildren(el, key, () => lines.map((text) => h("p", {}, h("span", { class: "lost-mark", "aria-hidden": "true" }, "⤼ "), text)));
  el.hidden = !lines.length;
}

// One row per seat: colour and name, score, stash by size, prisoners, coins still on the board.
export function renderScores(el, { view, names, colorOf, acting }) {
  const players = view.players || 0;
  const key = JSON.stringify([view.stash, view.prisoners, view.scores, view.coins, view.immune, acting,
    Array.from({ length: players }, (_, s) => names(s)), view.arranged, view.phase]);
  setChildren(el, key, () => {
    const rows = [];
    for (let seat = 0; seat < players; seat++) {
      const stash = (view.stash || [])[seat] || [];
      const prisoners = (view.prisoners || [])[seat] || [];
      const coins = (view.coins || [])[seat];
      const onBoard = coins ? Object.values(coins).filter(Boolean).length : null;
      const bySize = [3, 2, 1].map((size) => [size, stash.filter((x) => x === size).length]).filter(([, n]) => n);
      const score = (view.scores || [])[seat] || 0;
      const immune = (view.immune || []).includes(seat);
      rows.push(h("li", { class: `mth-score${acting.includes(seat) ? " acting" : ""}`, "data-seat": seat },
        h("div", { class: "who" },
          h("span", { class: "swatch", style: `background: ${colorOf(seat)}`, "aria-hidden": "true" }),
          h("span", { class: "name", title: names(seat), "data-cut": true }, names(seat)),
          h("span", { class: "suit-name" }, SUIT_NAME[seat]),
          h("span", { class: "points", "data-testid": `score-${seat}` }, String(score), h("small", {}, TREASURE.points(score)))),
        h("div", { class: "loot" },
          h("span", { class: "stash", role: "img", "aria-label": TREASURE.stash(bySize) },
            bySize.length ? bySize.map(([size, n]) => h("span", { class: "count" }, pyramidIcon(size), TREASURE.times(n))) : h("span", { class: "empty" }, TREASURE.noPyramids)),
          prisoners.length ? h("span", { class: "prisoners", role: "img", "aria-label": TREASURE.prisoners(names, prisoners) },
            prisoners.map((p) => coinIcon(p.seat, p.coin))) : null),
        h("div", { class: "coins-left" }, TREASURE.coins(view.phase, (view.arranged || [])[seat], onBoard),
          immune ? h("span", { class: "tag immune", title: TREASURE.immuneTip }, TREASURE.immune) : null)));
    }
    return [h("h3", {}, TREASURE.title), h("ol", { class: "mth-scores" }, rows)];
  });
}

export function legend() {
  return h("div", { class: "mth-help side-card" },
    h("p", { class: "legend" },
      h("span", {}, h("span", { class: "key dest" }), LEGEND.dest),
      h("span", {}, h("span", { class: "key take" }), LEGEND.take),
      h("span", {}, h("span", { class: "key rolled" }), LEGEND.rolled),
      h("span", {}, h("span", { class: "key last" }), LEGEND.last)),
    h("p", { class: "hint" }, LEGEND.hint, h("a", { href: "/rules/martian-treasure-hunt", target: "_blank", rel: "noopener" }, LEGEND.rules)));
}
