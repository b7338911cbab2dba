// core/api.js: a refusal from the server ({"detail", "code"}, docs/API.md) becomes an ApiError whose message
// is the sentence the player reads, shown by showError() as a toast.
import { document, flushFrames } from "../helpers/dom.mjs";
import { test, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { installClock } from "../helpers/clock.mjs";
import { api, get, post, ApiError, showError, toast } from "../../../static/js/core/api.js";

let requests, reply, fetchSaved;
const respond = (status, body, statusText = "") => {
  reply = async () => ({ ok: status >= 200 && status < 300, status, statusText,
    text: async () => (body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body)) });
};
beforeEach(() => {
  requests = [];
  fetchSaved = globalThis.fetch;
  globalThis.fetch = async (path, init) => { requests.push({ path, init }); return reply(); };
});
afterEach(() => { globalThis.fetch = fetchSaved; });

async function refusal(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail("the request did not fail");
}

test("a 409 with detail and code becomes an ApiError with the server's sentence and cause", async () => {
  respond(409, { detail: "Someone played first: the table has moved on.", code: "stale_seq" });
  const err = await refusal(post("/api/tables/ABCD/moves", { seq: 3, move: { cell: "0,0" } }));
  assert.ok(err instanceof ApiError);
  assert.ok(err instanceof Error);
  assert.equal(err.status, 409);
  assert.equal(err.code, "stale_seq");
  assert.equal(err.message, "Someone played first: the table has moved on.");
});

test("a 4xx without a code has code null", async () => {
  respond(404, { detail: "There is no table ZZZZ." });
  const err = await refusal(get("/api/tables/ZZZZ"));
  assert.equal(err.status, 404);
  assert.equal(err.code, null);
  assert.equal(err.message, "There is no table ZZZZ.");
});

test("FastAPI's validation list reads as field and message, joined", async () => {
  respond(422, { detail: [{ loc: ["body", "name"], msg: "String should have at most 40 characters" },
    { loc: ["body", "seats"], msg: "Field required" }, "odd"] });
  const err = await refusal(post("/api/tables", {}));
  assert.equal(err.message, "name String should have at most 40 characters; seats Field required; odd");
});

test("a detail that is neither text nor a list is shown as JSON", async () => {
  respond(400, { detail: { why: "x" } });
  assert.equal((await refusal(get("/api/x"))).message, '{"why":"x"}');
});

test("a failure without a JSON body says the status", async () => {
  respond(502, "<html>Bad Gateway</html>", "Bad Gateway");
  const err = await refusal(get("/api/games"));
  assert.equal(err.status, 502);
  assert.equal(err.code, null);
  assert.equal(err.message, "The server said 502 Bad Gateway.");
});

test("no answer at all is status 0 with a sentence", async () => {
  reply = async () => { throw new TypeError("Failed to fetch"); };
  const err = await refusal(get("/api/games"));
  assert.equal(err.status, 0);
  assert.equal(err.message, "Cannot reach the server. Check your connection and try again.");
});

test("success returns the JSON (null for an empty body); POST sends JSON with the cookie", async () => {
  respond(200, { code: "ABCD" });
  assert.deepEqual(await post("/api/tables", { game: "dash" }), { code: "ABCD" });
  const { path, init } = requests[0];
  assert.equal(path, "/api/tables");
  assert.equal(init.method, "POST");
  assert.equal(init.credentials, "same-origin");
  assert.equal(init.headers["Content-Type"], "application/json");
  assert.equal(init.body, '{"game":"dash"}');
  respond(204);
  assert.equal(await api("DELETE", "/api/tables/ABCD"), null);
  assert.equal(requests[1].init.body, undefined, "no body, no content type");
  assert.equal(requests[1].init.headers["Content-Type"], undefined);
});

test("showError shows the server's sentence as an error toast; at most two toasts at once", async () => {
  const clock = installClock();
  try {
    const box = document.createElement("div");
    box.id = "toasts";
    document.body.append(box);
    respond(403, { detail: "It is not your turn.", code: "not_your_turn" });
    showError(await refusal(post("/api/tables/ABCD/moves", {})));
    assert.equal(box.children.length, 1);
    assert.equal(box.children[0].textContent, "It is not your turn.");
    assert.equal(box.children[0].className, "toast error");
    showError("plain text");
    const stays = toast("Sent again in a moment", "info", 0);
    assert.equal(box.children.length, 2);
    assert.deepEqual(box.children.map((el) => el.textContent), ["plain text", "Sent again in a moment"]);
    toast("newest");
    assert.ok(box.children.includes(stays), "a toast its caller removes is the last to make room");
    assert.ok(box.children.at(-1).textContent === "newest");
    flushFrames();
    clock.tick(6000);
    assert.deepEqual(box.children, [stays], "timed toasts go; the staying one stays");
    box.remove();
  } finally {
    clock.restore();
  }
});
