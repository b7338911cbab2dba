// The small pictures of games on the home page's cards and on My tables. Each is drawn by its game's own
// module (drawThumb in static/js/games/<game>/index.js, from a view: docs/CLIENT.md), loaded once per game
// from the URL its declaration names; this file knows no game. A module that fails to load leaves the
// placeholder as it is (the card still says everything in words).
const modules = new Map();

function load(client) {
  if (!modules.has(client)) modules.set(client, import(client).catch(() => null));
  return modules.get(client);
}

let drawn = 0;

// box: the element to draw in (its children are replaced); client: the game module's URL; view: a view as
// the server gives it; ctx: {names(seat), me, seq, last, label (what the picture shows, in words)}.
export async function drawThumb(box, client, view, ctx = {}) {
  if (!box || !client || !view) return false;
  const mod = await load(client);
  if (!mod || typeof mod.drawThumb !== "function") return false;
  let pic = null;
  try { pic = mod.drawThumb(view, { ...ctx, id: `thumb${++drawn}` }); } catch { pic = null; }
  if (!pic) return false;
  pic.setAttribute("role", "img");
  if (ctx.label) pic.setAttribute("aria-label", ctx.label);
  pic.setAttribute("focusable", "false");
  pic.classList.add("thumb-svg");
  box.replaceChildren(pic);
  box.classList.add("drawn");
  return true;
}
