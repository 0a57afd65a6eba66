/**
 * Every game's wire declaration (shared/games/<game>/wire.ts), from the catalogue: the server
 * derives its schema classes and mirror from it (server/state/mirrors.ts), clients their reader
 * (shared/wire/registry.ts). Read from the catalogue, not the engines, so a client loads no rules.
 */
import type { WireDeclaration } from '../wire/declare.js';
import { catalogue } from './catalogue.js';

export const wires: WireDeclaration<unknown, unknown>[] = catalogue.map((meta) => meta.wire);
