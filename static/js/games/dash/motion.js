// How pyramids travel when a step is shown: space by space along the path for a card, along the picture
// line for a jump, in an arc for a swap. Pure planning from the step's events, plus one Web Animation.
import { centre, curvePoint, pictureCurve } from "./parts.js";

const WALK_TOTAL = 1800;   // ms: a long walk (back to Start) goes faster per space, never slower than this
const JUMP_MS = 750;

// For each seat that moved in `events`: the points it passes, with the time (ms) to reach each one.
export function plan(events) {
  const paths = {};   // seat -> [{x, y, ms}]
  const add = (seat, points) => {
    const path = paths[seat] || (paths[seat] = []);
    for (const p of points) path.push(p);
  };
  for (const ev of events || []) {
    if (ev.type === "move") add(ev.seat, walk(ev.from, ev.to, !paths[ev.seat]));
    else if (ev.type === "picture") add(ev.seat, jump(ev.from, ev.to, pictureCurve(ev.from, ev.to)));
    else if (ev.type === "swap") {
      add(ev.seat, swapArc(ev.from, ev.to, !paths[ev.seat]));
      add(ev.with, swapArc(ev.to, ev.from, !paths[ev.with]));
    }
  }
  return paths;
}

function walk(from, to, first) {
  const dir = to > from ? 1 : -1, steps = Math.abs(to - from);
  const per = Math.max(55, Math.min(230, WALK_TOTAL / steps));
  const out = first ? [{ ...pt(from), ms: 0 }] : [];
  for (let i = 1; i <= steps; i++) {
    const [x0, y0] = centre(from + dir * (i - 1)), [x1, y1] = centre(from + dir * i);
    out.push({ x: (x0 + x1) / 2, y: (y0 + y1) / 2 - 8, ms: per / 2 });   // a little hop between spaces
    out.push({ x: x1, y: y1, ms: per / 2 });
  }
  return out;
}

function jump(from, to, curve) {
  const out = [];
  for (let i = 1; i <= 12; i++) {
    const t = i / 12;
    const [x, y] = curvePoint(curve, t);
    out.push({ x, y: y - Math.sin(Math.PI * t) * 16, ms: JUMP_MS / 12 });
  }
  return out;
}

function swapArc(from, to, first) {
  const [x1, y1] = centre(from), [x2, y2] = centre(to);
  const curve = { x1, y1, x2, y2, cx: (x1 + x2) / 2, cy: Math.min(y1, y2) - 60 };
  return [...(first ? [{ x: x1, y: y1, ms: 0 }] : []), ...jump(from, to, curve)];
}

function pt(space) {
  const [x, y] = centre(space);
  return { x, y };
}

// Play `path` on a pyramid's body whose resting place is (fx, fy); returns the Animation (or null).
export function run(body, path, fx, fy, delay = 0) {
  if (!body || !body.animate || !path || path.length < 2) return null;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const last = path[path.length - 1];
  const [ox, oy] = [fx - last.x, fy - last.y];   // the slot inside the last space
  const total = path.reduce((sum, p) => sum + p.ms, 0) || 1;
  let at = 0;
  const frames = path.map((p) => {
    at += p.ms;
    return { transform: `translate(${p.x + ox - fx}px, ${p.y + oy - fy}px)`, offset: Math.min(1, at / total) };
  });
  frames[0].offset = 0;
  frames[frames.length - 1] = { transform: "translate(0px, 0px)", offset: 1 };
  if (reduce) return body.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 300, delay });
  return body.animate(frames, { duration: total, delay, easing: "linear", fill: "backwards" });
}
