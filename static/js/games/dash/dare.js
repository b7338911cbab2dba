// The dare panel beside the board. Opponents write the dare (or pick a built-in suggestion, carried by the
// view); the dared player answers "done" or "refuse"; everyone else sees who is waiting for whom.
// The panel keeps its DOM while the same dare is open, so a half-typed dare survives every redraw.
import { h } from "../../core/store.js";

const codePoints = (text) => [...text].length;

// The page's state may be newer than the panel on screen (a step arrives between two frames): a click
// only sends a move that the newest state still lists.
function stillLegal(ctx, action) {
  const t = ctx.state && ctx.state.table;
  return !!t && (t.legal_moves || []).some((m) => m.action === action);
}

export function createDarePanel(ctx) {
  const root = h("section", { class: "dash-dare", "aria-live": "polite", hidden: true });
  let key = null;          // which dare (and which stage) the DOM was built for
  let parts = null;        // the live controls of the current stage

  function names(seats) {
    const list = seats.map((s) => ctx.seatName(s));
    return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
  }

  function render(t, me, pending) {
    const view = t.view || {};
    const dare = view.dare;
    if (!dare) {
      key = null;
      parts = null;
      root.hidden = true;
      root.replaceChildren();
      return;
    }
    const legal = t.legal_moves || [];
    const canSet = legal.some((m) => m.action === "set_dare");
    const canAnswer = legal.some((m) => m.action === "answer_dare");
    const stage = dare.text == null ? (canSet ? "write" : "wait-write") : canAnswer ? "answer" : "wait-answer";
    const newKey = `${dare.seat}|${view.discard_count}|${view.reshuffles}|${stage}|${me}`;
    if (newKey !== key) {
      if (key && key.includes("|write|") && stage !== "write" && parts && parts.input.value.trim()
          && dare.text != null && dare.text !== parts.sent) {
        const setter = setterOf(t);
        ctx.say(`${setter == null ? "Another player" : ctx.seatName(setter)}'s dare was sent first, so it stands.`);
      }
      key = newKey;
      parts = build(stage, t, dare, me);
      root.hidden = false;
    }
    if (parts && parts.update) parts.update(pending);
  }

  function setterOf(t) {
    const ev = ((t.last && t.last.events) || []).find((e) => e.type === "dare_set");
    return ev ? ev.seat : null;
  }

  function build(stage, t, dare, me) {
    const dared = dare.seat;
    const view = t.view;
    if (stage === "write") return buildWrite(t, dared, view);
    if (stage === "wait-write") {
      const writers = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== dared);
      root.replaceChildren(
        h("h2", { class: "dare-title" }, me === dared ? "You drew a dare!" : `${ctx.seatName(dared)} drew a dare!`),
        h("p", {}, me === dared
          ? `${names(writers)} ${writers.length > 1 ? "are" : "is"} writing it. Keep an eye on the chat…`
          : `Waiting for ${names(writers)} to write it (the first one sent stands).`));
      return null;
    }
    const text = dare.text;
    const quote = h("blockquote", { class: "dare-text", "data-testid": "dare-text" }, text);   // text node: no HTML
    if (stage === "wait-answer") {
      root.replaceChildren(
        h("h2", { class: "dare-title" }, `${ctx.seatName(dared)}'s dare`), quote,
        h("p", {}, `Waiting for ${ctx.seatName(dared)}: done, or refuse (and miss a turn)?`), h("div", { class: "row" }, chatButton()));
      return null;
    }
    return buildAnswer(quote);
  }

  // The table's chat (the page's, not this module's): a button that takes the player there, when the page
  // has one. Dares done in writing happen in the chat.
  function chatButton() {
    const input = document.getElementById("chat-input");
    if (!input || input.disabled) return null;   // watchers cannot chat
    return h("button", { type: "button", class: "btn small", "data-testid": "dare-chat",
      onclick: () => { input.scrollIntoView({ block: "center", behavior: "smooth" }); input.focus({ preventScroll: true }); } },
    "Go to the chat");
  }

  function buildWrite(t, dared, view) {
    const max = view.dare_max || 200;
    const input = h("textarea", { class: "dare-input", rows: 3, "aria-label": `Your dare for ${ctx.seatName(dared)}`,
      placeholder: `What must ${ctx.seatName(dared)} do?`, maxlength: String(max * 2), "data-testid": "dare-input" });
    const count = h("span", { class: "dare-count", "aria-live": "off" }, `0/${max}`);
    const send = h("button", { type: "submit", class: "btn primary", "data-testid": "dare-send" }, "Send the dare");
    const problem = h("p", { class: "dare-problem", role: "alert" });
    const parts = { input, sent: null };
    const check = () => {
      const n = codePoints(input.value.trim());
      count.textContent = `${n}/${max}`;
      count.classList.toggle("over", n > max);
      problem.textContent = n > max ? `A dare is at most ${max} characters: ${n - max} too many.` : "";
      return n > 0 && n <= max;
    };
    input.addEventListener("input", () => {
      if (/[\r\n]/.test(input.value)) input.value = input.value.replace(/[\r\n]+/g, " ");   // a dare is one line
      check();
      parts.update(false);
    });
    const form = h("form", { class: "dare-form" }, input, h("div", { class: "dare-row" }, count, send), problem);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (!check()) { if (!input.value.trim()) ctx.say("Write a dare first, or pick one of the suggestions."); return; }
      if (!stillLegal(ctx, "set_dare")) { ctx.redraw(); return; }   // someone's dare just arrived: render() says whose
      parts.sent = input.value.trim();
      // Two opponents may send at once: the server keeps the first and refuses the other as stale. That
      // is no error here: the next state shows the dare that stands, and render() says whose it is.
      Promise.resolve(ctx.sendMove({ action: "set_dare", text: parts.sent }, { quietStale: true })).then((res) => {
        if (res && !res.ok && res.code !== "stale_seq") parts.sent = null;
      });
    });
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); form.requestSubmit(); }
    });
    const suggestions = view.dare_suggestions || [];
    const pick = (text) => { input.value = text; check(); parts.update(false); input.focus(); };
    const list = h("ul", { class: "dare-suggestions", "aria-label": "Suggestions" },
      suggestions.map((text) => h("li", {}, h("button", { type: "button", class: "suggestion", onclick: () => pick(text) }, text))));
    const surprise = h("button", { type: "button", class: "btn small", "data-testid": "dare-surprise",
      onclick: () => pick(suggestions[Math.floor(Math.random() * suggestions.length)] || "") }, "Surprise me");
    root.replaceChildren(
      h("h2", { class: "dare-title" }, `${ctx.seatName(dared)} drew a dare!`),
      h("p", { class: "dare-lead" }, `Write what ${ctx.seatName(dared)} must do. Anyone else at the table may too: the first dare sent stands.`),
      form,
      h("details", { class: "dare-ideas", open: window.matchMedia("(min-width: 700px)").matches ? true : null },
        h("summary", {}, "Need an idea? Pick a suggestion"), h("div", { class: "row" }, surprise), list));
    parts.update = (pending) => {
      const ok = check();
      send.disabled = !!pending || !ok;
    };
    const active = document.activeElement;
    if (!active || !["INPUT", "TEXTAREA"].includes(active.tagName)) setTimeout(() => input.focus({ preventScroll: true }), 0);
    return parts;
  }

  function buildAnswer(quote) {
    const answer = (done) => { if (stillLegal(ctx, "answer_dare")) ctx.sendMove({ action: "answer_dare", done }); };
    const done = h("button", { type: "button", class: "btn primary big", "data-testid": "dare-done",
      onclick: () => answer(true) }, "Done!");
    const refuse = h("button", { type: "button", class: "btn", "data-testid": "dare-refuse" }, "Refuse…");
    const confirm = h("div", { class: "dare-confirm", hidden: true },
      h("p", {}, "Refuse the dare? You will miss your next turn."),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn danger", "data-testid": "dare-refuse-confirm",
          onclick: () => answer(false) }, "Yes, refuse"),
        h("button", { type: "button", class: "btn", onclick: () => { confirm.hidden = true; refuse.hidden = false; done.focus(); } }, "No, I'll do it")));
    refuse.addEventListener("click", () => { confirm.hidden = false; refuse.hidden = true; confirm.querySelector("button").focus(); });
    confirm.addEventListener("keydown", (ev) => {   // Esc: back to the choice, nothing sent
      if (ev.key === "Escape") { ev.preventDefault(); confirm.hidden = true; refuse.hidden = false; done.focus(); }
    });
    root.replaceChildren(
      h("h2", { class: "dare-title" }, "You were dared!"), quote,
      h("p", { class: "dare-lead" }, "Do it (in the chat, if it's a writing dare), then press Done. Refusing costs your next turn."),
      h("div", { class: "row dare-answers" }, done, refuse), confirm, h("div", { class: "row" }, chatButton()));
    const active = document.activeElement;
    if (!active || !["INPUT", "TEXTAREA"].includes(active.tagName)) setTimeout(() => done.focus({ preventScroll: true }), 0);
    return {
      input: { value: "" },
      update(pending) { for (const b of root.querySelectorAll("button")) b.disabled = !!pending; },
    };
  }

  return { root, render };
}
