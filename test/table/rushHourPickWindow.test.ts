/** Rush Hour's hand is offered only while the server will take a pick (issue 27 item 6). */
import { describe, expect, it } from 'vitest';
import { pickOpen } from '../../client/games/rush_hour/pickWindow.js';

const players = (picked: boolean[]) => picked.map((p, seat) => ({ seat, handCount: 10, picked: p, pile: [], points: 0, cardsTaken: 0 }));
const view = (phase: 'pick' | 'choose' | 'over', picked: boolean[]) => ({ phase, over: phase === 'over', players: players(picked) });

describe('the pick window', () => {
  it('is open while picking, to change a pick too, and shut while the revealed cards are placed', () => {
    expect(pickOpen(view('pick', [false, false, true]), 0, null)).toBe(true);
    expect(pickOpen(view('pick', [false, false, true]), 0, 12)).toBe(true); // seat 1 still picks: I may change mine
    expect(pickOpen(view('choose', [false, false, false]), 0, null)).toBe(false);
    expect(pickOpen(view('over', [false, false, false]), 0, null)).toBe(false);
    expect(pickOpen(view('pick', [false, false]), null, null)).toBe(false); // a spectator
  });

  it('shuts once my pick in flight is the last one missing: the server reveals on receiving it', () => {
    expect(pickOpen(view('pick', [false, true, true]), 0, 7)).toBe(false);
    // Not yet sent: the last pick is still mine to make.
    expect(pickOpen(view('pick', [false, true, true]), 0, null)).toBe(true);
  });
});
