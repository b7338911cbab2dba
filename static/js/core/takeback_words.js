// The words of a takeback wherever steps are listed: the table's log, the replay, the review room.
// A takeback step carries one event {"type": "takeback", "from", "to", "by"}: the steps from..to were taken
// back, and stay in the list, marked.
import { t } from "./i18n.js";

export const TAKEN_BACK = () => t("taken back");

export function isTakeback(step) {
  return !!step && (step.events || []).some((e) => e.type === "takeback");
}

// "Ann took back move 7 (agreed)" / "Ann took back moves 7 to 9 (agreed)"
export function takebackWords(step, names) {
  const e = (step.events || []).find((x) => x.type === "takeback") || {};
  const name = names(e.by != null ? e.by : step.seat);
  return e.from === e.to ? t("{name} took back move {n} (agreed).", { name, n: e.from })
    : t("{name} took back moves {from} to {to} (agreed).", { name, from: e.from, to: e.to });
}

// The seqs taken back by the takeback steps among `steps`.
export function takenBack(steps) {
  const out = new Set();
  for (const s of steps || []) {
    for (const e of s.events || []) {
      if (e.type === "takeback" && Number.isInteger(e.from) && Number.isInteger(e.to) && e.to - e.from < 1000) {
        for (let q = e.from; q <= e.to; q++) out.add(q);
      }
    }
  }
  return out;
}
