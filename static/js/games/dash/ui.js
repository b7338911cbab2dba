// Dash's board state as one plain object, and the plain functions that change it (called by board.js's
// event handlers and when the shell brings a step or a new table state). Nothing here draws, and nothing
// decides legality: a move is sent only when the table's legal_moves lists it (a dare's text is the
// player's own). A function that leads somewhere returns what the page should do:
//   {send: move, quietStale?}   send it (quietStale: two writers may race; the loser's refusal is no error)
//   {say: {stood: seat|null}}   another writer's dare arrived first ({problem: ...}: the player's is not sendable)
//   {focus: "input"|"done"|"confirm"}   move the keyboard focus in the dare panel
// and null when the board only needs drawing again.
//
// The object:
//   step       the step the next state follows, to play on the board once that state is drawn
//   dare       the dare panel: stage ("write", "wait-write", "answer", "wait-answer" or null), key (which dare
//              and stage), draft (the text being written), sent (the text this page sent), confirming
//              (the "refuse?" question is open)
//   hint       the bot's suggestion the player asked for ({move, reason, seq}), shown while the table is at seq
export function create() {
  return { step: null, hint: null, dare: { stage: null, key: null, draft: "", sent: null, confirming: false } };
}

// ---- the bot's suggestion (the Hint button) ----
// The hint asked at this table state, if the table lists its move still (a dare's by its action).
export function hintNow(ui, t) {
  const x = ui.hint;
  return x && t && x.seq === t.seq && listed(t, x.move.action) ? x : null;
}

// A hint arrived: kept for the banner; a dare's text becomes the draft. Returns where the keyboard goes.
export function showHint(ui, t, move, reason) {
  if (!t || !move || !listed(t, move.action)) return null;
  ui.hint = { move, reason: reason || "", seq: t.seq };
  if (move.action === "set_dare") {
    typeDare(ui, move.text || "");
    return { focus: "input" };
  }
  return { focus: move.action === "draw" ? "draw" : move.done ? "done" : null };
}

export const actions = (t) => ((t && t.legal_moves) || []).map((m) => m.action);
export const listed = (t, action) => ((t && t.legal_moves) || []).find((m) => m.action === action) || null;
const codePoints = (text) => [...text].length;

// The dare panel's stage for this viewer, and the key of the dare it is about (null: no dare open).
export function dareStage(t, me) {
  const view = (t && t.view) || {};
  const dare = view.dare;
  if (!dare) return { stage: null, key: null };
  const can = actions(t);
  const stage = dare.text == null ? (can.includes("set_dare") ? "write" : "wait-write") : can.includes("answer_dare") ? "answer" : "wait-answer";
  return { stage, key: `${dare.seat}|${view.discard_count}|${view.reshuffles}|${stage}|${me}` };
}

// The draft as the counter and the Send button see it: its length in characters, and whether it may go.
export function draftState(ui, max) {
  const n = codePoints(ui.dare.draft.trim());
  return { n, over: n > max, ok: n > 0 && n <= max };
}

// ---- the shell's messages ----
export function stepArrived(ui, step) { ui.step = step; }

// A new table state: a dare panel for another dare (or another stage) starts afresh. A dare this page was
// writing that lost the race to another writer's is said (whose stands).
export function newState(ui, t, me) {
  if (!t) return null;
  const { stage, key } = dareStage(t, me);
  if (key === ui.dare.key) return null;
  const dare = t.view && t.view.dare;
  const lost = ui.dare.stage === "write" && stage !== "write" && ui.dare.draft.trim() && dare && dare.text != null
    && dare.text !== ui.dare.sent;
  const setter = ((t.last && t.last.events) || []).find((e) => e.type === "dare_set");
  ui.dare = { stage, key, draft: "", sent: null, confirming: false };
  return lost ? { say: { stood: setter ? setter.seat : null } } : null;
}

// ---- the player's actions ----
// Draw: the listed draw, when the table lists one and no move is on its way.
export function draw(t, pending) {
  const move = listed(t, "draw");
  return move && !pending ? { send: move } : null;
}

// A dare is one line.
export function typeDare(ui, text) {
  ui.dare.draft = String(text).replace(/[\r\n]+/g, " ");
}

// A suggestion picked (or "Surprise me"): it becomes the draft, to send or to change.
export function suggest(ui, text) {
  typeDare(ui, text || "");
  return { focus: "input" };
}

export function sendDare(ui, t, max) {
  const { ok, n } = draftState(ui, max);
  if (!ok) return { problem: n ? "long" : "empty" };
  if (!listed(t, "set_dare")) return null;   // someone's dare just arrived: the next state says whose
  ui.dare.sent = ui.dare.draft.trim();
  return { send: { action: "set_dare", text: ui.dare.sent }, quietStale: true };
}

// The server refused the dare for another reason than a race: it is no longer "sent".
export function dareRefused(ui, res) {
  if (res && !res.ok && res.code !== "stale_seq") ui.dare.sent = null;
}

export function answer(ui, t, done) {
  if (!listed(t, "answer_dare")) return null;
  ui.dare.confirming = false;
  return { send: { action: "answer_dare", done } };
}

// "Refuse…" asks first; "No, I'll do it" (or Esc) goes back to the choice.
export function askRefuse(ui) {
  ui.dare.confirming = true;
  return { focus: "confirm" };
}
export function keepDare(ui) {
  if (!ui.dare.confirming) return null;
  ui.dare.confirming = false;
  return { focus: "done" };
}
