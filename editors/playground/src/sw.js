// The playground offline: every file of the page is kept on first load and served from the
// cache after, fetched again in the background so that a new build takes over next time.
const CACHE = "kibitzer-playground";
const FILES = ["./", "index.html", "main.js", "worker.js", "kibitzer.wasm", "preview.css", "playground.css", "icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      const fresh = fetch(event.request)
        .then((response) => {
          if (response.ok) {
            cache.put(event.request, response.clone());
          }
          return response;
        })
        .catch(() => cached);
      return cached ?? fresh;
    }),
  );
});
