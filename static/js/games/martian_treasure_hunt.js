// Martian Treasure Hunt: the game's client module (docs/CLIENT.md). The board and its panels live in
// ./martian_treasure_hunt/; this file is the interface the shell and the admin replay load.
export { createBoard } from "./martian_treasure_hunt/board.js";
export { describeEvent, resultText } from "./martian_treasure_hunt/words.js";
export { drawReplay } from "./martian_treasure_hunt/replay.js";

// Nothing is toasted: lost turns have their own note under the dice, and every capture is in the log.
export const headlines = [];
