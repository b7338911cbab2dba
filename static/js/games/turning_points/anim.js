// The chain, step by step: after every move the board shows the position before it, the new piece
// dropping in, then each turn in order (the piece that points, the piece that turns), so every player
// and spectator can follow which pieces turned and why. Frames are rebuilt from the step's own events
// and the view that follows it (turn events carry the direction a piece turned from), never from a rule.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The cells before `step`, given the cells after it: undo its turns (last first), lift the placed piece.
export function undoStep(cells, step) {
  const out = {};
  for (const [cell, piece] of Object.entries(cells)) out[cell] = { ...piece };
  const events = step.events || [];
  const turns = events.filter((e) => e.type === "turn");
  for (let i = turns.length - 1; i >= 0; i--) if (out[turns[i].cell]) out[turns[i].cell].dir = turns[i].from;
  const place = events.find((e) => e.type === "place");
  if (place) delete out[place.cell];
  return out;
}

export class ChainPlayer {
  // paint(): redraw the board from `frame`; urgent(): the viewer must act now (hurry to the end).
  constructor({ paint, urgent }) {
    this.paint = paint;
    this.urgent = urgent || (() => false);
    this.queue = [];      // steps announced by the shell, waiting for their state
    this.frame = null;    // what the board shows while a chain plays: {cells, placed, by, turning, index, total,
    //                       step, seat, scores (before the step, then after it once its chain is done)}
    this.busy = false;
    this.stopped = false;
    this.skipping = false;
  }

  push(step) {
    if (!step || !Array.isArray(step.events) || !step.events.some((e) => e.type === "place")) return;
    if (this.queue.some((s) => s.seq === step.seq)) return;
    this.queue.push(step);
  }

  // Called on every render: once the state after the queued steps has arrived, play them from it.
  sync(table, scoresBefore) {
    if (this.busy || !this.queue.length || !table || !table.view) return;
    const ready = this.queue.filter((s) => s.seq <= table.seq).sort((a, b) => a.seq - b.seq);
    this.queue = this.queue.filter((s) => s.seq > table.seq);
    // Only the steps that lead straight to this state can be rebuilt from it.
    const run = [];
    let want = table.seq;
    for (let i = ready.length - 1; i >= 0 && ready[i].seq === want; i--, want--) run.unshift(ready[i]);
    if (!run.length) return;
    const plays = run.slice(-6);   // a long absence: only the last few
    let cells = table.view.cells || {};
    const before = [];
    for (let i = run.length - 1; i >= 0; i--) { cells = undoStep(cells, run[i]); before.unshift(cells); }
    const scoresOf = (step) => (step.events.find((e) => e.type === "place") || {}).scores;
    this.play(plays.map((step) => {
      const i = run.indexOf(step);
      return { step, cells: before[i], scores: (i > 0 && scoresOf(run[i - 1])) || scoresBefore || null };
    }));
  }

  // 1 = a human pace; faster when steps pile up, when the viewer must act, or with reduced motion.
  pace(left) {
    if (this.skipping) return 0;
    if (reduced()) return 0.15;
    if (this.urgent()) return 0.6;
    return left >= 2 ? 0.4 : left === 1 ? 0.65 : 1;
  }

  async play(items) {
    this.busy = true;
    this.skipping = false;
    for (let k = 0; k < items.length && !this.stopped; k++) {
      const { step, cells: start, scores } = items[k];
      const left = items.length - 1 - k;
      const place = step.events.find((e) => e.type === "place");
      const turns = step.events.filter((e) => e.type === "turn");
      const cells = {};
      for (const [cell, piece] of Object.entries(start)) cells[cell] = { ...piece };
      const base = { step, placed: place.cell, total: turns.length, seat: place.seat ?? step.seat, scores };
      this.frame = { ...base, cells: { ...cells }, index: -1, dropping: false };
      this.paint();
      await sleep(260 * this.pace(left));
      cells[place.cell] = { dir: place.dir, ...(place.color ? { color: place.color } : {}) };
      this.frame = { ...base, cells: { ...cells }, index: 0, dropping: true };
      this.paint();
      await sleep(560 * this.pace(left));
      const each = Math.max(70, Math.min(430, 2600 / Math.max(1, turns.length)));
      for (let i = 0; i < turns.length && !this.stopped; i++) {
        const turn = turns[i];
        cells[turn.cell] = { ...cells[turn.cell], dir: turn.dir };
        this.frame = { ...base, cells: { ...cells }, index: i + 1, by: turn.by, turning: turn.cell, turn };
        this.paint();
        await sleep(each * this.pace(left));
      }
      this.frame = { ...this.frame, scores: place.scores || scores, done: true };
      this.paint();
      await sleep((turns.length ? 420 : 200) * this.pace(left));
    }
    this.frame = null;
    this.busy = false;
    if (!this.stopped) this.paint();
  }

  skip() { if (this.busy) this.skipping = true; }
  stop() { this.stopped = true; this.queue = []; }
}
