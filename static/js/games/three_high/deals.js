// 3-High on a shared deal (the deal pages, the home page's deal of the day): a deal's name and how a game
// on it went, in trees (3-High scores no points). The shell reads these from the module: deal_play.js.
import { t, tn } from "../../core/i18n.js";

export function dealTitle(d) {
  return d.players === 1 ? t("3-High solo") : t("3-High for {n}", { n: d.players });
}

export function dailyLabel() {
  return t("Today's 3-High deal");
}

// A house rule's name in a few words (a deal's rules), or null for a key that is not 3-High's.
export function ruleWord(key) {
  return { hidden_hands: t("hidden hands"), allow_zero_moves: t("allow zero moves"), bot_strength: t("bot strength") }[key] || null;
}

// A browser's own game on the deal, inside a sentence.
export function dealResult(m) {
  return m.outcome === "won" ? tn("you won with {n} tree", "you won with {n} trees", m.trees ?? 0)
    : tn("you lost with {n} tree", "you lost with {n} trees", m.trees ?? 0);
}

// A row of the deal's results.
export function dealRow(r) {
  const trees = r.trees ?? "?";
  return r.outcome === "won" ? tn("Won, {n} tree", "Won, {n} trees", trees) : tn("Lost, {n} tree", "Lost, {n} trees", trees);
}
