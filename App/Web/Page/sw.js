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