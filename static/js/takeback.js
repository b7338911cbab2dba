// Takebacks by agreement: a seated player's "Take back" under the players, the request shown to
// everyone with Accept / Refuse for the people who vote (Withdraw for the asker), and the words of the log
// and the replays: a takeback step ("Ann took back move 7 (agreed)") and the steps it took back, marked.
// Drawn from the one state object (its "takeback") on every redraw, like the pause (pace.js).
import { h } from "./core/store.js";
import { api, toast } from "./core/api.js";
import { takebackWords, takenBack, TAKEN_BACK } from "./core/takeback_words.js";
import { t as tr } from "./core/i18n.js";

export { takebackWords, takenBack, TAKEN_BACK };

let seen = null;   // the request last drawn: {seq, by, open}, for the notices of what became of it

function notices(t, me, tb, name) {
  const key = tb && tb.open ? `${t.seq}|${tb.by}` : null;
  if (key && (!seen || seen.key !== key) && me != null && (tb.voters || []).includes(me)) {
    toast(tr("{name} asks to take back a move: accept or refuse under the players.", { name }), "info", 6000);
  }
  if (seen && seen.open && seen.by === me && !key) {   // my request ended: taken back, refused, or lapsed
    const back = t.last && (t.last.events || []).some((e) => e.type === "takeback") && t.seq === seen.seq + 1;
    if (!back && t.seq !== seen.seq) toast(tr("Your takeback request lapsed: a move was made."), "info", 6000);
    else if (!back && tb && tb.refused_by != null) toast(tr("Your takeback request was refused."), "info", 6000);
  }
  seen = { key, seq: t.seq, by: tb ? tb.by : null, open: !!(tb && tb.open) };
}

// t: the table state; me: my seat; code: the table's; setChildren: the store's keyed redraw; log: the steps.
export function renderTakeback(t, me, code, setChildren, log) {
  let box = document.getElementById("takeback-box");
  if (!box) {
    box = h("div", { id: "takeback-box", class: "takeback-box" });
    (document.getElementById("pause-box") || document.getElementById("spectators")).after(box);
  }
  const path = `/api/tables/${encodeURIComponent(code)}/takeback`;
  const seated = me != null && t.status === "playing" && t.seats.some((s) => s.seat === me && !s.bot);
  const tb = t.status === "playing" ? t.takeback : null;
  const name = tb ? ((t.seats[tb.by] || {}).name || tr("A player")) : "";
  notices(t, me, tb, name);
  const send = (method, url, body) => api(method, url, body).catch((err) => {
    const status = document.getElementById("takeback-status");
    if (status) status.textContent = err.message;
  });
  // Something to ask for: at a cooperative game any play standing, else a move of mine standing.
  const team = !!document.getElementById("table-root").dataset.cooperative, gone = takenBack(log);
  const played = log.some((s) => !gone.has(s.seq) && !(s.events || []).some((e) => e.type === "takeback") && (team || s.seat === me));
  const key = JSON.stringify([tb, me, t.status, seated, t.seq, played]);
  setChildren(box, key, () => {
    if (t.status !== "playing") return [];
    const status = h("span", { id: "takeback-status", class: "status", role: "status" });
    if (tb && tb.open) {
      const span = tb.from === t.seq ? tr("move {n}", { n: tb.from }) : tr("moves {from} to {to}", { from: tb.from, to: t.seq });
      const voter = (tb.voters || []).includes(me) && !(tb.votes || []).includes(me);
      return [h("p", { class: "hint takeback-asked", id: "takeback-asked" },
        `${tr("{name} asks to take back {moves}.", { name, moves: span })} `,
        voter ? h("button", { class: "btn small", type: "button", id: "takeback-yes", onclick: () => send("POST", `${path}/vote`, { yes: true }) }, tr("Accept")) : null, " ",
        voter ? h("button", { class: "btn small", type: "button", id: "takeback-no", onclick: () => send("POST", `${path}/vote`, { yes: false }) }, tr("Refuse")) : null,
        tb.by === me ? h("button", { class: "link", type: "button", id: "takeback-withdraw", onclick: () => send("DELETE", path) }, tr("Withdraw")) : null,
        tb.by === me ? ` ${tr("Waiting for the answer…")}` : null, " ", status)];
    }
    if (!seated || !played || (tb && (tb.asked || []).includes(me))) return [];
    return [h("p", { class: "hint takeback-line" },
      h("button", { class: "btn small", type: "button", id: "takeback-btn", title: team
        ? tr("Ask your teammates to take back the team's last play (a play that showed something hidden or left to chance cannot be taken back)")
        : tr("Ask the others to let you take back your last move (a move that showed something hidden or left to chance cannot be taken back)"),
        onclick: () => send("POST", path) }, tr("Take back")), " ", status)];
  });
}
