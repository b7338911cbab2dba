// A virtual clock for the code under test: setTimeout and setInterval on globalThis queue their callbacks,
// and tick(ms) runs those that fall due, in order of time, so a test of back-off or a ping does not wait.
// install() in a test (or beforeEach), restore() after: Node's own timers are left as they were.
export function installClock() {
  const saved = { setTimeout, clearTimeout, setInterval, clearInterval };
  let now = 0;
  let nextId = 1;
  const timers = new Map();   // id -> {at, fn, every}

  const add = (fn, ms, every) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, Number(ms) || 0), fn, every });
    return id;
  };
  Object.assign(globalThis, {
    setTimeout: (fn, ms = 0) => add(fn, ms, null),
    setInterval: (fn, ms = 0) => add(fn, ms, Math.max(1, Number(ms) || 0)),
    clearTimeout: (id) => { timers.delete(id); },
    clearInterval: (id) => { timers.delete(id); },
  });

  return {
    get now() { return now; },
    // The delays (ms from now) of the timers waiting, soonest first.
    pending() { return [...timers.values()].map((t) => t.at - now).sort((a, b) => a - b); },
    tick(ms) {
      const end = now + ms;
      for (;;) {
        let due = null;
        for (const [id, t] of timers) if (t.at <= end && (!due || t.at < due[1].at)) due = [id, t];
        if (!due) break;
        const [id, t] = due;
        now = t.at;
        if (t.every) t.at += t.every; else timers.delete(id);
        t.fn();
      }
      now = end;
    },
    restore() { Object.assign(globalThis, saved); },
  };
}
