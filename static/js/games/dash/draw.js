// Dash drawn from a view: the board (the track, the 64 spaces, the picture pairs, the last step's marks
// and a pyramid per seat where the view puts it), and the panels beside it (the card just drawn, the deck,
// the race, the status line). Pure: nodes from the view and the options, nothing else read. The live board
// (board.js) and the replay (index.js, viewOnly) both draw with drawBoard; the live board then redraws only
// the pyramids (drawPyramids) and the marks (drawMarks), so a walk still playing goes on.
import { h } from "../../core/store.js";
import { CLASSIC, S, W, svg, spaceXY, iconXY, centre, slots, picturePath } from "./parts.js";
import { pictureIcon } from "./icons.js";
import { cardBack, cardFace } from "./cards.js";
import * as words from "./words.js";

export const FILL = {          // light tints (pyramids in seat colours stay visible on them)
  red: "#f7c3bd", orange: "#fbd7a6", yellow: "#fbeea0", green: "#bfe5c4", blue: "#bcd3f3",
  start: "#ffffff", finish: "#ffffff",
};
export const EDGE = { red: "#d62828", orange: "#e07a00", yellow: "#d4ac0d", green: "#2a9d3f", blue: "#1d63c7",
  start: "#1f2430", finish: "#1f2430" };
const LETTER = { red: "R", orange: "O", yellow: "Y", green: "G", blue: "B" };
const seatColor = (seat) => `var(--seat-${seat % 6})`;

// view: the table's view (a replay: the view of its step); opts: {title, checker (the id of the Finish
// pattern: one per board on a page), viewOnly, last (the step that led here: its moves are marked), and
// the pyramids' options (drawPyramids)}. Layers: track, spaces, lines, icons, marks, pieces, fx.
export function drawBoard(view, opts = {}) {
  const layout = view.layout || CLASSIC;
  const checker = opts.checker || "dash-checker";
  const root = svg("svg", { class: "dash-board", viewBox: `0 0 ${W} ${W}`, role: opts.viewOnly ? "img" : "group",
    "aria-label": opts.title || words.boardTitle(layout), "data-layout": layout.name || "classic" });
  root.append(svg("defs", {}, svg("pattern", { id: checker, width: 12, height: 12, patternUnits: "userSpaceOnUse" },
    svg("rect", { width: 12, height: 12, fill: "#fff" }),
    svg("rect", { width: 6, height: 6, fill: "#1f2430" }),
    svg("rect", { x: 6, y: 6, width: 6, height: 6, fill: "#1f2430" }))));
  const layer = (name, ...children) => {
    const g = svg("g", { class: `layer-${name}`, "aria-hidden": name === "lines" || name === "track" ? "true" : null });
    for (const c of children.flat()) g.append(c);
    root.append(g);
    return g;
  };
  layer("track", drawTrack());
  layer("spaces", layout.spaces.map((_, space) => drawSpace(layout, space, checker)));
  layer("lines", layout.pictures.map((p) => svg("path", { d: picturePath(p.spaces), class: `pic-line pic-line-${p.name}`, "data-picture": p.name })));
  layer("icons", layout.pictures.flatMap((p) => p.spaces.map((space) => {
    const icon = pictureIcon(p.name, ...iconXY(space));
    icon.setAttribute("aria-hidden", "true");
    return icon;
  })));
  layer("marks", drawMarks(opts.last, layout));
  layer("pieces", drawPyramids(view, opts));
  layer("fx");
  return root;
}

