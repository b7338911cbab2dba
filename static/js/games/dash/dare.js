// The dare panel beside the board, drawn from the table and the ui's dare (ui.js). Opponents write the
// dare (or pick a built-in suggestion, carried by the view); the dared player answers "done" or "refuse";
// everyone else sees who is waiting for whom. board.js draws it again only when its key (ui.dare.key and
// the "refuse?" question) changes, so a half-typed dare keeps its box, and updates the counter and the
// Send button in place (updateDare) as the player types. Every control says what it does in data-act.
import { h } from "../../core/store.js";
import { draftState } from "./ui.js";
import * as words from "./words.js";

// opts: {me, names(seat), pending, chat: the page has a chat this viewer may write in, wide: a wide screen}.
export function drawDare(t, ui, opts) {
  const view = t.view || {};
  const dare = view.dare;
  const stage = ui.dare.stage;
  if (!dare || !stage) return [];
  const { me, names } = opts;
  const dared = dare.seat;
  if (stage === "write") return drawWrite(view, ui, dared, opts);
  if (stage === "wait-write") {
    const writers = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== dared).map(names);
    return [h("h2", { class: "dare-title" }, me === dared ? words.DARE.youDrew : words.DARE.drewTitle(names(dared))),
      h("p", {}, me === dared ? words.DARE.writing(writers) : words.DARE.waitWrite(writers))];
  }
  const quote = h("blockquote", { class: "dare-text", "data-testid": "dare-text" }, words.dareText(dare.text));   // a text node: no HTML
  const chat = opts.chat ? h("button", { type: "button", class: "btn small", "data-testid": "dare-chat", "data-act": "chat" }, words.DARE.chat) : null;
  if (stage === "wait-answer") {
    return [h("h2", { class: "dare-title" }, words.DARE.theirs(names(dared))), quote,
      h("p", {}, words.DARE.waitAnswer(names(dared))), h("div", { class: "row" }, chat)];
  }
  const off = !!opts.pending;
  const confirming = ui.dare.confirming;
  return [
    h("h2", { class: "dare-title" }, words.DARE.dared), quote,
    h("p", { class: "dare-lead" }, words.DARE.answerLead),
    h("div", { class: "row dare-answers" },
      h("button", { type: "button", class: "btn primary big", "data-testid": "dare-done", "data-act": "done", disabled: off }, words.DARE.done),
      h("button", { type: "button", class: "btn", "data-testid": "dare-refuse", "data-act": "refuse", disabled: off, hidden: confirming }, words.DARE.refuse)),
    h("div", { class: "dare-confirm", hidden: !confirming },
      h("p", {}, words.DARE.confirm),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn danger", "data-testid": "dare-refuse-confirm", "data-act": "refuse-confirm", disabled: off }, words.DARE.yes),
        h("button", { type: "button", class: "btn", "data-act": "keep", disabled: off }, words.DARE.keep))),
    h("div", { class: "row" }, chat),
  ];
}

function drawWrite(view, ui, dared, { names, wide, pending }) {
  const max = view.dare_max || 200;
  const name = names(dared);
  const { n, over, ok } = draftState(ui, max);
  const input = h("textarea", { class: "dare-input", rows: 3, "aria-label": words.DARE.inputLabel(name), placeholder: words.DARE.placeholder(name),
    maxlength: String(max * 2), "data-testid": "dare-input", "data-act": "type" });
  input.value = ui.dare.draft;
  const form = h("form", { class: "dare-form", "data-act": "send" }, input,
    h("div", { class: "dare-row" }, h("span", { class: `dare-count${over ? " over" : ""}`, "aria-live": "off" }, words.DARE.count(n, max)),
      h("button", { type: "submit", class: "btn primary", "data-testid": "dare-send", disabled: !!pending || !ok }, words.DARE.send)),
    h("p", { class: "dare-problem", role: "alert" }, over ? words.DARE.tooLong(n, max) : ""));
  const suggestions = view.dare_suggestions || [];
  return [
    h("h2", { class: "dare-title" }, words.DARE.drewTitle(name)),
    h("p", { class: "dare-lead" }, words.DARE.lead(name)),
    form,
    h("details", { class: "dare-ideas", open: wide ? true : null },
      h("summary", {}, words.DARE.ideas),
      h("div", { class: "row" }, h("button", { type: "button", class: "btn small", "data-testid": "dare-surprise", "data-act": "surprise" }, words.DARE.surprise)),
      h("ul", { class: "dare-suggestions", "aria-label": words.DARE.suggestions },
        suggestions.map((text) => h("li", {}, h("button", { type: "button", class: "suggestion", "data-act": "suggest" }, words.dareText(text)))))),
  ];
}

// The parts of the writing form that follow the draft: its length, the problem if it is too long, Send.
export function updateDare(root, ui, view, pending) {
  const count = root.querySelector(".dare-count");
  if (!count) return;
  const max = view.dare_max || 200;
  const { n, over, ok } = draftState(ui, max);
  count.textContent = words.DARE.count(n, max);
  count.classList.toggle("over", over);
  root.querySelector(".dare-problem").textContent = over ? words.DARE.tooLong(n, max) : "";
  root.querySelector('[data-testid="dare-send"]').disabled = !!pending || !ok;
}
