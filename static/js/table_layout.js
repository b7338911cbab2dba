// The table page's layout (static/css/table.css): the room the board may take, and the notice line.
// table.js calls setupLayout once; render() calls fit() after every redraw.
const $ = (id) => document.getElementById(id);

export function setupLayout({ state, redraw }) {
  // The room the board may take, in --board-h: from the board area's top to the window's bottom, less the
  // action bar when it sits under the board; and the layout's height on a wide screen (--ui-h). The
  // game's stylesheet sizes its SVG from it, so the board and the action bar are in the first screen.
  let fitted = "";
  function fit() {
    const ui = $("table-ui");
    if (ui.hidden) return;
    const area = $("board-area");
    const a = area.getBoundingClientRect(), bar = $("action-bar").getBoundingClientRect();
    const gap = parseFloat(getComputedStyle(ui).rowGap) || 0;
    const pad = parseFloat(getComputedStyle(document.querySelector(".table-page")).paddingBottom) || 0;
    const under = bar.height > 0 && bar.top >= a.bottom - 2 && bar.left < a.right;   // the bar under the board
    let h = innerHeight - (a.top + scrollY) - pad - (under ? bar.height + gap : 0);
    if (h < 200) h = innerHeight - 2 * pad - (under ? bar.height + gap : 0);   // below other things: a screen of its own
    const uiH = innerHeight - (ui.getBoundingClientRect().top + scrollY) - pad;
    const key = `${Math.floor(h)}|${Math.floor(uiH)}`;
    if (key === fitted) return;
    fitted = key;
    ui.style.setProperty("--board-h", `${Math.max(160, Math.floor(h))}px`);
    ui.style.setProperty("--ui-h", `${Math.max(300, Math.floor(uiH))}px`);
  }
  addEventListener("resize", () => fit());
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(() => fit());
    for (const id of ["action-bar", "notices"]) watch.observe($(id));
    watch.observe(document.querySelector(".table-head"));
  }

  // Every notice (a toast) sits in the notice line, in a fixed place of the layout, and is kept in the log.
  function noticesInLayout() {
    const box = $("toasts");
    if (!box) return;
    $("notices").append(box);
    new MutationObserver((records) => {
      let added = false;
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType !== 1 || !n.textContent) continue;
          n.title = n.textContent;
          state.notes.push({ after: state.table ? state.table.seq : -1, text: n.textContent, kind: n.classList.contains("error") ? "error" : "note" });
          added = true;
        }
      }
      if (state.notes.length > 100) state.notes.splice(0, state.notes.length - 100);
      if (added) redraw();
    }).observe(box, { childList: true });
  }
  return { fit, noticesInLayout };
}
