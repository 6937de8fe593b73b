// The service worker (`/sw.js`), served byte for byte. Compiled in as a Swift string, not a
// SwiftPM resource: on Linux a resource lives in a bundle folder that must sit beside the binary,
// and the generated `Bundle.module` traps when it is missing, so a `grock` copied alone would stop
// at its first page (WebPage.swift).
extension WebPage {
    /// The service worker: keeps the page's three files, so that the page opens in the store
    /// when the laptop cannot be reached.
    static let serviceWorker = """
    'use strict';
    const shell = ['/', '/app.js', '/app.css'];
    self.addEventListener('install', (event) => event.waitUntil(caches.open('grock').then((cache) => cache.addAll(shell)).then(() => self.skipWaiting())));
    self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
    self.addEventListener('fetch', (event) => {
      const url = new URL(event.request.url);
      if (event.request.method !== 'GET' || !shell.includes(url.pathname) || url.search) return;
      // The page itself: fresh when the laptop answers, from the cache when it does not.
      event.respondWith(fetch(event.request).then((response) => {
        const copy = response.clone();
        if (response.ok) caches.open('grock').then((cache) => cache.put(event.request, copy));
        return response;
      }).catch(() => caches.match(event.request)));
    });
    """
}
