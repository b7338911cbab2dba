// What-ifs in the review room: the moves the server lists for the seats to act at the shown position (each
// worded by the game's own describeEvent from the events it would make), picked to play the branch out with
// the real rules; and the kept what-ifs: named, kept, shared by link (/t/<code>/review?branch=<id>), dropped.
// A what-if is played from a list rather than on the board: each game's board.js is built around a live
// table (its seat, its move in flight, its animations), while this list works for every game as it is.
import { copyText, get, toast } from "../core/api.js";
import { h } from "../core/store.js";
import { stepWords } from "../core/replay.js";
import { t, tn } from "../core/i18n.js";

const MAX_LINE = 60;
const FILTER_FROM = 12;   // a filter box once the list is this long
const dropKeys = {
  get(id) { try { return localStorage.getItem(`review-drop:${id}`); } catch { return null; } },
  set(id, key) { try { localStorage.setItem(`review-drop:${id}`, key); } catch { /* private mode */ } },
  forget(id) { try { localStorage.removeItem(`review-drop:${id}`); } catch { /* private mode */ } },
};

// els: {whatif, branches}; ctx: {code, mod(), names(seat), current(), go(pos), canPlay(), why(), seated(), of,
// keep({name, ply, moves}): the room's socket keeps it (a promise of the kept what-if)}
export function createWhatIfs(els, ctx) {
  let filter = "", branches = [];
  const filterBox = h("input", { type: "search", class: "whatif-filter", placeholder: t("Filter the moves…"),
    "aria-label": t("Filter the moves"), oninput: (ev) => { filter = ev.target.value.toLowerCase(); ctx.redraw(); } });
  const nameBox = h("input", { id: "whatif-name", maxlength: "60", placeholder: t("Name it, e.g. keep the 5♥"),
    "aria-label": t("The what-if's name") });
  const keepBtn = h("button", { class: "btn small primary", type: "button", id: "whatif-keep", onclick: keep }, t("Keep this what-if"));
  const copyBtn = h("button", { class: "btn small", type: "button", id: "whatif-copy", onclick: copyLink }, t("Copy its link"));
  const list = h("ol", { class: "branch-list", id: "branch-list" });
  els.branches.replaceChildren(h("h2", { id: "branches-title" }, t("Kept what-ifs")), list);

  function play(choice) {
    const pos = ctx.current();
    if (!ctx.canPlay()) { toast(ctx.why(), "info"); return; }
    const move = { seat: choice.seat, move: choice.move };
    if (!pos.line.length && pos.ply < ctx.of && ctx.realNext && same(ctx.realNext(pos.ply), move)) {
      ctx.go({ ply: pos.ply + 1, line: [], at: 0, branch: null, name: null });   // the real move: on with the game
      return;
    }
    const line = [...pos.line.slice(0, pos.at), move];
    if (line.length > MAX_LINE) { toast(t("A what-if plays at most {n} moves.", { n: MAX_LINE }), "error"); return; }
    ctx.go({ ply: pos.ply, line, at: line.length, branch: null, name: null });
  }

  async function keep() {
    const pos = ctx.current();
    const name = nameBox.value.trim();
    if (!name) { toast(t("Give the what-if a name first."), "info"); nameBox.focus(); return; }
    try {
      const kept = await ctx.keep({ name, ply: pos.ply, moves: pos.line });
      dropKeys.set(kept.id, kept.drop_key);
      nameBox.value = "";
      toast(t("Kept “{name}”.", { name: kept.name }), "info");
      await load();
      ctx.go({ ...pos, branch: kept.id, name: kept.name });
    } catch (err) {
      toast(err.message, "error");
    }
  }

  async function copyLink() {
    const pos = ctx.current();
    if (!pos.branch) return;
    const ok = await copyText(`${location.origin}/t/${ctx.code}/review?branch=${pos.branch}`);
    toast(ok ? t("Link copied: it opens this what-if.") : t("Copy the address from the address bar."));
  }

  async function drop(b) {
    const headers = { Accept: "application/json" };
    const key = dropKeys.get(b.id);
    if (key) headers["X-Drop-Key"] = key;
    const res = await fetch(`/api/tables/${ctx.code}/review/branches/${b.id}`, { method: "DELETE", headers,
      credentials: "same-origin" });
    if (res.status !== 204 && res.status !== 404) {
      const body = await res.json().catch(() => ({}));
      toast(body.detail || t("That what-if could not be dropped."), "error");
      return;
    }
    dropKeys.forget(b.id);
    toast(t("Dropped “{name}”.", { name: b.name }), "info");
    const pos = ctx.current();
    if (pos.branch === b.id) ctx.go({ ...pos, branch: null, name: null });
    await load();
  }

  async function load() {
    try { branches = await get(`/api/tables/${ctx.code}/review/branches`); } catch { branches = []; }
    ctx.redraw();
  }

  function renderBranches() {
    const cur = ctx.current();
    list.replaceChildren(...branches.map((b) => h("li", { "data-branch": b.id, class: cur.branch === b.id ? "current" : null },
      h("strong", {}, b.name), ` ${tn("by {author}, from move {ply} ({n} move)", "by {author}, from move {ply} ({n} moves)", b.moves.length, { author: b.author, ply: b.ply })} `,
      h("span", { class: "row" },
        h("button", { class: "btn small", type: "button", "data-act": "open",
          onclick: () => ctx.open({ ply: b.ply, line: b.moves, at: b.moves.length, branch: b.id, name: b.name }) }, t("Show")),
        h("button", { class: "btn small", type: "button", "data-act": "link", onclick: async () => {
          const ok = await copyText(`${location.origin}${b.url}`);
          toast(ok ? t("Link copied.") : t("Copy the address from the address bar."));
        } }, t("Link")),
        (dropKeys.get(b.id) || ctx.seated()) ? h("button", { class: "btn small danger", type: "button", "data-act": "drop",
          onclick: () => drop(b) }, t("Drop")) : null))));
    if (!branches.length) list.replaceChildren(h("li", { class: "hint" }, t("None yet: play another move, then keep it.")));
  }

  let asked = null;
  function render(pos, data) {
    if (pos.branch && pos.branch !== asked && !branches.some((b) => b.id === pos.branch)) {
      asked = pos.branch;   // kept by someone else a moment ago: look again (once per what-if)
      load();
    }
    renderBranches();
    const parts = [h("h2", { id: "whatif-title" }, t("What if…?"))];
    if (pos.line.length) {
      parts.push(h("div", { class: "whatif-keep row" }, pos.branch ? copyBtn : nameBox, pos.branch ? null : keepBtn));
    }
    const choices = data && !data.error ? data.choices || [] : [];
    if (!data || data.error) {
      parts.push(h("p", { class: "hint" }, data ? "" : t("Loading…")));
    } else if (!choices.length) {
      parts.push(h("p", { class: "hint" }, data.result ? t("The game is over at this step.") : t("Nobody can move here.")));
    } else {
      parts.push(h("p", { class: "hint" }, ctx.canPlay() ? t("Play another move from here; it is played out with the real rules, and what was still hidden or left to chance comes as it really did.")
        : ctx.why()));
      if (choices.length >= FILTER_FROM) parts.push(filterBox);
      const words = choices.map((c) => stepWords(ctx.mod(), { seat: c.seat, events: c.events, move: c.move }, ctx.names));
      const items = choices.map((c, i) => (filter && !words[i].toLowerCase().includes(filter) ? null
        : h("li", {}, h("button", { type: "button", class: "choice", disabled: !ctx.canPlay(),
          "data-move": JSON.stringify({ seat: c.seat, move: c.move }), onclick: () => play(c) }, words[i]))));
      parts.push(h("ol", { class: "choice-list", id: "choice-list" }, ...items));
      if (data.more) parts.push(h("p", { class: "hint" }, tn("…and {n} more move not listed.", "…and {n} more moves not listed.", data.more)));
    }
    const had = els.whatif.contains(document.activeElement) ? document.activeElement : null;
    els.whatif.replaceChildren(...parts);
    if (had === filterBox || had === nameBox) had.focus();
  }

  load();
  return { render, reload: load };
}

function same(a, b) {
  return !!a && a.seat === b.seat && JSON.stringify(sorted(a.move)) === JSON.stringify(sorted(b.move));
}

function sorted(o) {
  return Object.fromEntries(Object.entries(o || {}).sort(([x], [y]) => (x < y ? -1 : 1)));
}
