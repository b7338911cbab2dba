// "Don't spoil" on the replay (review) page (docs/API.md "Spoiler-free replays"): a toggle button
// (aria-pressed) that POSTs /nospoil (the person's cookie: the server renders the page without the result)
// and opens the page again at the deal; and "Copy a spoiler-free link" (…/review?nospoil=1) for a friend.
// The page is spoiler-free when the server says so: #review-root[data-nospoil] (the cookie, or ?nospoil=1).
import { copyText, toast } from "../core/api.js";
import { t } from "../core/i18n.js";

export function spoilerFreePage(root) {
  return root.dataset.nospoil === "1";
}

// The table the page opens from when spoiler-free (embedded by the server: game, status, seq, seats; never
// the result), or null (the page then asks GET /api/tables/<code>, which says why it cannot be shown).
export function embeddedStart() {
  const el = document.getElementById("review-start");
  if (!el) return null;
  try { return JSON.parse(el.textContent); } catch { return null; }
}

export function spoilerFreeLink(code) {
  return `${location.origin}/t/${encodeURIComponent(code)}/review?nospoil=1`;
}

export function setupNoSpoil(root, code) {
  const toggle = document.getElementById("nospoil-toggle");
  const link = document.getElementById("nospoil-link");
  if (toggle) {
    toggle.addEventListener("click", async () => {
      const on = toggle.getAttribute("aria-pressed") !== "true";
      toggle.disabled = true;
      try {
        const res = await fetch("/nospoil", { method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `on=${on ? 1 : 0}` });
        if (!res.ok) throw new Error(String(res.status));
      } catch {
        toggle.disabled = false;
        toast(t("The switch could not be saved: try again in a moment."), "error");
        return;
      }
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      const url = new URL(location.href);   // the page again, as the server renders it now
      url.searchParams.delete("nospoil");
      url.searchParams.delete("move");
      url.searchParams.delete("branch");
      location.replace(url.href);
    });
  }
  if (link) {
    link.addEventListener("click", async () => {
      const href = spoilerFreeLink(code);
      if (await copyText(href)) toast(t("Spoiler-free link copied: it opens the replay at the deal, without the result."));
      else toast(href, "info", 10000);
    });
  }
  return spoilerFreePage(root);
}
