// My tables: every table this browser sits at, the ones waiting for me first.
import { get } from "./core/api.js";
import { h } from "./core/store.js";

const box = document.getElementById("me-list");
const STATUS = { lobby: "waiting for players", playing: "playing", finished: "finished", abandoned: "abandoned" };

async function load() {
  let data;
  try {
    data = await get("/api/me");
  } catch (err) {
    box.replaceChildren(h("p", { class: "form-error" }, err.message));
    return;
  }
  const tables = (data && data.tables) || [];
  if (!tables.length) {
    box.replaceChildren(h("p", {}, "You are not at any table yet. ", h("a", { href: "/" }, "Start one"), " or open a link a friend sent you."));
    return;
  }
  tables.sort((a, b) => (b.your_turn - a.your_turn) || String(b.updated_at).localeCompare(String(a.updated_at)));
  const hello = data.name ? h("p", {}, `Playing as ${data.name}.`) : null;
  box.replaceChildren(...[hello, h("ul", { class: "me-list" }, tables.map((t) => h("li", {},
    h("a", { href: `/t/${t.code}` }, `${t.title || t.game} · ${t.code}`),
    t.your_turn ? h("span", { class: "badge turn" }, "Your turn") : h("span", { class: "badge" }, STATUS[t.status] || t.status))))].filter(Boolean));
  document.title = tables.some((t) => t.your_turn) ? "● My tables · Icehouse Table" : "My tables · Icehouse Table";
}

load();
setInterval(load, 30000);
