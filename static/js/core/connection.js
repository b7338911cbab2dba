// The table's WebSocket: reconnects with exponential backoff, and keeps the client in step by `seq`.
// On every (re)connect the server sends a fresh "state"; after a reconnect we also ask for the steps we
// missed (`sync` since our last seq) so the event log has no holes. An "update" whose seq skips ahead
// means we lost a message: we ask for a sync instead of applying it.
// Close codes: 1012 (service restart) and 1001 (going away) mean this server instance is stopping: we come
// back at a random moment within RESTART_SPREAD_MS (the others take us; spread out, not all at once).
// 1013 (try again later: the server's database is down) and anything else: exponential back-off with
// jitter. 4400-4499: the server refuses this table for good.
import { t } from "./i18n.js";
const PING_MS = 25000;
const MAX_BACKOFF_MS = 8000;
const RESTART_SPREAD_MS = [250, 3000];

export class Connection {
  constructor(path, { onMessage, onStatus }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.attempts = 0;
    this.lastSeq = null;    // the newest seq we have applied
    this.everOpen = false;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.syncing = false;
    window.addEventListener("online", () => this.reconnectNow());
    // The server announces a turn on the seat's channels (webhook, ntfy, push) only while no page of the
    // seat is visible at the table: tell it when this page is hidden or shown (and after each connect).
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && !this.isOpen()) this.reconnectNow();
      else this.send({ type: "visibility", visible: !document.hidden });
    });
  }

  url(since) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = since != null ? `?since=${since}` : "";
    return `${proto}//${location.host}${this.path}${q}`;
  }

  isOpen() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }

  // Used after joining a seat: the socket must re-authenticate with the new identity.
  restart() {
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      old.onclose = null;
      old.close(1000);
    }
    clearTimeout(this.timer);
    this.attempts = 0;
    this.open();
  }

  reconnectNow() {
    if (this.stopped || this.isOpen() || (this.ws && this.ws.readyState === WebSocket.CONNECTING)) return;
    clearTimeout(this.timer);
    this.attempts = 0;
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    this.onStatus(this.everOpen ? "reconnecting" : "connecting");
    let ws;
    // After a reconnect, the server answers state + the steps we missed (since=lastSeq).
    const since = this.everOpen && this.lastSeq != null ? this.lastSeq : null;
    if (since != null) this.markSyncing();
    try {
      ws = new WebSocket(this.url(since));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.everOpen = true;
      this.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
      if (document.hidden) this.send({ type: "visibility", visible: false });  // a new socket counts as shown
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.receive(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      this.syncing = false;
      if (this.stopped) return;
      if (ev.code >= 4400 && ev.code < 4500) {  // the server refuses this table for good
        this.onStatus("closed", ev.reason || t("The server closed the connection."));
        return;
      }
      if (ev.code === 1012 || ev.code === 1001) {  // this instance is restarting: another one takes us
        this.attempts = 0;
        this.scheduleReconnect(RESTART_SPREAD_MS[0] + Math.random() * (RESTART_SPREAD_MS[1] - RESTART_SPREAD_MS[0]));
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleReconnect(after = null) {
    const base = Math.min(MAX_BACKOFF_MS, 400 * 2 ** this.attempts);
    const delay = Math.round(after != null ? after : base * (0.75 + Math.random() * 0.5));
    this.attempts += 1;
    this.onStatus("down", delay);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  requestSync() {
    if (this.lastSeq == null) return;
    this.markSyncing();
    this.send({ type: "sync", since: this.lastSeq });
  }

  // While a sync is on its way, gaps are not reported again; give up waiting after a few seconds.
  markSyncing() {
    this.syncing = true;
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => { this.syncing = false; }, 5000);
  }

  // A table state that came another way (a REST answer): the cursor only moves forward.
  saw(seq) {
    if (typeof seq === "number" && (this.lastSeq == null || seq > this.lastSeq)) this.lastSeq = seq;
  }

  receive(msg) {
    const seqOf = (m) => (m && m.state && typeof m.state.seq === "number") ? m.state.seq : null;
    if (msg.type === "state") {
      if (typeof msg.seq === "number") this.lastSeq = msg.seq;
    } else if (msg.type === "sync") {
      this.syncing = false;
      const s = seqOf(msg);
      if (s != null) this.lastSeq = s;
    } else if (msg.type === "update") {
      if (this.lastSeq != null && msg.seq <= this.lastSeq) return;          // already have it
      if (this.lastSeq != null && msg.seq > this.lastSeq + 1) {             // we missed one
        if (!this.syncing) this.requestSync();
        return;
      }
      this.lastSeq = msg.seq;
    }
    this.onMessage(msg);
  }

  send(obj) {
    if (!this.isOpen()) return false;
    try {
      this.ws.send(JSON.stringify(obj));
      return true;
    } catch {
      return false;
    }
  }
}
