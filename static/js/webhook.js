// "Notify me when it's my turn": a seated player's own channels for long games (docs/API.md,
// Notifications): a chat room's incoming webhook and its service's format, an ntfy topic for a phone, and
// Web Push for this device (push.js). Each shows where messages go and how the last delivery went. Also the
// nudge (a teammate reminds the seat to act) and the host's reminder setting (nudge.js).
import { api, toast } from "./core/api.js";
import { setupPush } from "./push.js";
import { setupNudge, setupReminders } from "./nudge.js";
import { setupDigest } from "./digest.js";
import { t } from "./core/i18n.js";
import { deliveryWords } from "./core/say.js";

const $ = (id) => document.getElementById(id);
const FORMAT_NAMES = { slack: "Slack", mattermost: "Mattermost", discord: "Discord", generic: "JSON" };

export function setupWebhook(code) {
  const box = $("webhook");
  const base = `/api/tables/${encodeURIComponent(code)}`;
  let loadedFor = null;   // the seat whose settings are shown
  let mine = null;        // GET /webhook's answer: the seat's channels and their last deliveries

  const webhook = channel({
    form: $("webhook-form"), input: $("webhook-url"), status: $("webhook-status"), clear: $("webhook-clear"),
    path: `${base}/webhook`, key: "webhook",
    body: (url) => ({ url, format: $("webhook-format").value }),
    urlOf: (v) => v.url,
    where: (v) => t("Turn messages go to {host} as {format}.", { host: hostOf(v.url), format: FORMAT_NAMES[v.sends_as] || v.sends_as }),
    none: t("No webhook set."), saved: t("Saved: you'll get a message there when it's your turn."),
    removed: t("Webhook removed."), onShow: (v) => { $("webhook-format").value = v.format || "auto"; },
  });
  const ntfy = channel({
    form: $("ntfy-form"), input: $("ntfy-url"), status: $("ntfy-status"), clear: $("ntfy-clear"),
    path: `${base}/ntfy`, key: "ntfy", body: (url) => ({ url }), urlOf: (v) => v.ntfy,
    where: (v) => t("Pushes go to the ntfy topic {topic} on {host}.", { topic: topicOf(v.ntfy), host: hostOf(v.ntfy) }),
    none: t("No ntfy topic set."), saved: t("Saved: your phone gets a push when it's your turn."),
    removed: t("ntfy topic removed."),
  });
  const push = setupPush(`${base}/push`, (v) => show(v), lastWords);
  const digest = setupDigest(box, `${base}/digest`);   // one message a day instead, per channel (digest.js)
  const renderNudge = setupNudge(code);
  const renderReminders = setupReminders(code);

  function show(v) {
    mine = v;
    webhook.show(v);
    ntfy.show(v);
    push.show(v);
    digest.show(v);
  }

  async function load(seat) {
    loadedFor = seat;
    try { show(await api("GET", `${base}/webhook`)); } catch { /* the form still works */ }
  }

  // Called on every redraw: shown to seated players while the game can still come to them. At a solo table
  // the player is the only one who ever moves, always there: turn messages, reminders, nudges and the
  // browser notification mean nothing, so none of them is offered.
  function render(table, me) {
    const solo = table.players === 1;
    const open = me != null && !solo && table.status !== "finished" && table.status !== "abandoned";
    box.hidden = !open;
    if (open && loadedFor !== me) load(me);
    const bell = $("notify-btn");   // "Tell me when it's my turn": table.js shows it to seated players
    if (solo && bell) bell.hidden = true;
    renderNudge(table, me);
    renderReminders(table, solo ? null : me);
    return mine;
  }
  // A "delivery" socket message (only this seat's sockets get it): one channel's last message just went
  // (or failed, or the push service dropped this device): read the seat's channels again and show them.
  render.delivered = () => {
    if (loadedFor != null && !box.hidden) load(loadedFor);
  };
  return render;
}

// One channel's form: save (PUT), remove, and the line saying where messages go and how the last went.
function channel(o) {
  function show(v) {
    const url = o.urlOf(v);
    o.input.value = url || "";
    o.clear.hidden = !url;
    o.status.classList.remove("error");
    if (o.onShow) o.onShow(v);
    o.status.textContent = url ? `${o.where(v)} ${lastWords(v.last && v.last[o.key])}`.trim() : o.none;
  }

  async function save(url) {
    o.status.textContent = t("Saving…");
    try {
      const v = await api("PUT", o.path, o.body(url));
      show(v);
      toast(o.urlOf(v) ? o.saved : o.removed);
    } catch (err) {
      o.status.textContent = err.message;
      o.status.classList.add("error");
    }
  }

  o.form.addEventListener("submit", (ev) => { ev.preventDefault(); save(o.input.value.trim() || null); });
  o.clear.addEventListener("click", () => save(null));
  return { show };
}

function lastWords(last) {
  if (!last) return t("Nothing sent yet.");
  const when = last.at ? new Date(last.at).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "";
  return last.ok ? t("Last one delivered {when}.", { when }) : t("Last one failed {when}: {why}.", { when, why: deliveryWords(last) });
}

function hostOf(url) {
  try { return new URL(url).host; } catch { return url; }
}

function topicOf(url) {
  try { return new URL(url).pathname.split("/").filter(Boolean).pop(); } catch { return url; }
}
