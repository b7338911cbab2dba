// The nudge (a seated player reminds the seat to act: once an hour per table, noted in the chat) and the
// host's reminder setting (off, 1 h, 12 h, 24 h or the server's default) on the table page.
import { api, toast } from "./core/api.js";
import { t, tn } from "./core/i18n.js";

const $ = (id) => document.getElementById(id);

export function setupNudge(code) {
  const line = $("nudge-line");
  const btn = $("nudge-btn");
  const status = $("nudge-status");
  let names = "";

  btn.addEventListener("click", async () => {
    btn.disabled = true;
    try {
      await api("POST", `/api/tables/${encodeURIComponent(code)}/nudge`);
      status.textContent = t("Nudged {names}.", { names });
      toast(t("{names} got a nudge.", { names }));
    } catch (err) {
      status.textContent = err.message;
    } finally {
      btn.disabled = false;
    }
  });

  // Shown to a seated player while someone else (a person) is to act.
  return function render(table, me) {
    const waiting = table.status === "playing" && me != null && !(table.to_act || []).includes(me)
      ? (table.to_act || []).map((s) => table.seats[s]).filter((s) => s && !s.bot) : [];
    line.hidden = !waiting.length;
    const list = waiting.map((s) => s.name || t("Seat {n}", { n: s.seat + 1 }));
    names = list.length < 2 ? list.join("") : t("{list} and {last}", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] });
    btn.textContent = waiting.length ? t("Nudge {names}", { names }) : t("Nudge");
  };
}

export function setupReminders(code) {
  const line = $("remind-line");
  const select = $("remind-select");
  const status = $("remind-status");
  const path = `/api/tables/${encodeURIComponent(code)}/reminders`;
  let loaded = false;

  select.addEventListener("change", async () => {
    try {
      const v = await api("PUT", path, { after: select.value });
      status.textContent = t("Saved.");
      select.value = v.after;
    } catch (err) {
      status.textContent = err.message;
    }
  });

  // The host chooses, before and during the game.
  return function render(table, me) {
    const open = me === table.host && (table.status === "lobby" || table.status === "playing");
    line.hidden = !open;
    if (open && !loaded) {
      loaded = true;
      api("GET", path).then((v) => {
        select.options[0].textContent = t("the server's default ({span})", { span: span(v.default_seconds) });
        select.value = v.after;
      }).catch(() => { loaded = false; });
    }
  };
}

function span(seconds) {
  if (!seconds) return t("never");
  const hours = seconds / 3600;
  return hours >= 1 && Number.isInteger(hours) ? tn("{n} hour", "{n} hours", hours) : tn("{n} minute", "{n} minutes", Math.round(seconds / 60));
}
