/** The table frame's pure parts: the one clock's label, reading keyed messages, the move log. */
import { describe, expect, it } from 'vitest';
import { clockLabel, secondsLeft } from '../../client/table/clockLabel.js';
import { readFinal, readPublicLog, said } from '../../client/table/wire.js';
import { MoveLog } from '../../client/table/moveLog.js';
import { frameMode } from '../../client/table/layout.js';

const base = { game: 'took_over', phase: 'playing', deadline: 0, autoStartAt: 0, active: [] as number[], mySeat: 0, now: 1_000 };

describe('the frame clock', () => {
  it('names its purpose: my turn, someone else\'s, several seats, a reveal, the bots filling seats', () => {
    expect(clockLabel({ ...base, active: [0], deadline: 13_000 })).toEqual({ msg: { key: 'common:clock.your_turn', params: { s: 12 } }, mine: true });
    expect(clockLabel({ ...base, active: [1], deadline: 9_000 })).toEqual({ msg: { key: 'common:clock.their_turn', params: { s: 8 } }, mine: false, names: [1] });
    expect(clockLabel({ ...base, active: [1, 2] })).toEqual({ msg: { key: 'common:clock.waiting_for_open', params: {} }, mine: false, names: [1, 2] });
    expect(clockLabel({ ...base, game: 'rush_hour', deadline: 4_000 })?.msg).toEqual({ key: 'common:clock.reveal', params: { s: 3 } });
    expect(clockLabel({ ...base, phase: 'waiting', autoStartAt: 21_000 })?.msg).toEqual({ key: 'common:clock.bots_fill', params: { s: 20 } });
    expect(clockLabel({ ...base, phase: 'waiting' })?.msg.key).toBe('common:clock.waiting_players');
    // A tournament table waiting for its registrants: one countdown and who is missing.
    expect(clockLabel({ ...base, phase: 'waiting', checkIn: { deadline: 46_000, waitingFor: [0, 2] } })).toEqual({ msg: { key: 'common:clock.check_in', params: { s: 45 } }, mine: false, names: [0, 2] });
    expect(clockLabel({ ...base, mySeat: null, active: [0], deadline: 5_000 })?.mine).toBe(false);
    expect(clockLabel(base)).toBeNull();
  });

  it('names whose turn it is, not a seat waited on for something else (Took Over!\'s taker)', () => {
    // The bot (seat 1) is to play; I (seat 0) may take over: the banner is the bot's turn, not mine.
    expect(clockLabel({ ...base, active: [1, 0], cued: [0], deadline: 12_000 })).toEqual({ msg: { key: 'common:clock.their_turn', params: { s: 11 } }, mine: false, names: [1] });
    expect(clockLabel({ ...base, active: [0, 1], cued: [1], deadline: 12_000 })?.mine).toBe(true);
    // Anyone may take over: every other seat is cued.
    expect(clockLabel({ ...base, active: [0, 1, 2], cued: [0, 1], deadline: 12_000 })?.names).toEqual([2]);
  });

  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(1_001, 0)).toBe(2);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });
});

describe('reading keyed messages', () => {
  it('takes a Msg or a refusal/event carrying one; English sentences are not read', () => {
    expect(said({ code: 'x', msg: { key: 'server:error.full' } })).toEqual({ key: 'server:error.full' });
    expect(said({ code: 'x', key: 'took_over:error.not_your_turn', params: { seat: '@1' } })).toEqual({ key: 'took_over:error.not_your_turn', params: { seat: '@1' } });
    expect(said({ type: 'pick', msg: { key: 'rush_hour:event.my_pick', params: { card: 4 } } })).toEqual({ key: 'rush_hour:event.my_pick', params: { card: 4 } });
    expect(said({ code: 'x', message: 'Every seat is taken.' })).toBeNull();
    expect(said({ type: 'flip', text: 'Seat 1 flips' })).toBeNull();
    expect(said('Seat 1 wins')).toBeNull();
    expect(said(42)).toBeNull();
  });

  it('reads the public log from the decoded entries, oldest first', () => {
    expect(readPublicLog([{ n: 6, msg: { key: 'k:d' } }, { n: 5, msg: { key: 'k:c', params: { count: 2 } } }]))
      .toEqual([{ n: 5, said: { key: 'k:c', params: { count: 2 } } }, { n: 6, said: { key: 'k:d' } }]);
  });
});

describe('the final standing', () => {
  it('reads places and scores, with the summary as a Msg from its key and wire params', () => {
    const seats = [{ seat: 1, place: 1, score: 4 }, { seat: 0, place: 2, score: 0 }];
    expect(readFinal({ result: { seats, summary: 'traffic_memory:summary.win', summaryParams: new Map([['seat', '@1'], ['count', '#4']]) } }))
      .toEqual({ seats, summary: { key: 'traffic_memory:summary.win', params: { seat: '@1', count: 4 } } });
    expect(readFinal({})).toBeNull();
    expect(readFinal({ result: { seats: [], summary: '', summaryParams: new Map() } })).toBeNull();
  });
});

describe('the move log', () => {
  it('adds each public entry once, keeps private events in arrival order', () => {
    const log = new MoveLog();
    expect(log.syncPublic([{ n: 1, said: { key: 'a' } }])).toBe(true);
    log.add({ key: 'mine' }, true);
    expect(log.syncPublic([{ n: 1, said: { key: 'a' } }, { n: 2, said: { key: 'b' } }])).toBe(true);
    expect(log.syncPublic([{ n: 2, said: { key: 'b' } }])).toBe(false);
    expect(log.all().map((l) => ('key' in l.said ? l.said.key : '') + (l.private ? '*' : ''))).toEqual(['a', 'mine*', 'b']);
  });
});

describe('frame modes', () => {
  it('desktop gets the side column, phones the compact frame', () => {
    expect(frameMode(1280, 800)).toBe('wide');
    expect(frameMode(390, 844)).toBe('portrait');
    expect(frameMode(844, 390)).toBe('landscape');
  });
});

describe('keyboard hints on a touch screen', () => {
  it('leaves out "(T)", "(P)" from labels and hints, in English and French', async () => {
    const { keyHinted } = await import('../../client/ui/keyHints.js');
    expect(keyHinted('Pass (P)', true)).toBe('Pass');
    expect(keyHinted('Dépassement ! (T)', true)).toBe('Dépassement !');
    expect(keyHinted('Vous tenez une carte : prenez-la (T) ou reposez-la (R).', true)).toBe('Vous tenez une carte : prenez-la ou reposez-la.');
    expect(keyHinted('Pass (P)', false)).toBe('Pass (P)');
    // Every table text keeps its meaning without its hints: no bracketed key is left behind.
    const { readFileSync, readdirSync } = await import('node:fs');
    for (const lang of ['en', 'fr']) {
      for (const file of readdirSync(`client/i18n/locales/${lang}`).filter((f) => f.startsWith('table_'))) {
        const texts = JSON.stringify(JSON.parse(readFileSync(`client/i18n/locales/${lang}/${file}`, 'utf8')));
        expect(keyHinted(texts, true), `${lang}/${file}`).not.toMatch(/\((?:[A-Z])\)/);
      }
    }
  });
});
