// The step animations, one step after another: the moved coin glides, then each roll tumbles and lands,
// and a lost turn stays on screen long enough to read. Steps that pile up (bots playing one after the
// other) play faster, so the dice never fall far behind the table.
import { lostWords } from "./words.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class Animator {
  // paint(): redraw the dice and the note; names(seat): display names; urgent(): true when the viewer
  // must act now (the animation then hurries to the viewer's own roll).
  constructor({ paint, names, urgent }) {
    this.paint = paint;
    this.names = names;
    this.urgent = urgent || (() => false);
    this.queue = [];
    this.busy = false;
    this.dice = null;     // what the dice show during an animation: {seat, number, kind, rolling, dead}
    this.note = null;     // the lost turn being told
    this.glide = null;    // {coin: "seat-value", from, to, seq}: done by the board after its next render
    this.stopped = false;
  }

  push(step) {
    if (!step || !Array.isArray(step.events)) return;
    this.queue.push(step);
    if (this.queue.length > 6) this.queue.splice(0, this.queue.length - 6);   // a long absence: skip ahead
    if (!this.busy) this.run();
  }

  get active() { return this.busy; }

  // 1 = a human pace; less when steps pile up (bots playing in a row) or when the viewer must act now.
  pace() {
    if (reduced()) return 0.2;
    if (this.urgent()) return 0.3;
    return this.queue.length >= 2 ? 0.35 : this.queue.length ? 0.6 : 1;
  }

  async run() {
    this.busy = true;
    while (this.queue.length && !this.stopped) {
      const step = this.queue.shift();
      const events = step.events;
      const move = events.find((e) => e.type === "move");
      if (move) {
        if (!this.queue.length) this.glide = { coin: `${move.seat ?? step.seat}-${move.coin}`, from: move.from, to: move.to, seq: step.seq };
        await sleep(450 * this.pace());
      }
      for (let i = 0; i < events.length && !this.stopped; i++) {
        const e = events[i];
        if (e.type !== "roll") continue;
        const lost = events[i + 1] && events[i + 1].type === "turn_lost" ? events[i + 1] : null;
        this.dice = { seat: e.seat, number: e.number, kind: e.kind, rolling: true };
        this.note = null;
        this.paint();
        await sleep(420 * this.pace());
        this.dice = { seat: e.seat, number: e.number, kind: e.kind, rolling: false, dead: !!lost };
        if (lost) this.note = `${this.names(lost.seat)} lost the turn: ${lostWords(lost)}.`;
        this.paint();
        await sleep((lost ? 1400 : 250) * this.pace());
      }
    }
    this.dice = null;
    this.note = null;
    this.busy = false;
    if (!this.stopped) this.paint();
  }

  stop() { this.stopped = true; this.queue = []; }
}
