// The says the server sends (app/tables/says.py, tests/api/test_says.py), with names that would break a
// sentence read back by its shape: "Al and Bo", "{x}", "<b>". Shared by say*.test.mjs, one language each.
export const AL = "Al and Bo", X = "{x}", B = "<b>";
const seat = (n) => ({ id: "Seat {n}", params: { n } });
const move = (n) => ({ id: "move {n}", params: { n } });
const moves = (from, to) => ({ id: "moves {from} to {to}", params: { from, to } });

export const SAYS = {
  standsIn: { id: "{name}'s time ran out: the bot plays for {name} until {name} comes back to the table.", params: { name: AL } },
  turn: { id: "{name}'s time ran out ({n} of {of}): the bot plays this turn for {name}.", params: { name: X, n: 1, of: 3 } },
  forfeits: { id: "{name}'s time ran out ({n} turn): {name} forfeits.", plural: "{name}'s time ran out ({n} turns): {name} forfeits.", params: { name: B, n: 2 } },
  forfeited: { id: "{name} forfeited: {n} turn ran out of time", plural: "{name} forfeited: {n} turns ran out of time", params: { name: AL, n: 1 } },
  back: { id: "{name} is back: the bot no longer plays for {name}.", params: { name: X } },
  played: { id: "Played by the bot for {name}: time ran out.", params: { name: seat(2) } },
  proposed: { id: "{name} proposes a pause until {day}: {reason}", params: { name: AL, day: "2026-12-24", reason: "away: {x}" } },
  refusedPause: { id: "{name} refused the pause.", params: { name: B } },
  asked: { id: "{name} asks to take back {moves}.", params: { name: AL, moves: move(7) } },
  askedMany: { id: "{name} asks to take back {moves}.", params: { name: X, moves: moves(7, 9) } },
  refused: { id: "{name} refused {asker}'s takeback.", params: { name: B, asker: AL } },
  takenBack: { id: "Taken back: {moves} (asked by {name}).", params: { name: AL, moves: moves(3, 4) } },
  hint: { id: "{name} asked for a hint (hint {n} at this table)", params: { name: AL, n: 3 } },
  nudge: { id: "{by} nudged {names}", params: { by: X, names: [AL, B, seat(1)] } },
  // a channel's last delivery: refused, a host name that looks like markup
  delivery: { id: "refused: {why}", params: { why: { id: "{host} resolves to a private or local address", params: { host: "<b>.example" } } } },
};
