/**
 * Which frame the screen gets: a side column of players and an open move log on a desktop or
 * tablet in landscape; on a phone a compact player strip (top in portrait, narrow column in
 * landscape) and the log behind a button, so the game keeps most of the screen.
 */
export type FrameMode = 'wide' | 'portrait' | 'landscape';

export function frameMode(width: number, height: number): FrameMode {
  if (width >= 900 && height >= 560) return 'wide';
  return width > height ? 'landscape' : 'portrait';
}
