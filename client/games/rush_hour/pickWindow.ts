/**
 * Whether a hand card may be picked now, as the server will judge it when the tap arrives: only
 * while picking, and not once my pending pick is the last one missing (the server reveals at once
 * on receiving it, so a change sent after it would be refused with `not_picking`).
 */
import type { RushHourPublicView } from '../../../shared/games/rush_hour/views.js';

export function pickOpen(view: Pick<RushHourPublicView, 'phase' | 'over' | 'players'>, mySeat: number | null, pendingPick: number | null): boolean {
  if (view.phase !== 'pick' || view.over || mySeat === null) return false;
  const othersPicked = view.players.every((p) => p.seat === mySeat || p.picked);
  return !(pendingPick !== null && othersPicked);
}
