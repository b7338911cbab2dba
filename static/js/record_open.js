// "Open a game record" (docs/GAME-RECORD.md): a file picker whose chosen file is posted to POST /api/records;
// the server checks it against the schema and replays it with the game's engine, then its replay opens. Its
// words come from the page (data-opening, data-not-json on the input, said in the page's language); the
// server's refusal (a field or a move named) is shown as it says it, in the reader's language.
import { api } from "./core/api.js";

for (const input of document.querySelectorAll("input[type=file][data-record-open]")) {
  const status = document.getElementById(input.dataset.status || "");
  const say = (text) => { if (status) status.textContent = text; };
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    say(input.dataset.opening || "");
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      say(input.dataset.notJson || "");
      return;
    }
    try {
      const opened = await api("POST", "/api/records", record);
      location.assign(opened.url);
    } catch (err) {
      say(err.message);
    }
  });
}
