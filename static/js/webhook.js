// "Message me elsewhere": a seated player may paste a chat room's incoming-webhook address; the server
// posts "<name>, it's your turn ..." there whenever the play comes to them (PUT /api/tables/{code}/webhook).
import { api, toast } from "./core/api.js";

export function setupWebhook(code) {
  const box = document.getElementById("webhook");
  const form = document.getElementById("webhook-form");
  const input = document.getElementById("webhook-url");
  const status = document.getElementById("webhook-status");
  const clear = document.getElementById("webhook-clear");
  const path = `/api/tables/${encodeURIComponent(code)}/webhook`;
  let loadedFor = null;   // the seat whose setting is shown

  function show(url) {
    input.value = url || "";
    clear.hidden = !url;
    status.textContent = url ? `Turn messages go to ${hostOf(url)}.` : "No webhook set.";
  }

  async function load(seat) {
    loadedFor = seat;
    try { show((await api("GET", path)).url); } catch { status.textContent = ""; }
  }

  async function save(url) {
    status.textContent = "Saving…";
    try {
      const saved = (await api("PUT", path, { url })).url;
      show(saved);
      toast(saved ? "Saved: you'll get a message there when it's your turn." : "Webhook removed.");
    } catch (err) {
      status.textContent = err.message;
      status.classList.add("error");
      return;
    }
    status.classList.remove("error");
  }

  form.addEventListener("submit", (ev) => { ev.preventDefault(); save(input.value.trim() || null); });
  clear.addEventListener("click", () => save(null));

  // Called on every redraw: shown to seated players while the game can still come to them.
  return function render(table, me) {
    const open = me != null && table.status !== "finished" && table.status !== "abandoned";
    box.hidden = !open;
    if (open && loadedFor !== me) load(me);
  };
}

function hostOf(url) {
  try { return new URL(url).host; } catch { return url; }
}