// Chevrons between the spaces of a row (left to right), and a connector from each row's last space up to
// the next row's first: the path reads like a page, bottom row first.
function drawTrack() {
  const out = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 7; col++) {
      const [x, y] = spaceXY(row * 8 + col);
      const gx = x + S + 7, gy = y + S / 2;
      out.push(svg("path", { d: `M${gx - 3} ${gy - 5} L${gx + 3} ${gy} L${gx - 3} ${gy + 5}`, class: "chevron" }));
    }
    if (row < 7) {
      const [xe, ye] = spaceXY(row * 8 + 7), [xs] = spaceXY(row * 8 + 8);
      const gapY = ye - 7;
      const fromX = xe + S / 2, toX = xs + S / 2;
      out.push(svg("path", { d: `M${fromX} ${ye} V${gapY} H${toX} V${gapY - 7}`, class: "connector" }));
      for (let k = 1; k <= 3; k++) {   // arrowheads pointing left along the connector
        const ax = fromX + ((toX - fromX) * k) / 4;
        out.push(svg("path", { d: `M${ax + 3} ${gapY - 4} L${ax - 3} ${gapY} L${ax + 3} ${gapY + 4}`, class: "chevron" }));
      }
    }
  }
  return out;
}

function drawSpace(layout, space, checker) {
  const kind = layout.spaces[space];
  const [x, y] = spaceXY(space);
  const g = svg("g", { class: `space space-${kind}`, "data-space": space });
  g.append(svg("rect", { x, y, width: S, height: S, rx: 9, class: "space-bg",
    fill: kind === "finish" ? `url(#${checker})` : FILL[kind], stroke: EDGE[kind] }));
  if (kind === "start" || kind === "finish") {
    g.append(svg("rect", { x: x + 5, y: y + S / 2 - 10, width: S - 10, height: 20, rx: 5, class: "end-plate" }),
      svg("text", { x: x + S / 2, y: y + S / 2 + 1, class: "end-label" }, words.END_LABEL[kind]));
  } else {
    g.append(svg("text", { x: x + 6, y: y + 15, class: "space-num" }, String(space)),
      svg("text", { x: x + S - 6, y: y + S - 5, class: "space-letter" }, LETTER[kind] || ""));
  }
  g.append(svg("title", {}, words.spaceLabel(layout, space)));
  return g;
}

// The spaces the last step moved pyramids from and to, and the picture line a jump followed.
export function drawMarks(step, layout = CLASSIC) {
  const out = [];
  for (const e of ((step && step.events) || []).filter((ev) => ["move", "picture", "swap"].includes(ev.type))) {
    for (const [space, cls] of [[e.from, "from"], [e.to, "to"]]) {
      const [cx, cy] = centre(space);
      out.push(svg("rect", { x: cx - 26, y: cy - 26, width: 52, height: 52, rx: 8, class: `mark ${cls}`, "data-space": space }));
    }
    const pair = e.type === "picture" && layout.pictures.find((p) => p.name === e.picture);
    if (pair) out.push(svg("path", { d: picturePath(pair.spaces), class: "pic-line active" }));
  }
  return out;
}

// One pyramid per seat where view.positions puts it (seats sharing a space side by side), in its seat's
// colour with its mark (colour is never the only cue). opts: {marks: the text on each pyramid (seat
// numbers by default), names(seat), color(seat), me}. Each carries a key of what it shows, so the live
// board keeps one whose look did not change (its walk goes on).
export function drawPyramids(view, opts = {}) {
  const positions = view.positions || [];
  const names = opts.names || ((s) => `Seat ${s + 1}`);
  const color = opts.color || seatColor;
  const at = slots(positions);
  return positions.map((space, seat) => {
    const mark = (opts.marks && opts.marks[seat]) || String(seat + 1);
    const label = words.pyramidLabel(names(seat), space, !!(view.legs && view.legs[seat]), !!(view.skip && view.skip[seat]));
    const cls = ["pyramid", seat === view.turn && !view.result ? "turn" : "", view.skip && view.skip[seat] ? "skip" : "",
      seat === opts.me ? "me" : ""].filter(Boolean).join(" ");
    const tri = svg("path", { d: "M0 -14 L11 10 L-11 10 Z", class: "pyramid-tri", style: `fill: ${color(seat)}` });
    const body = svg("g", { class: "pyramid-body" }, svg("ellipse", { cx: 0, cy: 10, rx: 12, ry: 3.6, class: "pyramid-shadow" }), tri,
      svg("text", { x: 0, y: 4, class: `pyramid-initial${mark.length > 1 ? " two" : ""}` }, mark));
    return svg("g", { class: cls, "data-seat": seat, "data-key": `${mark}|${color(seat)}|${label}`, transform: `translate(${at[seat][0]} ${at[seat][1]})` },
      body, svg("title", {}, label));
  });
}

