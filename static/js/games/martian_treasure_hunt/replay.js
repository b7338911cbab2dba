// The admin replay: the whole document read-only (every arrangement, even one still hidden from the
// players), with the last move framed, the dice and the treasure.
import { h } from "../../core/store.js";
import { S, svg, frame, drawCoin, drawPyramid, armLabelPlace, SUITS, KINDS, COIN_WORD } from "./parts.js";
import { describeEvent } from "./words.js";

export function drawReplay(el, doc, ctx = {}) {
  const view = ctx.view || {};
  const names = ctx.names || ((s) => `Seat ${s + 1}`);
  if (!view.board) { el.replaceChildren(h("p", { class: "hint" }, "No board to draw.")); return; }
  const fr = frame(view.board, "S");
  const board = svg("svg", { class: "mth-board", viewBox: `0 0 ${fr.width} ${fr.height}`, role: "img",
    "aria-label": `The board after move ${ctx.seq ?? "?"}` });
  const armOf = {};
  (view.board.arms || []).forEach((arm, seat) => arm.forEach((sq) => { armOf[sq] = seat; }));
  const under = svg("g"), marks = svg("g"), pieces = svg("g", { class: "pieces" }), labels = svg("g");
  under.append(svg("rect", { x: 0, y: 0, width: fr.width, height: fr.height, rx: 12, class: "ground" }));
  for (const sq of view.board.squares) {
    const [x, y] = fr.at(sq);
    const [bx, by] = sq.split(",").map(Number);
    under.append(svg("rect", { x, y, width: S, height: S, class: `sq ${(bx + by) % 2 ? "light" : "dark"}` }));
    if (armOf[sq] != null) {
      const tint = svg("rect", { x, y, width: S, height: S, class: "arm" });
      tint.setAttribute("style", `fill: var(--seat-${armOf[sq]})`);
      under.append(tint);
    }
  }
  const move = ctx.step ? (ctx.step.events || []).find((e) => e.type === "move") : null;
  for (const [sq, cls] of move ? [[move.from, "last-from"], [move.to, "last-to"]] : []) {
    const [x, y] = fr.at(sq);
    const g = svg("g", { class: `mark ${cls}` });
    g.append(svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 7 }));
    marks.append(g);
  }
  const put = (sq, shape) => {
    const [cx, cy] = fr.centre(sq);
    const g = svg("g", { transform: `translate(${cx} ${cy})`, "data-square": sq });
    g.append(shape);
    pieces.append(g);
  };
  for (const [sq, size] of Object.entries(doc.pyramids || {})) put(sq, drawPyramid(size));
  (doc.coins || []).forEach((coins, seat) => {
    if (!coins) return;
    for (const [value, sq] of Object.entries(coins)) if (sq) put(sq, drawCoin(seat, Number(value)));
  });
  (view.board.home_rows || []).forEach((row, seat) => {
    const p = armLabelPlace(fr, row);
    const t = svg("text", { x: p.x, y: p.y, class: "arm-label", transform: p.rotate ? `rotate(${p.rotate} ${p.x} ${p.y})` : null });
    t.setAttribute("style", `fill: var(--seat-${seat})`);
    t.textContent = `${names(seat)} · ${SUITS[seat]}${doc.coins && !doc.coins[seat] ? " (arranging)" : ""}`;
    labels.append(t);
  });
  board.append(under, marks, pieces, labels);
  const dice = doc.dice ? `Dice: the ${COIN_WORD[doc.dice.number]} moves like a ${KINDS[doc.dice.kind]} (seat ${(doc.to_act || [])[0] + 1})` : "Dice: not rolled";
  const scores = (view.scores || []).map((score, seat) => h("li", {},
    h("span", { class: "swatch", style: `background: var(--seat-${seat})` }), ` ${names(seat)}: ${score} (stash ${((doc.stash || [])[seat] || []).join(" ") || "empty"}; prisoners ${((doc.prisoners || [])[seat] || []).map((p) => `${SUITS[p.seat]} ${p.coin}`).join(", ") || "none"})`));
  const lines = ctx.step ? (ctx.step.events || []).map((e) => describeEvent({ seat: ctx.step.seat, ...e }, names)).filter(Boolean) : [];
  el.replaceChildren(h("div", { class: "mth mth-replay" },
    h("div", { class: "mth-top" }, h("span", { class: "pill" }, dice), h("span", { class: "pill" }, `Pyramids left: ${Object.keys(doc.pyramids || {}).length}`), h("span", { class: "pill" }, `Rolls so far: ${doc.rolls ?? "?"}`)),
    h("div", { class: "mth-boardwrap" }, board),
    lines.length ? h("ul", { class: "mth-replay-step" }, lines.map((l) => h("li", {}, l))) : null,
    h("ol", { class: "mth-replay-scores" }, scores)));
}
