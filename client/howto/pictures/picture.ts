/**
 * A how-to-play illustration: drawn with the game's own piece helpers into local coordinates
 * (0..w, 0..h, CSS pixels), then turned into an image beside the text (snapshot.ts).
 * Pictures carry no words of their own, only the pieces' printed faces and symbols.
 */
import type Phaser from 'phaser';
import type { SectionId } from '../content.js';

export interface Picture {
  w: number;
  h: number;
  draw(scene: Phaser.Scene): Phaser.GameObjects.GameObject[];
}

/** The gallery's picture of a game, drawn into a container at 0, 0 (client/lobby/pictures.ts sizes it). */
export type GalleryDrawing = (scene: Phaser.Scene, c: Phaser.GameObjects.Container) => void;

/** What a game shows outside its table: the gallery's picture and the how-to pictures (client/games/registry.ts). */
export interface GameArt { gallery: GalleryDrawing; howto: GamePictures }

/** A game's pictures for one variant, by section. */
export type GamePictures = (variant: string) => Partial<Record<SectionId, Picture>>;
