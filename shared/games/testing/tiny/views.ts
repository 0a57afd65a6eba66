/** What Tiny shows: the taps to everyone, each seat's secret to that seat only. */
import type { Seat } from '../../contract.js';
import { tinyOver, type TinyState } from './rules.js';

export interface TinyPublicView { phase: 'play' | 'over'; turn: Seat; taps: number[] }
export interface TinySeatView { seat: Seat; word: string; number: number }

export const tinyPublicView = (s: TinyState): TinyPublicView => ({ phase: tinyOver(s) ? 'over' : 'play', turn: s.turn, taps: s.taps });
export const tinySeatView = (s: TinyState, seat: Seat): TinySeatView => ({ seat, ...s.secrets[seat] });
