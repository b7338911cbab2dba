// The step animations, one step after another: the moved coin glides, then each roll tumbles and lands,
// and a lost turn stays on screen long enough to read. Steps that pile up (bots playing one after the
// other) play faster, so the dice never fall far behind the table. What the dice show lives in ui.anim
// (changed through ui.js); the board draws it.
import { animStarts, nextStep, glides, diceShow, animEnds } from "./ui.js";
import { lostLine } from "./words.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reduced = () => !!window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// 1 = a human pace; less when steps pile up (bots playing in a row) or when the viewer must act now.
function pace(ui, urgent) {
  if (reduced()) return 0.2;
  if (urgent()) return 0.3;
  const left = ui.anim.queue.length;
  return left >= 2 ? 0.35 : left ? 0.6 : 1;
}

// Play the queued steps until none is left. paint(): redraw the dice and the note; names(seat): display
// names; urgent(): the viewer must act now (hurry to its own roll); alive(): the board is on the page.
export async function playSteps(ui, { paint, names, urgent = () => false, alive = () => true }) {
  animStarts(ui);
  while (ui.anim.queue.length && alive()) {
    const step = nextStep(ui);
    const events = step.events;
    const move = events.find((e) => e.type === "move");
    if (move) {
      if (!ui.anim.queue.length) glides(ui, { coin: `${move.seat ?? step.seat}-${move.coin}`, from: move.from, to: move.to, seq: step.seq });
      await sleep(450 * pace(ui, urgent));
    }
    for (let i = 0; i < events.length && alive(); i++) {
      const e = events[i];
      if (e.type !== "roll") continue;
      const lost = events[i + 1] && events[i + 1].type === "turn_lost" ? events[i + 1] : null;
      diceShow(ui, { seat: e.seat, number: e.number, kind: e.kind, rolling: true });
      paint();
      await sleep(420 * pace(ui, urgent));
      diceShow(ui, { seat: e.seat, number: e.number, kind: e.kind, rolling: false, dead: !!lost }, lost ? lostLine(names, lost) : null);
      paint();
      await sleep((lost ? 1400 : 250) * pace(ui, urgent));
    }
  }
  animEnds(ui);
  if (alive()) paint();
}
