/** Tournament rules that need no server: table sizing, pairing, placement points, standings. */
export type { TournamentFormat, SeatRange, PlayerRoundResult } from './types.js';
export { planTables, type TablePlan } from './tables.js';
export { DEFAULT_PLACEMENT_POINTS, pointsBySize, pointsForPlaces, normalisePlaces, defaultByePoints } from './points.js';
export { computeStandings, lot, type Standing, type StandingPlayer } from './standings.js';
export { pairRound, advancers, type PairingInput, type Pairing } from './pairing.js';
