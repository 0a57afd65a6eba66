import { describe, expect, it } from 'vitest';
import { PatchReader, type Views } from '../../client/table/patch.js';
import type { LogEntry } from '../../shared/wire/table.js';
import { railwayHappenings } from '../../client/games/railway/happened.js';
import { happenedFromEvent, happenedFromMsg } from '../../client/games/happened.js';
import { carParams } from '../../shared/games/railway/cards.js';
import { msg, seatRef } from '../../shared/i18n/msg.js';

/** A table as the connection decodes it: views rebuilt on every call, as readTableViews does. */
function table() {
  const source = { version: 1, decoded: 0, log: [] as LogEntry[] };
  const reader = new PatchReader({
    views: (): Views => { source.decoded++; return { publicView: { version: source.version }, seatView: null }; },
    log: () => source.log,
    viewsStamp: () => String(source.version),
  });
  return { source, reader };
}

describe('one patch, read once', () => {
  it('decodes the views once per patch, and keeps the same objects while the version stands', () => {
    const { source, reader } = table();
    const first = reader.read().views;
    reader.read();
    expect(source.decoded).toBe(1);
    reader.changed(); // a patch about something else (a player's connection)
    expect(reader.read().views).toBe(first);
    expect(source.decoded).toBe(1);
    source.version = 2;
    reader.changed();
    expect(reader.read().views).not.toBe(first);
    expect(source.decoded).toBe(2);
  });

  it('hands out each new log entry once, and no history on the first read', () => {
    const { source, reader } = table();
    source.log = [{ n: 1, msg: msg('railway_madness:event.release', { seat: seatRef(0) }) }];
    expect(reader.takeEvents()).toEqual([]);
    source.log = [...source.log, { n: 2, msg: msg('railway_madness:event.take', { seat: seatRef(1), ...carParams({ type: 'tank', colour: 'red', wheels: 2 }) }) }];
    reader.changed();
    reader.heardPrivately([{ type: 'pick', msg: msg('rush_hour:event.my_pick', { card: 4 }) }]);
    expect(reader.takeEvents().map((e) => e.type)).toEqual(['take', 'pick']);
    expect(reader.takeEvents()).toEqual([]);
  });
});

describe('Railway Madness events', () => {
  const tank = { type: 'tank', colour: 'red', wheels: 2 } as const;
  it('reads who took or turned which car from the log, and the slot where the journal has it', () => {
    const live = [
      happenedFromMsg(msg('railway_madness:event.flip', { seat: seatRef(2), ...carParams(tank) })),
      happenedFromMsg(msg('railway_madness:event.take', { seat: seatRef(0), ...carParams(tank) })),
      happenedFromMsg(msg('railway_madness:event.release_auto', { seat: seatRef(1), count: 3 })),
      happenedFromMsg(msg('railway_madness:event.end_time')),
    ];
    expect(railwayHappenings(live)).toEqual([
      { type: 'flip', seat: 2, car: tank, slot: null },
      { type: 'take', seat: 0, car: tank },
      { type: 'release', seat: 1 },
    ]);
    const journal = happenedFromEvent({ type: 'flip', seat: 2, slot: 17, msg: msg('railway_madness:event.flip', { seat: seatRef(2), ...carParams(tank) }) });
    expect(railwayHappenings([journal])).toEqual([{ type: 'flip', seat: 2, car: tank, slot: 17 }]);
  });
});
