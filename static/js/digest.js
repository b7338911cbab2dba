// The daily digest (docs/API.md, Notifications): under the seat's channels, a choice per channel
// (this device's Web Push, the chat room's webhook, the ntfy topic) of one message a day listing the tables
// waiting for me, instead of a message at every turn, sent from my own 08:00. Drawn from the channels' answer
// (GET .../webhook: "digest", "digest_hour"); saved with PUT .../digest {"channels", "hour"}.
import { h } from "./core/store.js";
import { api, toast } from "./core/api.js";
import { t } from "./core/i18n.js";

const CHANNELS = [["push", () => t("this device")], ["webhook", () => t("the chat room")], ["ntfy", () => t("ntfy")]];

// The hour digests go out (UTC on the server), in the reader's own time: "08:00 UTC (09:00 here)".
export function hourWords(hour, now = new Date()) {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  const utc = `${String(hour).padStart(2, "0")}:00 UTC`;
  const local = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.getTimezoneOffset() ? t("{utc} ({local} your time)", { utc, local }) : utc;
}

// The hour of the UTC day that is 08:00 here (a half-hour zone: the hour before).
export function morningUtc(now = new Date()) {
  const at = new Date(now);
  at.setHours(8, 0, 0, 0);
  return at.getUTCHours();
}

export function setupDigest(box, path) {
  const status = h("span", { id: "digest-status", role: "status" });
  const boxes = Object.fromEntries(CHANNELS.map(([key]) => [key, h("input", { type: "checkbox", id: `digest-${key}`, value: key })]));
  const when = h("span", { id: "digest-when" });
  const part = h("div", { class: "digest", id: "digest", role: "group", "aria-labelledby": "digest-title" },
    h("h3", { class: "notify-h", id: "digest-title" }, t("Daily digest")),
    h("p", { class: "hint" }, t("One message a day listing the tables waiting for you, instead of one at every turn, on:"), " ",
      ...CHANNELS.flatMap(([key, label]) => [h("label", { class: "check", for: `digest-${key}` }, boxes[key], " ", label()), " "])),
    h("p", { class: "hint" }, when, " ", status));
  box.append(part);

  async function save() {
    status.textContent = t("Saving…");
    const channels = CHANNELS.map(([key]) => key).filter((key) => boxes[key].checked);
    try {
      const v = await api("PUT", path, { channels, hour: morningUtc() });
      show(v);
      toast(channels.length ? t("Saved: one message a day on the channels chosen.") : t("Saved: a message at every turn."));
    } catch (err) {
      status.textContent = err.message;
    }
  }
  for (const input of Object.values(boxes)) input.addEventListener("change", save);

  function show(v) {
    const on = new Set(v.digest || []);
    for (const [key, input] of Object.entries(boxes)) input.checked = on.has(key);
    when.textContent = t("Sent at {hour}, only when a table waits for you; a teammate's nudge still comes at once.",
      { hour: hourWords(v.digest_hour ?? 8) });
    status.textContent = "";
  }
  return { show };
}
