// The service worker (`/sw.js`), a Swift string so that grock stays one static binary with nothing to
// install beside it (WebPage.swift says why not SwiftPM resources); served byte for byte.
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
