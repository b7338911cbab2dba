// Turning Points: the game's client module (docs/CLIENT.md). The board, its panels and the chain player
// live in ./turning_points/; this file is the interface the shell and the admin replay load.
export { createBoard } from "./turning_points/board.js";
export { describeEvent, resultText } from "./turning_points/words.js";
export { drawReplay } from "./turning_points/replay.js";

// Nothing is toasted: every move's chain plays on the board and is counted in the log.
export const headlines = [];
