// The pace of a table: the host's choice in the lobby, each turn's time left beside the seats to
// act (counting down every second), the bot standing in for a seat whose time ran out, and the deadline in
// the tab's title when it is my turn. Drawn from the one state object (its "pace" and seats' "stand_in").
import { h } from "./core/store.js";
import { api } from "./core/api.js";
import * as notify from "./core/notify.js";
import { t as tr, tn } from "./core/i18n.js";
import { standInWords } from "./core/replay.js";

// "2 days 3 h left", "5 h 12 min left", "14 min left", "40 s left", "time is up"
export function timeLeft(deadline, now = Date.now()) {
  const s = Math.round((Date.parse(deadline) - now) / 1000);
  if (!(s > 0)) return tr("time is up");
  if (s < 60) return tr("{s} s left", { s });
  const m = Math.floor(s / 60);
  if (m < 60) return tr("{m} min left", { m });
  const hrs = Math.floor(m / 60);
  if (hrs < 48) return tr("{h} h {m} min left", { h: hrs, m: m % 60 });
  return tn("{n} day {h} h left", "{n} days {h} h left", Math.floor(hrs / 24), { h: hrs % 24 });
}

// A seat's tags in the players panel: the bot playing for it, its time left while its clock runs.
export function paceTags(t, s, acting) {
  if (!t.pace || t.status !== "playing") return [];
  return [
    s.stand_in ? h("span", { class: "tag stand-in", title: tr("Their time ran out: the game's bot plays for them until they come back to the table") }, tr("bot plays")) : null,
    acting && t.pace.deadline ? h("span", { class: "tag time", "data-deadline": t.pace.deadline,
      title: tr("Deadline {when}", { when: new Date(t.pace.deadline).toLocaleString() }) }, timeLeft(t.pace.deadline)) : null,
  ];
}

// The log's line for a stored move the bot played for a seat whose time ran out (its "stand_in" mark).
export function standInLine(step) {
  return step.stand_in ? { cls: "stand-in", text: standInWords(step.stand_in) } : null;
}

let mine = null;   // my turn's deadline, for the tab's title
let ticker = null;

function tick() {
  for (const el of document.querySelectorAll(".tag.time[data-deadline]")) el.textContent = timeLeft(el.dataset.deadline);
  notify.setDeadline(mine ? timeLeft(mine) : "");
}

// After each redraw of the seats: count down every second while a clock runs.
export function follow(t, me) {
  const running = !!(t.pace && t.status === "playing" && t.pace.deadline);
  mine = running && me != null && (t.to_act || []).includes(me) ? t.pace.deadline : null;
  if (running && !ticker) ticker = setInterval(tick, 1000);
  if (!running && ticker) { clearInterval(ticker); ticker = null; }
  tick();
}

const CHOICES = [["off", tr("no limit")], ["1h", tr("1 hour")], ["12h", tr("12 hours")], ["24h", tr("24 hours")], ["3d", tr("3 days")]];

// The host's form in the lobby (inside #host-controls): the time per turn, and what a timeout brings.
export function paceForm(code, host) {
  const path = `/api/tables/${encodeURIComponent(code)}/pace`;
  const perTurn = h("select", { id: "pace-select" }, CHOICES.map(([v, text]) => h("option", { value: v }, text)));
  const timeout = h("select", { id: "pace-timeout" },
    h("option", { value: "bot" }, tr("the bot plays for them until they are back")),
    h("option", { value: "forfeit" }, tr("the bot plays; after 3 missed turns they forfeit")));
  const status = h("span", { class: "status", id: "pace-status", role: "status" });
  const save = async () => {
    try {
      const v = await api("PUT", path, { per_turn: perTurn.value, timeout: timeout.value });
      perTurn.value = v.per_turn;
      timeout.value = v.timeout;
      status.textContent = tr("Saved.");
    } catch (err) {
      status.textContent = err.message;
    }
  };
  perTurn.addEventListener("change", save);
  timeout.addEventListener("change", save);
  api("GET", path).then((v) => { if (CHOICES.some(([c]) => c === v.per_turn)) perTurn.value = v.per_turn; timeout.value = v.timeout; })
    .catch(() => {});
  host.append(h("p", { class: "hint pace-line", id: "pace-line" },
    h("label", { for: "pace-select" }, `${tr("Time per turn")} `), perTurn, " ",
    h("label", { for: "pace-timeout" }, `${tr("when it runs out:")} `), timeout, " ", status));
}

// The pause by vote, under the players: the pause proposed (agree / refuse), the pause on (until when; end
// it), or a seated player's "Propose a pause" form (a reason and an end date). Drawn on every redraw.
export function renderPause(t, me, code, setChildren) {
  let box = document.getElementById("pause-box");
  if (!box) {
    box = h("div", { id: "pause-box", class: "pause-box" });
    document.getElementById("spectators").after(box);
  }
  const path = `/api/tables/${encodeURIComponent(code)}/pause`;
  const seated = me != null && t.status === "playing" && t.seats.some((s) => s.seat === me && !s.bot);
  const p = t.pause;
  const send = (method, url, body) => api(method, url, body).catch((err) => {
    const status = document.getElementById("pause-status");
    if (status) status.textContent = err.message;
  });
  const day = (iso) => new Date(iso).toLocaleDateString();
  const key = JSON.stringify([p, me, t.status, seated]);
  setChildren(box, key, () => {
    if (t.status !== "playing") return [];
    const status = h("span", { id: "pause-status", class: "status", role: "status" });
    if (p && p.since) {
      return [h("p", { class: "hint pause-on" }, `${tr("Paused until {day}: {reason}. The clocks and reminders stop.", { day: day(p.until), reason: p.reason })} `,
        seated ? h("button", { class: "link", type: "button", id: "pause-end", onclick: () => send("DELETE", path) }, tr("End the pause")) : null, " ", status)];
    }
    if (p) {
      const voted = (p.votes || []).includes(me);
      return [h("p", { class: "hint pause-proposed" }, `${tr("{name} proposes a pause until {day}: {reason}.", { name: (t.seats[p.by] || {}).name || tr("A player"), day: day(p.until), reason: p.reason })} `,
        seated && !voted ? h("button", { class: "btn small", type: "button", id: "pause-yes", onclick: () => send("POST", `${path}/vote`, { yes: true }) }, tr("Agree")) : null, " ",
        seated ? h("button", { class: "btn small", type: "button", id: "pause-no", onclick: () => (voted ? send("DELETE", path) : send("POST", `${path}/vote`, { yes: false })) }, voted ? tr("Withdraw") : tr("Refuse")) : null,
        " ", status)];
    }
    if (!seated || !t.pace) return [];   // offered at tables with a pace (whose clocks it stops)
    const reason = h("input", { id: "pause-reason", maxlength: "200", placeholder: tr("Why (a holiday, a busy week…)") });
    const until = h("input", { id: "pause-until", type: "date" });
    const propose = (ev) => {
      ev.preventDefault();
      if (!until.value) { status.textContent = tr("Choose the day the pause ends."); return; }
      send("POST", path, { reason: reason.value, until: new Date(`${until.value}T23:59:00`).toISOString() });
    };
    return [h("details", { class: "pause-form" }, h("summary", {}, tr("Propose a pause")),
      h("form", { onsubmit: propose }, reason, ` ${tr("until")} `, until, " ", h("button", { class: "btn small", type: "submit" }, tr("Propose")), " ", status))];
  });
}
