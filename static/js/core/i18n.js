// The page's words in its language. English is the source: t("Copy link") is the English text
// and the key of static/i18n/<lang>.json ({"Copy link": "Copier le lien"}); a plural is
// tn("{n} move", "{n} moves", n) with {"{n} move": {"one": "{n} coup", "other": "{n} coups"}} chosen by
// Intl.PluralRules. The language is the page's <html lang> (the server's choice: cookie, then
// Accept-Language). `make i18n` lists the messages of every module that imports this one and checks
// the catalogs. A message missing from a catalog shows in English.
export const lang = globalThis.document?.documentElement?.lang || "en";

async function load() {
  if (lang === "en") return {};
  try {
    const r = await fetch(`/static/i18n/${lang}.json`);
    return r.ok ? await r.json() : {};
  } catch {
    return {};  // offline, or the server is restarting: English rather than nothing
  }
}

const catalog = await load();
const rules = new Intl.PluralRules(lang);
const english = new Intl.PluralRules("en");

function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all)) : text;
}

/** `message` in the page's language, its {name} holes filled from `params`. */
export function t(message, params) {
  const found = catalog[message];
  return fill(typeof found === "string" && found ? found : message, params);
}

/** The form of `one`/`other` (English) for the count `n`, in the page's language; {n} is `n`. */
export function tn(one, other, n, params) {
  const forms = catalog[one];
  let text;
  if (forms && typeof forms === "object") text = forms[rules.select(n)] || forms.other;
  if (!text) text = english.select(n) === "one" ? one : other;
  return fill(text, { n, ...params });
}
