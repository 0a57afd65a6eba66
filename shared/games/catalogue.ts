/**
 * Every game Junction serves, one line per game: its folder's meta.ts (id, title, variants, seat
 * range, options schema, the gallery's facts, its wire declaration, and where its rules are).
 * The client's first load imports this and no rules; the engines are loaded from it (registry.ts),
 * and so are the wires (wires.ts). Adding a game: its folder here, one line below, its renderer
 * folder and one line in client/games/registry.ts.
 */
import type { AnyGame } from './contract.js';
import type { WireDeclaration } from '../wire/declare.js';
import { railwayMadnessMeta } from './railway/meta.js';
import { rushHourMeta } from './rush_hour/meta.js';
import { bipBipMeta } from './bip_bip/meta.js';
import { carExchangeMeta } from './car_exchange/meta.js';
import { tookOverMeta } from './took_over/meta.js';
import { trafficMemoryMeta } from './traffic_memory/meta.js';
import { trafficTangoMeta } from './traffic_tango/meta.js';
import { testGames } from './testing/testGames.js';

/** What the gallery says about a game besides its pitch, from its rulebook (or our estimate). */
export interface GameFacts { players: [number, number]; minutes: [number, number]; age: number }

export interface GameMeta extends Pick<AnyGame, 'id' | 'title' | 'variants' | 'defaultVariant' | 'seatRange' | 'optionsSchema'> {
  facts: GameFacts;
  /** Typed by the game's views; the registries only pass views through. */
  wire: WireDeclaration<unknown, unknown>;
  /** The engine, loaded on demand (a chunk of its own on the client). */
  rules: () => Promise<AnyGame>;
}

export const catalogue: readonly GameMeta[] = [
  railwayMadnessMeta,
  carExchangeMeta,
  rushHourMeta,
  trafficMemoryMeta,
  tookOverMeta,
  trafficTangoMeta,
  bipBipMeta,
  ...testGames(),
];

export function findMeta(id: string): GameMeta | undefined {
  return catalogue.find((g) => g.id === id);
}
