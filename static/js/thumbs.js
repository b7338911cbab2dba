// The small pictures of games on the home page's cards and on My tables. Each is drawn by its game's own
// module (drawThumb in static/js/games/<game>/index.js, from a view: docs/CLIENT.md), loaded once per game
// from the URL its declaration names; this file knows no game. A module that fails to load leaves the
// placeholder as it is (the card still says everything in words).
import { labelBoard } from "./core/board_words.js";
import { loadGame } from "./core/games.js";
import { t } from "./core/i18n.js";

let drawn = 0;

// box: the element to draw in (its children are replaced); client: the game module's URL; view: a view as
// the server gives it; ctx: {names(seat), me, seq, last, label (what the picture shows, in words)}.
export async function drawThumb(box, client, view, ctx = {}) {
  if (!box || !client || !view) return false;
  const mod = await loadGame(client);
  if (!mod || typeof mod.drawThumb !== "function") return false;
  let pic = null;
  try { pic = mod.drawThumb(view, { ...ctx, id: `thumb${++drawn}` }); } catch { pic = null; }
  if (!pic) return false;
  pic.setAttribute("role", "img");
  if (ctx.label) pic.setAttribute("aria-label", ctx.label);
  pic.setAttribute("focusable", "false");
  if (typeof mod.describe === "function") describeThumb(pic, mod, view, ctx);
  pic.classList.add("thumb-svg");
  box.replaceChildren(pic);
  box.classList.add("drawn");
  return true;
}

// The picture's <title> and <desc>: the position in a sentence or two (the game's describe()).
function describeThumb(pic, mod, view, ctx) {
  const toAct = view.to_act || [];
  try {
    const d = mod.describe({ view, status: "replay", to_act: toAct }, { me: ctx.me ?? null, names: ctx.names || ((s) => t("Seat {n}", { n: s + 1 })),
      toAct, status: "replay", legal: [], targets: [], seats: [], pending: false, ui: null });
    if (d && d.summary) labelBoard(pic, d.summary);
  } catch { /* the picture stands without its words */ }
}
