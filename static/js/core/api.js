// fetch helpers: JSON in, JSON out; failures become ApiError with the server's {"detail", "code"}.
import { t } from "./i18n.js";
import { afterFrame } from "./store.js";
export class ApiError extends Error {
  constructor(status, detail, code = null) {
    super(detail);
    this.status = status;
    this.code = code;   // the cause, machine-readable: "stale_seq", "not_your_turn", … (docs/API.md)
  }
}

function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {  // FastAPI validation errors
    return detail.map((d) => (d && d.msg) ? `${(d.loc || []).slice(-1)[0] ?? ""} ${d.msg}`.trim() : String(d)).join("; ");
  }
  return detail ? JSON.stringify(detail) : "";
}

export async function api(method, path, body) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, t("Cannot reach the server. Check your connection and try again."));
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const msg = detailText(data && data.detail) || t("The server said {status} {text}.", { status: res.status, text: res.statusText });
    throw new ApiError(res.status, msg, (data && data.code) || null);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

// A toast disappears after ms; with ms = 0 it stays until the caller removes it (the returned element).
// At most two show at once (the newest), at the top of the window, or at its bottom when that covers less of
// what the player needs (the board, the game's own panel, the banner's buttons, a main button).
const MAX_TOASTS = 2;
export function toast(message, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  if (!box) { console.warn(message); return null; }
  const el = document.createElement("div");
  el.className = `toast ${kind}`;
  el.textContent = message;
  if (ms <= 0) el.dataset.stays = "1";   // a notice its caller removes: the last to make room
  box.append(el);
  while (box.children.length > MAX_TOASTS) {
    const kids = [...box.children];
    (kids.find((k) => k !== el && !k.dataset.stays) || kids[0]).remove();
  }
  if (ms > 0) setTimeout(() => { el.remove(); placeToasts(); }, ms);
  placeToasts();
  return el;
}

const AVOID = "#board-area, #game-side:not([hidden]), #turn-banner button, #host-controls:not([hidden]), button.primary:not([disabled]), [data-toast-avoid]";
function covered(top, bottom) {
  let area = 0;
  for (const el of document.querySelectorAll(AVOID)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    area += Math.max(0, Math.min(bottom, r.bottom) - Math.max(top, r.top)) * r.width;
  }
  return area;
}
let placing = false;
function placeToasts() {
  if (placing) return;
  placing = true;
  afterFrame(() => {
    placing = false;
    const box = document.getElementById("toasts");
    if (!box || !box.children.length) return;
    const h = box.getBoundingClientRect().height + 8;
    const atTop = covered(0, h), atBottom = covered(innerHeight - h, innerHeight);
    box.classList.toggle("at-bottom", atBottom < atTop);
  });
}
addEventListener("scroll", placeToasts, { passive: true });
addEventListener("resize", placeToasts);

export function showError(err) {
  toast(err && err.message ? err.message : String(err), "error", 6000);
}

export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand("copy"); } catch { return false; }
    }
    return false;
  }
}

export function savedName() {
  try { return localStorage.getItem("icehouse:name") || ""; } catch { return ""; }
}
export function saveName(name) {
  try { localStorage.setItem("icehouse:name", name); } catch { /* private mode */ }
}
