// The 3-High tables in play of the fixture (tests/js/fixtures/three-high.json "positions") and what the
// engine lists on them, read straight from legal_moves and move_targets: for the ui and draw tests.
import { fixture } from "../helpers/fixtures.mjs";

export const fx = fixture("three-high");
export const position = (label, viewer = "acting") => fx.positions.find((p) => p.label === label && p.viewer === viewer);
export const acting = fx.positions.filter((p) => p.legal_moves.length);

// A pyramid's destinations as the engine lists them: square -> moves.
export function listed(t, piece) {
  const out = {};
  t.legal_moves.forEach((m, i) => { if (m.piece === piece) (out[t.move_targets[i].to] = out[t.move_targets[i].to] || []).push(m); });
  return out;
}
export const movablePiece = (t) => t.legal_moves[0].piece;
// A pyramid and a square that several listed plays take it to ("which card?").
export function squareWithSeveral(t) {
  for (const piece of new Set(t.legal_moves.map((m) => m.piece))) {
    for (const [sq, moves] of Object.entries(listed(t, piece))) if (moves.length > 1) return { piece, sq, moves };
  }
  return null;
}
