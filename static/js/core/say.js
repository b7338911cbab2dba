// The sentences the table itself says, in the reader's language: its chat's lines (kind "pace": the pace's,
// the pause's and the takebacks'; "hint"; "nudge"), a forfeit's reason and how a notification's delivery went
// (a channel's "last"). The server sends each as a say,
// {id, params, plural?} (docs/API.md): the id is the English message, the key of static/i18n/<lang>.json, so
// it is said through core/i18n.js with its params as they came; a name stays the name it is ("Al and Bo",
// "{x}", "<b>"). Nothing is read back out of a sentence: a line without a say (a person's own words) is its
// text. The server's list of these messages (app/tables/says.py) is in the catalogs by `make i18n`.
import { t, tn } from "./i18n.js";

// A param: a say of its own ("Seat {n}", "move {n}"), a list of names, a day (shown in the reader's format).
function param(value, key) {
  if (Array.isArray(value)) {
    const names = value.map((x) => String(param(x)));
    return names.length < 2 ? names.join("")
      : t("{list} and {last}", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  }
  if (value && typeof value === "object") return typeof value.id === "string" ? sayWords(value) : "";
  if (key === "day" && typeof value === "string") {
    const day = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(day.getTime()) ? value : day.toLocaleDateString();
  }
  return value;
}

/** A say in the page's language (a plural chosen by its params.n). */
export function sayWords(say) {
  const params = {};
  for (const [k, v] of Object.entries((say && say.params) || {})) params[k] = param(v, k);
  if (!say || typeof say.id !== "string") return "";
  return say.plural ? tn(say.id, say.plural, Number(params.n), params) : t(say.id, params);
}

/** A chat message as the reader sees it: the table's own lines by their say, anyone's words as written. */
export function chatWords(m) {
  return m && m.say ? sayWords(m.say) : (m && m.text) || "";
}

/** Why a table ended with a forfeit, in the reader's language (its reason_say; an imported reason as it is). */
export function reasonWords(result) {
  return result && result.reason_say ? sayWords(result.reason_say) : String((result && result.reason) || "");
}

/** Why a game ended, in the reader's language: in the game's own words (its client module's endReason), a
 *  forfeit in the pace's (reasonWords), else the engine's reason code as it comes. */
export function endWords(result, mod) {
  if (!result) return "";
  const own = mod && mod.endReason ? mod.endReason(result) : null;
  if (own) return own;
  if (result.reason === "forfeit") return t("forfeit");
  return result.outcome === "forfeit" ? reasonWords(result) : String(result.reason || "").replace(/_/g, " ");
}

/** How a channel's last delivery went, in the reader's language (its say; an older row's English detail). */
export function deliveryWords(last) {
  return last && last.say ? sayWords(last.say) : String((last && last.detail) || "");
}

// Where an invitation to a seat stands (docs/API.md "Invitations": its "state").
const INVITE_STATES = {
  pending: () => t("waiting for an answer"),
  accepted: () => t("accepted"),
  declined: () => t("declined"),
  expired: () => t("expired"),
  replaced: () => t("a bot took the seat"),
};

/** An invitation's state in the reader's language (the table's lobby, /me, the admin's table). */
export function inviteWords(state) {
  return (INVITE_STATES[state] || (() => String(state || "")))();
}
