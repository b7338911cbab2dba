// Turning Points on a shared deal: the solitaire's name (a deal for several players is named generically,
// and every result is worded by its score: deal_play.js).
import { t } from "../../core/i18n.js";

export function dealTitle(d) {
  return d.players === 1 ? t("Turning Points solitaire") : null;
}
