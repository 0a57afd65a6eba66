/**
 * Every migration, in order, as code (no directory scanning: works the same from tsx, a bundle or
 * a test). Add a migration: a new file `NNN_what.ts` with `up`/`down`, one line here. Never edit
 * one that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.js';
import * as m002 from './002_players.js';
import * as m004 from './004_seats.js';
import * as m005 from './005_journal.js';
import * as m006 from './006_tournament_grace.js';
import * as m007 from './007_guests.js';
import * as m003 from './003_outbox.js';
import * as m008 from './008_social.js';
import * as m008t from './008_turn_based.js';
import * as m009 from './009_session_tournament.js';
import * as m012push from './012_push.js';
import * as m012codes from './012_sleeping_codes.js';
import * as m011f from './011_friends.js';
import * as m013pushKinds from './013_push_kinds.js';
import * as m013q from './013_filling_queue.js';

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_players': m002,
  '004_seats': m004,
  '005_journal': m005,
  '006_tournament_grace': m006,
  '007_guests': m007,
  '003_outbox': m003,
  '008_social': m008,
  '008_turn_based': m008t,
  '009_session_tournament': m009,
  '012_push': m012push,
  '012_sleeping_codes': m012codes,
  '011_friends': m011f,
  '013_push_kinds': m013pushKinds,
  '013_filling_queue': m013q,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
