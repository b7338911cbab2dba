// Turning Points on a shared deal: the solitaire's name (a deal for several players is named generically,
// and every result is worded by its score: deal_play.js).
import { t } from "../../core/i18n.js";

// A house rule's name in a few words (a deal's rules), or null for a key that is not Turning Points'.
export function ruleWord(key) {
  return { shape: t("shape"), size: t("size") }[key] || null;
}

export function dealTitle(d) {
  return d.players === 1 ? t("Turning Points solitaire") : null;
}
