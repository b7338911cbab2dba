// The admin page's deals: each deal with its plays, and its results hidden or shown (/api/admin/deals).
// Loaded once the table browser shows (the admin is logged in), and again after each change.
import { get, post, toast } from "./core/api.js";
import { h } from "./core/store.js";
import { t } from "./core/i18n.js";

const body = document.getElementById("deals-body");
const browser = document.getElementById("admin-browser");

async function load() {
  let deals;
  try { deals = await get("/api/admin/deals?limit=100"); } catch { return; }   // not logged in
  body.replaceChildren(...deals.map((d) => {
    const btn = h("button", { class: "btn small", type: "button", "data-deal": d.id }, d.hidden ? t("Show results") : t("Hide results"));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try { await post(`/api/admin/deals/${d.id}/hide`, { hidden: !d.hidden }); await load(); } catch (err) { toast(err.message, "error"); btn.disabled = false; }
    });
    return h("tr", {},
      h("td", {}, h("a", { href: d.url }, d.id)),
      h("td", {}, t("{game} for {players}", { game: d.title, players: d.players })),
      h("td", {}, d.kind === "daily" ? t("daily {day}", { day: d.day }) : t("named")),
      h("td", {}, String(d.tables)), h("td", {}, String(d.finished)),
      h("td", {}, d.hidden ? `${t("results hidden")} ` : "", btn));
  }));
}

if (browser) new MutationObserver(() => { if (!browser.hidden) load(); }).observe(browser, { attributes: true, attributeFilter: ["hidden"] });
if (browser && !browser.hidden) load();
