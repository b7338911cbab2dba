// The service worker of Web Push (static/js/push.js): shows the server's "your turn" push as a notification
// and opens (or focuses) the table when it is clicked. The payload: {title, body, table, url} (docs/API.md).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = {}; }
  const table = typeof data.table === "string" ? data.table : "";
  event.waitUntil(self.registration.showNotification(data.title || "Your turn", {
    body: data.body || "",
    tag: table ? `icehouse-${table}` : "icehouse",
    renotify: true,
    icon: "/static/img/favicon.svg",
    data: { url: tableUrl(data.url, table) },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/me";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
    const same = open.find((c) => c.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});

// Only this site's pages are opened: the table's link, or /t/<code> when the link points elsewhere.
function tableUrl(url, table) {
  try {
    const u = new URL(url, self.location.origin);
    if (u.origin === self.location.origin) return u.href;
  } catch { /* not a URL */ }
  return new URL(table ? `/t/${encodeURIComponent(table)}` : "/me", self.location.origin).href;
}
