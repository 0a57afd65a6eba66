/**
 * Every game object a player can tap or click right now registers here with a stable id
 * ("card-3", "train-1", "pass"). Renderers register only what the rules allow at this moment,
 * so the list is also what browser tests play from: `window.junctionTargets()` returns each
 * target's screen box and the tests tap its centre, as a finger would.
 */
import type Phaser from 'phaser';

export interface TapTarget { id: string; x: number; y: number; width: number; height: number }

type Boxed = Phaser.GameObjects.GameObject & { getBounds(): Phaser.Geom.Rectangle; visible?: boolean; active: boolean };

const targets = new Map<Boxed, string>();

export function markTarget(object: Boxed, id: string): void {
  targets.set(object, id);
  object.once('destroy', () => targets.delete(object));
}

export function unmarkTarget(object: Boxed): void {
  targets.delete(object);
}

/** Targets on screen now, in canvas pixels (the canvas fills the page from its top-left corner). */
export function currentTargets(): TapTarget[] {
  const list: TapTarget[] = [];
  for (const [object, id] of targets) {
    if (!object.active || object.visible === false || !object.input?.enabled) continue;
    const b = object.getBounds();
    list.push({ id, x: b.x, y: b.y, width: b.width, height: b.height });
  }
  return list;
}

(globalThis as unknown as { junctionTargets: () => TapTarget[] }).junctionTargets = currentTargets;
