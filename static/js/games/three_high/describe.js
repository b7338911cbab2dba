// 3-High's board in words for a screen reader (docs/CLIENT.md describe): every stack from a1 to
// h8, the hands the viewer may see, the piles, and the plays the viewer has (each pyramid with its squares).
import { t, tn } from "../../core/i18n.js";
import { turnWords, myTurn, section } from "../a11y_common.js";
import { FILES } from "./parts.js";
import { squareWords, pieceWords, cardWords, handTitle } from "./words.js";

const order = (sq) => (Number(sq.slice(1)) - 1) * 8 + FILES.indexOf(sq[0]);

export function describe(tab, ctx) {
  const view = tab.view || {};
  const board = view.board || {};
  const trees = new Set(view.tree_squares || []);
  const squares = Object.keys(board).filter((sq) => board[sq].length).sort((a, b) => order(a) - order(b));
  const pyramids = squares.reduce((n, sq) => n + board[sq].length, 0);
  const summary = [
    tn("{n} pyramid on the board", "{n} pyramids on the board", pyramids) + ",",
    tn("{n} tree finished", "{n} trees finished", view.trees || 0) + ",",
    tn("{n} card in the draw pile.", "{n} cards in the draw pile.", view.draw_pile_count ?? 0),
    turnWords(tab, ctx),
  ].filter(Boolean).join(" ");
  const hands = (view.hands || []).map((hand, seat) => (hand && hand.length
    ? section(handTitle(ctx.names(seat)), hand.map(cardWords)) : null)).filter(Boolean);
  const plays = [];
  if (myTurn(tab, ctx)) {
    const byPiece = new Map();
    ctx.legal.forEach((m, i) => {
      const to = ctx.targets[i] && ctx.targets[i].to;
      const from = ctx.targets[i] && ctx.targets[i].from;
      if (!byPiece.has(m.piece)) byPiece.set(m.piece, { from, to: new Set() });
      if (to) byPiece.get(m.piece).to.add(to);
    });
    for (const [piece, { from, to }] of byPiece) {
      plays.push(t("{piece} on {sq} can go to {squares}", { piece: pieceWords(piece), sq: from, squares: [...to].sort((a, b) => order(a) - order(b)).join(", ") }));
    }
  }
  return {
    summary,
    sections: [
      section(t("Squares (bottom to top of each stack)"), squares.map((sq) => (board[sq].length > 1 || trees.has(sq)
        ? squareWords(sq, board[sq], trees.has(sq)) : t("{sq}: {what}", { sq, what: pieceWords(board[sq][0]) })))),
      ...hands,
      section(t("What you can play"), plays.length ? [t("Pick a pyramid's square with Enter, then the square to move it to; Escape steps back."), ...plays] : []),
    ],
  };
}
