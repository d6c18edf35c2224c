"use strict";
// The page's offline shell (issue 30): the page, its scripts, its style, the tiles and the list of variants are
// kept on the phone, so that a reload while the laptop cannot be reached still shows the page; scores, deals
// and games are the laptop's and never come from this copy (the page then says that saving needs the laptop).
// Browsers run a service worker only in a secure context: serve with --cert and --key, or on the laptop itself.
const CACHE = "mjscore-shell-4";
const TILES = ["m", "p", "s"].flatMap(s => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => n + s))
  .concat(["E", "S", "W", "N", "R", "G", "P", "1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y", "0m", "0p", "0s"]);
const SHELL = ["/", "/static/app.css", "/static/tiles.js", "/static/hand.js", "/static/handview.js", "/static/app.js", "/static/riichi.js", "/static/referee.js", "/static/riichi_sheet.js", "/static/riichi_ron.js",
               "/static/deal.js", "/static/sheet.js", "/static/sync.js", "/static/newgame.js", "/static/games.js", "/static/manifest.webmanifest",
               "/api/variants"].concat(TILES.map(t => `/static/tiles/${t}.svg`));

self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", e => {
  e.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// the copy kept, marked as such (the page then says the laptop cannot be reached)
async function kept(key) {
  const hit = await caches.match(key, {ignoreSearch: true});
  if (!hit) return Response.error();
  const headers = new Headers(hit.headers);
  headers.set("X-Mjscore-Offline", "1");
  return new Response(await hit.blob(), {status: hit.status, statusText: hit.statusText, headers: headers});
}

self.addEventListener("fetch", e => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  const key = req.mode === "navigate" ? "/" : url.pathname;
  if (!(req.mode === "navigate" || SHELL.includes(key))) return;  // the games: the laptop's only
  if (key.startsWith("/static/tiles/")) {  // tiles never change within a version: the copy first
    e.respondWith(caches.match(key).then(hit => hit || fetch(req)));
    return;
  }
  // the rest: the laptop's answer when it gives one (a new version is seen at once), else the copy
  e.respondWith(fetch(req).then(r => {
    if (r.ok) { const copy = r.clone(); caches.open(CACHE).then(c => c.put(key, copy)); }
    return r;
  }).catch(() => kept(key)));
});
