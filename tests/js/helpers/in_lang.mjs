// Load the client's modules in another language under Node: core/i18n.js reads <html lang> and fetches
// /static/i18n/<lang>.json when it is first imported, so this sets the page's lang and answers that fetch from
// the catalog on disk. Call it before the first (dynamic) import of a module that uses core/i18n.js; one
// language per test file (a module is evaluated once per process).
import { readFile } from "node:fs/promises";

export function inLang(lang) {
  globalThis.document = globalThis.document || {};
  globalThis.document.documentElement = { ...(globalThis.document.documentElement || {}), lang };
  globalThis.fetch = async (url) => {
    const name = String(url).match(/^\/static\/i18n\/(\w+)\.json$/);
    if (!name) return { ok: false, json: async () => ({}) };
    const text = await readFile(new URL(`../../../static/i18n/${name[1]}.json`, import.meta.url), "utf8");
    return { ok: true, json: async () => JSON.parse(text) };
  };
}
