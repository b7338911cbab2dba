// Web Push for this device: "Notify me even when this tab is closed". Registers the service worker
// (/static/sw.js), asks for notification permission, subscribes with the server's VAPID key
// (GET /api/push/key) and gives the subscription to the server for this seat (PUT .../push).
import { api, toast } from "./core/api.js";
import { t } from "./core/i18n.js";
import { deliveryWords } from "./core/say.js";

const $ = (id) => document.getElementById(id);
const WORKER = "/static/sw.js";

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function setupPush(path, onSaved, lastWords) {
  const btn = $("push-btn");
  const off = $("push-off");
  const status = $("push-status");

  if (!pushSupported()) {
    btn.hidden = true;
    status.textContent = t("This browser cannot get notifications with the tab closed: use ntfy or a chat room.");
    return { show() {} };
  }

  btn.addEventListener("click", async () => {
    btn.disabled = true;
    status.textContent = t("Asking…");
    try {
      const sub = await subscribe();
      if (sub) onSaved(await api("PUT", path, { subscription: sub.toJSON() }));
      if (sub) toast(t("This device will be told when it's your turn, even with the tab closed."));
    } catch (err) {
      status.textContent = err.message || String(err);
    } finally {
      btn.disabled = false;
    }
  });
  off.addEventListener("click", async () => {
    try { onSaved(await api("DELETE", path)); } catch (err) { status.textContent = err.message; }
  });

  async function subscribe() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      status.textContent = t("Notifications are blocked for this site: allow them in the browser's site settings.");
      return null;
    }
    const reg = await navigator.serviceWorker.register(WORKER, { scope: "/static/" });
    await activated(reg);
    const existing = await reg.pushManager.getSubscription();
    if (existing) return existing;
    const key = (await api("GET", "/api/push/key")).public_key;
    return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  }

  return {
    show(v) {
      btn.hidden = !!v.push;
      off.hidden = !v.push;
      status.textContent = v.push ? `${t("This device is told when it's your turn.")} ${lastWords(v.last && v.last.push)}`
        : (v.last && v.last.push && !v.last.push.ok ? t("Push stopped: {why}.", { why: deliveryWords(v.last.push) }) : "");
    },
  };
}

function activated(reg) {
  if (reg.active) return Promise.resolve();
  const worker = reg.installing || reg.waiting;
  return new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state === "activated") resolve();
  }));
}

function bytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - base64url.length % 4) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
