/**
 * What each game gives the text view of its table (client/games/<game>/textView.ts): the table
 * as headed lists of sentences, read from the same typed views the renderer draws, and a label for
 * each move the renderer offers now (its tap targets, client/ui/tapTargets.ts). The moves
 * themselves are never computed here: a button sends exactly what a tap on the canvas sends.
 */
export interface TextReader {
  mySeat: number | null;
  /** "you" for my seat, else the player's name. */
  name(seat: number): string;
}

export interface TextSection { heading: string; lines: string[] }

export interface GameText<P = unknown, S = unknown> {
  summary(pub: P, mine: S | null, reader: TextReader): TextSection[];
  /**
   * The move a target stands for, or null to use the words the canvas button shows. `chosen`: the
   * targets pressed now among sets of choices (a sign kind), which a move's words may name.
   */
  move(id: string, pub: P, mine: S | null, reader: TextReader, chosen: readonly string[]): string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameText = GameText<any, any>;
