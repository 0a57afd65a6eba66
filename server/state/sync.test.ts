/** syncValues / syncItems: the list ends equal to the values, and only what differs goes on the wire. */
import { describe, expect, it } from 'vitest';
import { ArraySchema, Decoder, Encoder, Schema, type } from '@colyseus/schema';
import { syncItems, syncValues } from './sync.js';

class Item extends Schema {
  @type('uint8') n = 0;
  @type(['uint8']) list = new ArraySchema<number>();
}

class Root extends Schema {
  @type(['int8']) values = new ArraySchema<number>();
  @type([Item]) items = new ArraySchema<Item>();
}

function setup() {
  const root = new Root();
  const encoder = new Encoder(root);
  const decoder = new Decoder(new Root());
  const send = (): number => {
    const bytes = encoder.encode({ offset: 0 });
    decoder.decode(bytes);
    const length = bytes.length;
    encoder.discardChanges();
    return length;
  };
  decoder.decode(encoder.encodeAll());
  encoder.discardChanges();
  return { root, send, decoded: () => decoder.state };
}

describe('syncValues', () => {
  it('grows, changes and shrinks a list to the given values', () => {
    const { root, send, decoded } = setup();
    for (const values of [[1, 2, 3], [1, 5, 3, 4, 6], [7], [], [-1, -2]]) {
      syncValues(root.values, values);
      send();
      expect([...decoded().values]).toEqual(values);
    }
  });

  it('sends nothing when nothing differs, and one small change for one changed index', () => {
    const { root, send } = setup();
    const values = Array.from({ length: 54 }, (_, i) => i % 50);
    syncValues(root.values, values);
    const whole = send();
    syncValues(root.values, [...values]);
    expect(send()).toBe(0);
    values[20] = -2;
    syncValues(root.values, values);
    const one = send();
    expect(one).toBeGreaterThan(0);
    expect(one * 10).toBeLessThan(whole);
  });
});

describe('syncItems', () => {
  it('rewrites existing items in place, adds and removes at the end, and tells about each added item', () => {
    const { root, send, decoded } = setup();
    const added: Item[] = [];
    const write = (item: Item, v: { n: number; list: number[] }) => { item.n = v.n; syncValues(item.list, v.list); };
    syncItems(root.items, [{ n: 1, list: [1] }, { n: 2, list: [] }], () => new Item(), write, (item) => added.push(item));
    send();
    const first = root.items[0];
    syncItems(root.items, [{ n: 3, list: [1, 2] }, { n: 2, list: [] }, { n: 4, list: [4] }], () => new Item(), write, (item) => added.push(item));
    send();
    expect(root.items[0]).toBe(first);
    expect(added).toHaveLength(3);
    expect(decoded().items.map((i) => ({ n: i.n, list: [...i.list] }))).toEqual([{ n: 3, list: [1, 2] }, { n: 2, list: [] }, { n: 4, list: [4] }]);
    syncItems(root.items, [{ n: 3, list: [1, 2] }], () => new Item(), write);
    send();
    expect(decoded().items.length).toBe(1);
  });
});
