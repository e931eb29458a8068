// The offline copy of menace.html on a static host: the service worker the page registers
// (for itself only) keeps the page, its manifest and its icons, so that after the first
// visit the page opens with no network. It answers from its copy at once and refreshes the
// copy in the background, so a new menace.html on the host arrives at the next visit.
// The page itself needs nothing else: the engine, the scripts and the five languages are
// inside menace.html.
"use strict";

// A new cache name when this list changes; the page's own updates need none.
const CACHE = "menace-v1";
const FILES = ["menace.html", "menace.webmanifest", "menace-icon.svg", "menace-192.png", "menace-512.png"];
const urls = () => FILES.map((f) => new URL(f, self.registration.scope.replace(/[^/]*$/, "")).href);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(urls())).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("menace-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  // The page's address may carry a query (?lang=hi): its copy is the page's.
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (!urls().includes(url.href)) return; // anything else goes to the network as usual
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const kept = await cache.match(url.href);
      const fresh = fetch(url.href, { cache: "no-cache" })
        .then((response) => {
          if (response.ok) cache.put(url.href, response.clone());
          return response;
        })
        .catch(() => null);
      if (kept) {
        event.waitUntil(fresh);
        return kept;
      }
      return (await fresh) || Response.error();
    }),
  );
});
