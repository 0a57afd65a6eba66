/**
 * What one player of a tournament may see about themself (GET /api/tournaments/:id/me and the
 * player's live stream /:id/me/events): their seat id, check-in, their table in the current round
 * with its room id ("your table is ready"), a bye, their standing. It holds the seat id, so it
 * only ever goes to the holder of that player's token.
 */
import type { TournamentView } from './service.js';
import { publicPlayerId } from './publicIds.js';

export type PlayerView = ReturnType<ReturnType<typeof playerViews>>;

/** From one read of the tournament, the view of each of its players (null: not registered). */
export function playerViews(view: TournamentView) {
  const t = view.tournament;
  const round = view.rounds.find((r) => r.number === t.currentRound);
  const byes = new Set(round?.byes ?? []);
  const tableOf = new Map(round?.tables.flatMap((x) => x.seats.map((s) => [s.playerId, x] as const)) ?? []);
  const standingOf = new Map(view.standings.map((s) => [s.playerId, s]));
  const registrationOf = new Map(view.players.map((p) => [p.playerId, p]));
  const noShow = new Set(view.noShows.map((n) => `${n.tableId} ${n.playerId}`));
  return (playerId: string) => {
    const reg = registrationOf.get(playerId);
    if (!reg) return null;
    const mine = tableOf.get(playerId) ?? null;
    const standing = standingOf.get(playerId) ?? null;
    const roomId = mine?.roomId ?? null;
    return {
      playerId: publicPlayerId(playerId), seatId: playerId, name: reg.name,
      checkedIn: reg.checkedInAt !== null, dropped: reg.droppedAt !== null, eliminatedRound: reg.eliminatedRound,
      status: t.status, round: t.currentRound, bye: byes.has(playerId),
      table: mine && {
        id: mine.id, number: mine.number, roomId, status: mine.status,
        ready: mine.status === 'playing' && roomId !== null,
        /** This player had not sat down when the table's check-in closed. */
        noShow: noShow.has(`${mine.id} ${playerId}`),
        seats: mine.seats.map((s) => ({ playerId: publicPlayerId(s.playerId), name: s.name })),
      },
      standing: standing && { ...standing, playerId: publicPlayerId(playerId) },
    };
  };
}
