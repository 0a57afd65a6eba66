/**
 * Rematch: after the result, the first request opens the same table again (same game, variant,
 * options, private or public; bots keep their seats and levels) and every human at the old table
 * is told its room id; later requests get the same room. The new table is opened by the server
 * (matchMaker.createRoom, placed like any new room) with the seating below, never from a client.
 */
import { z } from 'zod';

export const rematchSeatingSchema = z.object({
  bots: z.array(z.object({ seat: z.number().int().min(0).max(15), level: z.enum(['easy', 'hard']) })).max(16),
});
export type RematchSeating = z.infer<typeof rematchSeatingSchema>;

export interface RematchOffer { roomId: string; by: number }

export class Rematch {
  private opening: Promise<RematchOffer> | null = null;

  /**
   * The offer for this table's rematch: `open` runs once (a failed opening may be asked for again).
   * `first` is true for the request that opened it (the room then tells every human).
   */
  async request(seat: number, open: () => Promise<string>): Promise<{ offer: RematchOffer; first: boolean }> {
    if (this.opening) return { offer: await this.opening, first: false };
    const opening = open().then((roomId) => ({ roomId, by: seat }));
    this.opening = opening;
    try {
      return { offer: await opening, first: true };
    } catch (error) {
      this.opening = null;
      throw error;
    }
  }
}
