// The parts around the board: the dice strip (with the roll in words and the lost-turn note) above it,
// and beside it the scoreboard (stashes, prisoners, running scores) and the legend.
import { h, setChildren } from "../../core/store.js";
import { dieFace, pyramidIcon, coinIcon, KINDS, KIND_MOVE, SUITS, COIN_WORD } from "./parts.js";
import { rollWords, lostWords, possessive } from "./words.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The dice strip. `shown` is what the dice show now: the animation's frame, else the view's dice.
export function renderDice(el, { view, names, me, shown, acting, lobby = false }) {
  const d = shown || (view.dice ? { seat: acting, number: view.dice.number, kind: view.dice.kind } : null);
  const key = JSON.stringify([d, view.phase, me, names && d ? names(d.seat) : null, (view.result || {}).reason, lobby]);
  setChildren(el, key, () => {
    const faces = h("div", { class: "dice", "aria-hidden": d && d.rolling ? "true" : null },
      dieFace("number", d ? d.number : null, { rolling: d && d.rolling, dead: d && d.dead }),
      dieFace("type", d ? d.kind : null, { rolling: d && d.rolling, dead: d && d.dead }));
    let words;
    if (lobby) {   // before the game starts nobody arranges yet
      words = [h("strong", {}, "The game has not started"), h("span", {}, "Once it starts, every player arranges their coins, then the dice roll.")];
    } else if (view.phase === "arrange") {
      words = [h("strong", {}, "Arranging the coins"), h("span", {}, "The dice are rolled once every player has arranged.")];
    } else if (!d) {
      words = [h("strong", {}, view.result ? "The hunt is over" : "Waiting for the dice")];
    } else if (d.rolling) {
      words = [h("strong", {}, `${names(d.seat)} ${names(d.seat) === "You" ? "roll" : "rolls"}…`)];
    } else {
      const whose = d.seat === me ? "Your roll" : `${possessive(names, d.seat).replace(/^./, (c) => c.toUpperCase())} roll`;
      const line = `${whose}: ${rollWords(d.number, d.kind)}`;
      words = [h("strong", { "data-testid": "roll-words" }, line),
        h("span", {}, d.dead ? "No legal move: the turn is lost." : `A ${KINDS[d.kind]} moves ${KIND_MOVE[d.kind]}.`)];
    }
    return [faces, h("div", { class: "roll-words" }, words)];
  });
  el.dataset.dice = d && !d.rolling ? `${d.number},${d.kind}` : "";
}

// The note under the dice: the turns lost since the last move (from the last step), or the animation's.
export function renderNote(el, { last, names, override }) {
  let lines = [];
  if (override) lines = [override];
  else if (last && Array.isArray(last.events)) {
    lines = last.events.filter((e) => e.type === "turn_lost").map((e) => `${names(e.seat)} lost the turn: ${lostWords(e)}.`);
  }
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
          h("span", { class: "name" }, names(seat)),
          h("span", { class: "suit-name" }, SUITS[seat]),
          h("span", { class: "points", "data-testid": `score-${seat}` }, String(score), h("small", {}, score === 1 ? " pt" : " pts"))),
        h("div", { class: "loot" },
          h("span", { class: "stash", "aria-label": `stash: ${stash.length ? bySize.map(([s, n]) => `${n} ${s === 3 ? "large" : s === 2 ? "medium" : "small"}`).join(", ") : "empty"}` },
            bySize.length ? bySize.map(([size, n]) => h("span", { class: "count" }, pyramidIcon(size), `×${n}`)) : h("span", { class: "empty" }, "no pyramids yet")),
          prisoners.length ? h("span", { class: "prisoners", "aria-label": `prisoners: ${prisoners.map((p) => `${names(p.seat)}'s ${COIN_WORD[p.coin]}`).join(", ")}` },
            prisoners.map((p) => coinIcon(p.seat, p.coin))) : null),
        h("div", { class: "coins-left" },
          view.phase === "arrange" ? ((view.arranged || [])[seat] ? "coins arranged" : "arranging…")
            : onBoard == null ? "" : `${plural(onBoard, "coin")} on the board`,
          immune ? h("span", { class: "tag immune", title: "A player's last coin cannot be captured" }, "last coin: immune") : null)));
    }
    return [h("h3", {}, "Treasure"), h("ol", { class: "mth-scores" }, rows)];
  });
}

export function legend() {
  return h("div", { class: "mth-help" },
    h("p", { class: "legend" },
      h("span", {}, h("span", { class: "key dest" }), "where the rolled coin may go"),
      h("span", {}, h("span", { class: "key take" }), "a capture (+points)"),
      h("span", {}, h("span", { class: "key rolled" }), "the rolled coin"),
      h("span", {}, h("span", { class: "key last" }), "the last move")),
    h("p", { class: "hint" }, "Pyramids score 1, 2 or 3 (their dots); a captured coin scores 2. A player's last coin cannot be captured. ",
      h("a", { href: "/rules/martian-treasure-hunt", target: "_blank", rel: "noopener" }, "All the rules")));
}
