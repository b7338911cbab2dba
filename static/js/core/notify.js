// "Your turn": a short chime (WebAudio, no file), a badge on the tab title and favicon, and a browser
// Notification when the tab is hidden and the player allowed it.
import { t } from "./i18n.js";
let audio = null;
let baseTitle = document.title;
let badged = false;
const faviconLink = () => document.getElementById("favicon");
const plainIcon = "/static/img/favicon.svg";

// Browsers only let a page make sound after the person interacted with it: prepare on first gesture.
function unlockAudio() {
  if (audio) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try { audio = new Ctx(); } catch { audio = null; }
}
window.addEventListener("pointerdown", unlockAudio, { once: true, capture: true });
window.addEventListener("keydown", unlockAudio, { once: true, capture: true });

// Sound on or off, the player's choice, remembered in this browser (on unless switched off).
const SOUND_KEY = "icehouse:sound";
export function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) !== "off"; } catch { return true; }
}
export function setSound(on) {
  try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch { /* private mode: this page only */ }
}

// Short sounds a game's board may play (WebAudio, no file), under the same switch: "move" a soft knock as a
// piece lands, "success" three rising notes (a goal reached). Each is a list of [frequency Hz, start s,
// length s, wave].
const SOUNDS = {
  move: [[196, 0, 0.09, "triangle"]],
  success: [[523, 0, 0.18, "sine"], [659, 0.12, 0.18, "sine"], [784, 0.24, 0.3, "sine"]],
};
export function sound(kind) {
  const notes = SOUNDS[kind];
  if (!audio || !notes || !soundOn()) return;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const t0 = audio.currentTime + 0.02;
  for (const [freq, at, len, wave] of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.14, t0 + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + len + 0.05);
  }
}

export function chime() {
  if (!audio || !soundOn()) return;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const t0 = audio.currentTime + 0.02;
  [[660, 0], [880, 0.16]].forEach(([freq, at]) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + 0.4);
  });
}

function badgeIcon() {
  const c = document.createElement("canvas");
  c.width = c.height = 64;
  const g = c.getContext("2d");
  g.fillStyle = "#1d63c7";
  g.beginPath(); g.moveTo(32, 6); g.lineTo(58, 56); g.lineTo(6, 56); g.closePath(); g.fill();
  g.fillStyle = "#f2b705";
  g.strokeStyle = "#ffffff";
  g.lineWidth = 4;
  g.beginPath(); g.arc(48, 18, 14, 0, Math.PI * 2); g.fill(); g.stroke();
  return c.toDataURL("image/png");
}

let due = "";   // my turn's time left, when the table has a pace (static/js/pace.js)
const titled = () => (badged ? `● ${t("Your turn")}${due ? ` (${due})` : ""} · ${baseTitle}` : baseTitle);

export function setBaseTitle(title) {
  baseTitle = title;
  document.title = titled();
}

// "5 h 12 min left" in the tab's title while it is my turn at a table with a pace ("": none).
export function setDeadline(text) {
  if (text === due) return;
  due = text;
  document.title = titled();
}

export function setBadge(on) {
  if (on === badged) return;
  badged = on;
  document.title = titled();
  const link = faviconLink();
  if (link) {
    link.type = on ? "image/png" : "image/svg+xml";
    link.href = on ? badgeIcon() : plainIcon;
  }
}

export function canAskPermission() {
  return "Notification" in window && Notification.permission === "default";
}

export async function askPermission() {
  if (!("Notification" in window)) return "denied";
  try { return await Notification.requestPermission(); } catch { return "denied"; }
}

export function yourTurn(text) {
  chime();
  setBadge(true);
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(t("Your turn"), { body: text || baseTitle, tag: "icehouse-turn" });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some platforms only allow notifications from a service worker */ }
  }
}