// The mark on each pyramid: the initial of its seat's name, with the seat number when two names share it.
export function initials(names) {
  const first = names.map((n) => ((n || "?").trim().charAt(0) || "?").toUpperCase());
  return first.map((c, s) => (first.filter((o) => o === c).length > 1 ? `${c}${s + 1}` : c));
}

// ---- the panels beside the board ----
export function drawStatus(view) {
  const opts = view.options || {};
  return [
    h("span", { class: "pill", title: words.PANEL.boardPillTitle }, words.PANEL.boardPill(view.layout && view.layout.title)),
    opts.there_and_back ? h("span", { class: "pill house", title: words.PANEL.houseRule }, words.PANEL.thereAndBack) : null,
  ].filter(Boolean);
}

// The card just drawn, big (read toward Start when its drawer is on the way back), or a blank.
export function drawCard(view) {
  const last = view.last_draw;
  return last ? cardFace(last.card, { back: !!(view.legs && view.legs[last.seat]) })
    : h("div", { class: "dash-card big empty" }, h("span", { class: "card-name" }, words.PANEL.noCard));
}
export function drawCaption(view, names) {
  const last = view.last_draw;
  return last ? h("strong", {}, words.PANEL.drew(names(last.seat), last.card)) : words.PANEL.nobodyDrew;
}
// The deck as the view tells it: how many cards, how many discarded (never which).
export function drawDeck(view) {
  return [cardBack(view.deck_count),
    h("span", { class: "deck-words" }, words.PANEL.deck(view.deck_count), h("br"), words.PANEL.discarded(view.discard_count),
      view.deck_count === 0 ? h("span", { class: "hint" }, words.PANEL.reshuffle) : null)];
}

// The race: every seat, the leader first, with where it is, who is to draw (or dared) and who skips.
export function drawStandings(view, { names, color = seatColor, ended = false } = {}) {
  const order = view.positions.map((_, s) => s).sort((a, b) => view.progress[b] - view.progress[a] || a - b);
  const turn = (seat) => seat === view.turn && !ended;
  return order.map((seat) => h("li", { class: turn(seat) ? "turn" : "", "data-seat": seat },
    h("span", { class: "dot", style: `background:${color(seat)}` }),
    h("span", { class: "who", title: names(seat), "data-cut": true }, names(seat)),
    h("span", { class: "where" }, `${words.spaceWords(view.positions[seat])}${view.legs[seat] ? words.PANEL.back : ""}`),
    view.skip[seat] ? h("span", { class: "tag skip" }, words.PANEL.skips) : null,
    turn(seat) ? h("span", { class: "tag turn" }, view.dare ? words.PANEL.dared : words.PANEL.toDraw) : null));
}

// A replay's record of the whole document (the admin and the end of a game see it all): the card drawn,
// the dare, where everyone is, the deck in order and the discard pile.
export function drawRecord(doc, names) {
  const positions = doc.positions || [], legs = doc.legs || [], skip = doc.skip || [];
  const last = doc.last_draw, dare = doc.dare, deck = doc.deck || [];
  return [
    last ? cardFace(last.card, { back: !!legs[last.seat] }) : null,
    last ? h("p", {}, words.RECORD.drew(names(last.seat), last.card)) : null,
    dare ? h("p", { class: "dare-text" }, words.RECORD.dare(names(dare.seat)), dare.text == null ? words.RECORD.unwritten : words.RECORD.quoted(dare.text)) : null,
    h("ul", { class: "plain-list" }, positions.map((space, seat) => h("li", {}, words.RECORD.where(names(seat), space, legs[seat], skip[seat])))),
    h("p", { class: "hint" }, words.RECORD.deck(deck)),
    h("p", { class: "hint" }, words.RECORD.discard((doc.discard || []).length, doc.reshuffles || 0)),
  ].filter(Boolean);
}
