import { rushHourGame as game } from './shared/games/rush_hour/index.js';
import { rushHourOptions } from './shared/games/rush_hour/options.js';
import { Rng } from './shared/random.js';
let easy = 0, hard = 0;
const N = Number(process.env.N ?? 200);
for (let seed = 1; seed <= N; seed++) {
  const o = rushHourOptions.parse({ players: 4 });
  let s = game.setup(o, 4, seed, 0); let now = 0; const rng = new Rng(seed);
  const lvl = (k: number) => ((k + seed) % 2 === 0 ? 'hard' : 'easy') as 'hard' | 'easy';
  while (!s.over) {
    const seat = [0, 1, 2, 3].find((k) => game.bot(s, k, lvl(k), rng.state, now));
    if (seat === undefined) { now = game.nextDeadline(s) ?? now; const r = game.advance(s, now); if (r.ok) s = r.state; continue; }
    const m = game.bot(s, seat, lvl(seat), rng.state, now); rng.next();
    const r = game.apply(s, seat, m!.action, now); if (!r.ok) throw new Error(r.error.message); s = r.state;
  }
  const pts = game.publicView(s, now).players.map((p) => p.points);
  pts.forEach((p, k) => { if (lvl(k) === 'hard') hard += p; else easy += p; });
}
console.log('hard', hard / N / 2, 'easy', easy / N / 2);
