// The table page's replay, once the game has ended: the shared viewer (core/replay.js) takes the board's
// place, each step drawn by the game module's drawReplay with every hand shown (GET
// /api/tables/{code}/replay). The step shown is in the address (?move=N), so a link opens it.
import { copyText, get, toast } from "./core/api.js";
import { createReplay } from "./core/replay.js";

export const ENDED = new Set(["finished", "abandoned"]);

// root: #table-root (its data-client names the game's module); state: the page's state; seatName, say,
// redraw: the page's own. Returns {open(seq), close(), isOpen, fromAddress(table)}.
export function setupReplay({ root, code, state, seatName, say, redraw }) {
  const $ = (id) => document.getElementById(id);
  let viewer = null;

  function moveInAddress(seq) {
    const url = new URL(location.href);
    if (seq == null) url.searchParams.delete("move"); else url.searchParams.set("move", String(seq));
    if (url.href !== location.href) history.replaceState(null, "", url);
  }

  function open(seq) {
    const t = state.table;
    if (!t || !ENDED.has(t.status)) { say("The replay opens when the game has ended."); return; }
    state.resultClosed = true;
    $("board-area").hidden = true;
    $("replay-area").hidden = false;
    if (viewer) {
      viewer.goTo(seq);
    } else {
      viewer = createReplay($("replay-view"), {
        of: t.seq, seq, names: seatName, module: import(root.dataset.client),
        fetchStep: (n) => get(`/api/tables/${code}/replay?seq=${n}`),
        onStep(r) {
          if (!r) return;
          root.dataset.replaySeq = String(r.seq);
          moveInAddress(r.seq);
        },
      });
    }
    redraw();
    requestAnimationFrame(() => viewer && viewer.focus());
  }

  function close() {
    if (viewer) { viewer.destroy(); viewer = null; }
    delete root.dataset.replaySeq;
    $("replay-area").hidden = true;
    $("board-area").hidden = false;
    moveInAddress(null);
    redraw();
  }

  // /t/<code>?move=N: open that step once the first state has arrived (the game must have ended).
  function fromAddress(t) {
    const move = new URLSearchParams(location.search).get("move");
    if (move == null || !/^\d{1,9}$/.test(move)) return;
    if (ENDED.has(t.status)) open(Math.min(Number(move), t.seq));
    else toast("This game is still on: its replay opens when it has ended.", "info", 6000);
  }

  $("replay-btn").addEventListener("click", () => open(0));
  $("replay-close").addEventListener("click", close);
  $("replay-share").addEventListener("click", async () => {
    const ok = await copyText(location.href);
    toast(ok ? "Link copied: it opens the replay at this move." : "Copy the address from the address bar.");
  });
  document.addEventListener("keydown", (ev) => {   // Esc leaves the replay (after the result dialog, if open)
    if (ev.key === "Escape" && viewer && $("result").hidden) close();
  });
  return { open, close, fromAddress, get isOpen() { return !!viewer; } };
}
