// The games' client modules, loaded once each from the URL their declaration names (the server's
// "client": docs/CLIENT.md). This file knows no game: a page asks for the module a game's data names and
// reads what it offers (a picture, a deal's words); a module that fails to load is null, and the page
// words it generically.
const modules = new Map();

export function loadGame(client) {
  if (!client) return Promise.resolve(null);
  if (!modules.has(client)) modules.set(client, import(client).catch(() => null));
  return modules.get(client);
}
