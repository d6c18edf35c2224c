"use strict";
// Tiles as the page names, draws and writes them, shared by every editor: the kinds and their order (a red five
// sorts where a 5 goes), what a screen reader says for a tile, its picture, and the notation of docs/notation.md
// read and written back (readTiles, writeTiles), and whether tiles make a finished set. Loaded before hand.js.

const SUITS = ["m", "p", "s"];
const HONOURS = ["E", "S", "W", "N", "R", "G", "P"];
const BONUS = ["1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y"];
const RED = ["0m", "0p", "0s"];  // riichi's red fives (docs/notation.md): a 5 to every shape, each a dora
// a red five sorts where a 5 goes, before the plain fives ("40556m", as the laptop prints a riichi hand back)
const KINDS = [].concat(...SUITS.map(s => [1, 2, 3, 4, 0, 5, 6, 7, 8, 9].map(n => n + s)), HONOURS);
const ORDER = Object.fromEntries(KINDS.concat(BONUS).map((t, i) => [t, i]));
const plain = t => (t[0] === "0" ? "5" + t[1] : t);  // a red five is a 5 to every shape

const SUIT_NAMES = {m: "characters", p: "dots", s: "bamboo"};
const HONOUR_NAMES = {E: "east wind", S: "south wind", W: "west wind", N: "north wind", R: "red dragon",
                      G: "green dragon", P: "white dragon"};
// what a screen reader says for a tile: "5 of dots", "red dragon", "flower 2"
function tileName(t) {
  if (t in HONOUR_NAMES) return HONOUR_NAMES[t];
  if (t[1] === "f") return "flower " + t[0];
  if (t[1] === "y") return "season " + t[0];
  if (t[0] === "0") return "red 5 of " + SUIT_NAMES[t[1]];
  return t[0] + " of " + SUIT_NAMES[t[1]];
}

function isBonus(t) { return t.length === 2 && (t[1] === "f" || t[1] === "y"); }
function suitOf(t) { return t.length === 2 ? t[1] : "z"; }

// `lazy`: fetched only once shown (a row the variant may never offer: riichi's red fives)
function tileImg(name, extra, lazy) {
  const img = document.createElement("img");
  if (lazy) img.loading = "lazy";
  img.src = "/static/tiles/" + name + ".svg";
  img.alt = tileName(name);
  img.className = "tile" + (extra ? " " + extra : "");
  img.dataset.tile = name;
  return img;
}

// "555p" "EEE" "1m2m" -> ["5p","5p","5p"], ...; null when the text is not plain tiles.
function readTiles(text) {
  const out = [];
  const re = /(\d+)([mpsfy])|([ESWNRGP])/gy;
  let m, at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    m = re.exec(text);
    if (!m) return null;
    if (m[3]) out.push(m[3]);
    else for (const d of m[1]) out.push(d + m[2]);
    at = re.lastIndex;
  }
  return out;
}

// Tiles of one group written compactly: suited tiles as digits + suit letter, honours as letters.
function writeTiles(tiles) {
  let out = "", run = "", runSuit = null;
  const flush = () => { if (run) out += run + runSuit; run = ""; runSuit = null; };
  for (const t of tiles) {
    if (t.length === 2) {
      if (runSuit !== t[1]) flush();
      runSuit = t[1]; run += t[0];
    } else { flush(); out += t; }
  }
  flush();
  return out;
}

// an exposed set as entered so far is finished: a pung, a kong or a chow (three tiles of a suit in a row)
function finishedSet(tiles) {
  tiles = tiles.map(plain);
  if (tiles.length === 4) return tiles.every(x => x === tiles[0]);
  if (tiles.length !== 3) return false;
  if (tiles.every(x => x === tiles[0])) return true;
  const s = tiles.slice().sort((a, b) => ORDER[a] - ORDER[b]);
  return s[0].length === 2 && "mps".includes(s[0][1]) && s.every(x => x[1] === s[0][1]) &&
    +s[1][0] === +s[0][0] + 1 && +s[2][0] === +s[0][0] + 2;
}

// the chow two taps on neighbouring tiles of a suit make: the one they begin (7-8-9 for an 8 and a 9); null for
// tiles that are not neighbours
function chowOf(a, b) {
  a = plain(a); b = plain(b);
  if (a.length !== 2 || b.length !== 2 || a[1] !== b[1] || !"mps".includes(a[1]) || Math.abs(+a[0] - +b[0]) !== 1) return null;
  const start = Math.min(7, Math.min(+a[0], +b[0]));
  return [0, 1, 2].map(i => (start + i) + a[1]);
}

// the chow a suit's 1 to 7 begins (a red five kept); null for an 8, a 9 or an honour
function runFrom(t) {
  const p = plain(t);
  if (p.length !== 2 || !"mps".includes(p[1]) || +p[0] > 7) return null;
  return [t, (+p[0] + 1) + p[1], (+p[0] + 2) + p[1]];
}

const LONG_PRESS_MS = 450;  // a touch held this long on a pad's tile is a kong
