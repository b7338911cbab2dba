// The move in flight, for the table page (docs/CLIENT.md): one move at a time, sent through the socket (or
// REST when the socket is down), answered by its own step or by a refusal, sent again after a pause when
// the server could not save it. The page keeps no move state of its own: it hands this the socket's steps
// and errors (settle, refused) and reads `pending`.
//
// A move settles with {ok: true} when its own step comes back (the step right after the seq it was sent
// at, by my seat, with my move where the step shows it), or {ok: false, code, detail} when the server
// refuses it (codes: docs/API.md). Another seat's step at that seq is a simultaneous move that won: the
// server's stale_seq refusal of ours follows on the same socket, and the game decides whether to send it
// again.
//
// A move that met a server that could not save it (its database is restarting: "unavailable"), or no
// answer at all (a socket cut, an instance going away, a proxy's 502/504), is sent again with the same seq
// after a pause: if it was saved after all, the table has moved on and the retry stops (or gets a quiet
// stale_seq). About 45 s in all, then the player is told.
import { t } from "./i18n.js";

export const RETRYABLE = new Set(["unavailable", "timeout", "network"]);
export const RETRY_MS = [1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000];
export const ANSWER_MS = 8000;   // no update and no error for this long: the board is unstuck, a sync asked

// A step that may hide part of a move from this viewer (null or missing fields) still matches on the rest.
export function ownStep(step, entry, me) {
  if (!step || step.seat !== me || step.seq !== entry.seq + 1) return false;
  const shown = step.move;
  if (!shown || typeof shown !== "object") return true;
  return Object.keys(entry.move).every((k) => shown[k] == null || JSON.stringify(shown[k]) === JSON.stringify(entry.move[k]));
}

// What a failed REST call is, for the retry: no answer or a proxy's 502/503/504 (without the server's own
// "unavailable") is "network"; otherwise the server's code.
export function causeOf(err) {
  return [0, 502, 503, 504].includes(err.status) && err.code !== "unavailable" ? "network" : err.code;
}

export class Mover {
  // io: {conn (send, requestSync), post(path, body), path (the table's moves URL), table() (the current
  //      table state), me() (my seat), applied(tableState) (a REST answer to apply), animate(step)?,
  //      refresh(), redraw(), toast(text, kind, ms) -> element, showError(err), say(text)}
  // clock: {sleep(ms), setTimeout(fn, ms), random()} (tests give their own).
  constructor(io, clock = {}) {
    this.io = io;
    this.sleep = clock.sleep || ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.later = clock.setTimeout || ((fn, ms) => setTimeout(fn, ms));
    this.random = clock.random || Math.random;
    this.pending = false;      // a move is on its way (the boards read it through state.pending)
    this.quietStale = false;   // a stale_seq refusal of the move in flight is not toasted (the game resends)
    this.inFlight = null;      // {seq, move, resolve} of the socket move awaiting its step
  }

  _pending(on) {
    this.pending = on;
    this.io.redraw();
  }

  // A step from the server (an update, a sync's steps): my own ends the move in flight.
  settle(step) {
    const entry = this.inFlight;
    if (entry && ownStep(step, entry, this.io.me())) {
      this.inFlight = null;
      entry.resolve({ ok: true });
    }
  }

  // The server refused the move in flight (a socket error message). Returns whether the page should stay
  // quiet about it: the move is sent again (a retryable cause), or the game asked not to hear stale_seq.
  refused(error) {
    const entry = this.inFlight;
    const retried = !!entry && RETRYABLE.has(error.code);
    const quiet = retried || (error.code === "stale_seq" && this.quietStale);
    this.pending = false;
    if (entry) {
      this.inFlight = null;
      entry.resolve({ ok: false, code: error.code, detail: error.detail });
    }
    return quiet;
  }

  // A new table state arrived: with no move of mine in flight, nothing is pending any more.
  moved() {
    if (!this.inFlight) this.pending = false;
  }

  // Send one move (exactly a dict from legal_moves); resolves as described at the top of this file.
  async send(move, { quietStale = false } = {}) {
    if (this.pending) { this.io.say(t("Your play is on its way to the server…")); return { ok: false, code: "pending" }; }
    const seq = this.io.table().seq;
    let notice = null;  // "sent again in a moment": shown for as long as the retries last, then a little longer
    const done = (res) => {
      if (notice) { const el = notice; this.later(() => el.remove(), 3500); }
      return res;
    };
    for (let attempt = 0; ; attempt += 1) {
      const res = await this._once(move, seq, quietStale || attempt > 0, attempt < RETRY_MS.length);
      if (res.ok || !RETRYABLE.has(res.code)) return done(res);
      if (attempt >= RETRY_MS.length) {
        if (notice) notice.remove();
        this.io.toast(t("Your move could not be sent: the server is not answering. Try again in a moment."), "error", 8000);
        return res;
      }
      if (attempt === 0) {
        notice = this.io.toast(t("The server cannot save moves just now: your move will be sent again in a moment."), "info", 0);
      }
      this._pending(true);
      await this.sleep(Math.round(RETRY_MS[attempt] * (0.75 + this.random() * 0.5)));
      this.pending = false;
      const now = this.io.table();
      if (!now || now.seq !== seq) { this.io.redraw(); return done({ ok: false, code: "stale_seq" }); }
    }
  }

  async _once(move, seq, quietStale, willRetry) {
    this.quietStale = quietStale;
    this._pending(true);
    if (this.io.conn.send({ type: "move", seq, move })) {
      const entry = { seq, move, resolve: null };
      const answered = new Promise((resolve) => { entry.resolve = resolve; });
      this.inFlight = entry;
      this.later(() => {   // the answer is an "update" (or an "error"); unstick the board if neither comes
        if (this.inFlight === entry) {
          this.refused({ code: "timeout", detail: t("The server did not answer in time.") });
          this.io.conn.requestSync();
          this.io.redraw();
        }
      }, ANSWER_MS);
      return answered;
    }
    try {
      const next = await this.io.post(this.io.path, { seq, move });
      if (next.last && this.io.animate) this.io.animate(next.last);
      this.pending = false;
      this.io.applied(next);
      return { ok: true };
    } catch (err) {
      this.pending = false;
      const cause = causeOf(err);
      if (err.code === "stale_seq") this.io.refresh();
      if (!(quietStale && err.code === "stale_seq") && !(willRetry && RETRYABLE.has(cause))) this.io.showError(err);
      this.io.redraw();
      return { ok: false, code: cause, detail: err.message };
    }
  }
}
