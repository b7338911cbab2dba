"""What a French or German page still says in English, for the browser tests.

`visible_texts(page)` collects what a person sees or a screen reader reads: the text of every shown element
(not scripts, styles, the chat's messages, nor what is marked lang="en"), the labels, titles and
placeholders of shown elements, the SVG titles of a shown board, and the document's title. `english_in(texts,
lang)` names those that are English, by two tests that need no list of pages:

- a sentence of our catalogs (static/i18n/<lang>.json and app/locale/<lang>/.../messages.po) whose
  translation differs from the English, found as it is (its {holes} match anything): a short message must be
  the whole text, a longer one may be part of it;
- English's own small words: a text with two or more of them ("the", "your", "with", "it's"…), which French
  and German sentences never hold, is English whatever made it (the server, a game's engine, a string no
  catalog knows).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
EN_WORDS = {"the", "your", "you're", "it's", "is", "are", "and", "with", "this", "that", "has", "have", "will",
            "from", "there", "their", "what", "which", "who", "when", "nobody", "into", "been", "was", "were",
            "isn't", "can't", "don't", "won't", "yet", "its", "by", "or", "of", "to", "for", "at", "on", "in"}
# Words of French or German that look like those above: they do not count.
NOT_ENGLISH = {"fr": {"on", "a", "in"}, "de": {"in", "was", "will", "war", "or"}}
HOLE = re.compile(r"\\\{\w+\\\}|%\\\(\w+\\\)[sd]")

COLLECT = """() => {
  const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const skip = (el) => !!el.closest("script, style, noscript, template, #chat, [lang='en'], [aria-hidden='true']");
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || skip(el)) continue;
    if (el.closest("svg") ? shown(el.closest("svg")) : shown(el)) out.push(n.textContent);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (skip(el) || !shown(el)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out.map((t) => t.replace(/\\s+/g, " ").trim()).filter(Boolean);
}"""


def visible_texts(page) -> list[str]:
    return page.evaluate(COLLECT)


@lru_cache(maxsize=None)
def _patterns(lang: str) -> tuple[list[re.Pattern], list[re.Pattern]]:
    """(whole, part): English messages to find as the whole text (short ones) or inside it (long ones)."""
    pairs: list[tuple[str, list[str]]] = []
    for message, translated in json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text()).items():
        forms = list(translated.values()) if isinstance(translated, dict) else [translated]
        pairs.append((message.split("|", 1)[-1], forms))
    with (ROOT / "app" / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        for m in read_po(f):
            if m.id:
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                strs = list(m.string) if isinstance(m.string, tuple) else [m.string]
                pairs += [(i, strs) for i in ids]
    whole, part = [], []
    for message, forms in pairs:
        literal = re.sub(r"\{\w+\}|%\(\w+\)[sd]", " ", message)
        if not message or message in forms or not re.search(r"[A-Za-z]{3}", literal):
            continue  # the same in both languages ("Chat", "Live" in German): not English left
        body = HOLE.sub(".+?", re.escape(message))
        words = len(re.findall(r"[A-Za-z']+", literal))
        (part if words >= 4 else whole).append(re.compile(body if words >= 4 else f"^{body}$"))
    return whole, part


def english_in(texts: list[str], lang: str, names: set[str] = frozenset()) -> list[str]:
    whole, part = _patterns(lang)
    found = []
    for text in dict.fromkeys(texts):
        if text in names:
            continue
        small = {w for w in re.findall(r"[a-z']+", text.lower()) if w in EN_WORDS} - NOT_ENGLISH[lang]
        if len(small) >= 2 or any(p.search(text) for p in whole) or any(p.search(text) for p in part):
            found.append(text)
    return found
