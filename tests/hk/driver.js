// The hk-mahjong library (npm, pinned in package.json) as tests/test_hk_reference.py asks it: one JSON hand a
// line on standard input ({tiles: [...], melds: [[...], ...], config: {...}}, tiles as Unicode mahjong
// characters), one JSON line out per hand: every winning arrangement the library finds, each with its Faan
// value ('∞' for a limit hand) and its details, scored by FaanCalculator.calculate with the hand's config.
'use strict';
const readline = require('readline');
const { Tile, Meld, Hand, FaanCalculator } = require('hk-mahjong');

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const q = JSON.parse(line);
  let out;
  try {
    const tiles = q.tiles.map((c) => new Tile(c));
    const melds = q.melds.map((m) => new Meld(m.map((c) => new Tile(c))));
    const hand = new Hand({ tiles, melds });
    const perms = hand.findAllWinningPermutations().map((w) => {
      const r = FaanCalculator.calculate(w, q.config);
      return { melds: w.getMelds().map((m) => m.toString()), value: r.value, details: r.details };
    });
    out = { perms };
  } catch (e) {
    out = { error: String(e && e.message ? e.message : e) };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
});
