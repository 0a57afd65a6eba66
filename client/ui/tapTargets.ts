/**
 * Every game object a player can tap or click right now registers here with a stable id
 * ("card-3", "train-1", "pass"). Renderers register only what the rules allow at this moment,
 * so the list is also what browser tests play from: `window.junctionTargets()` returns each
 * target's screen box and the tests tap its centre, as a finger would.
 *
 * A target that is one of a set of choices (a sign kind, a mode) also says whether it is the one
 * chosen now; the chosen one stays registered even when tapping it again does nothing, so the text
 * view can show it pressed (client/table/textView). Only live targets are tappable.
 */
import type Phaser from 'phaser';

export interface TapTarget { id: string; x: number; y: number; width: number; height: number }

type Boxed = Phaser.GameObjects.GameObject & { getBounds(): Phaser.Geom.Rectangle; visible?: boolean; active: boolean };

/** `pressed` is set only for a choice among several (true: the chosen one). */
interface Mark { id: string; pressed?: boolean }

const targets = new Map<Boxed, Mark>();

export function markTarget(object: Boxed, id: string, pressed?: boolean): void {
  if (!targets.has(object)) object.once('destroy', () => targets.delete(object));
  targets.set(object, pressed === undefined ? { id } : { id, pressed });
}

export function unmarkTarget(object: Boxed): void {
  targets.delete(object);
}

/** Targets on screen now, in canvas pixels (the canvas fills the page from its top-left corner). */
export function currentTargets(): TapTarget[] {
  const list: TapTarget[] = [];
  for (const [object, { id }] of targets) {
    if (!isLive(object)) continue;
    const b = object.getBounds();
    list.push({ id, x: b.x, y: b.y, width: b.width, height: b.height });
  }
  return list;
}

const isLive = (o: Boxed): boolean => o.active && o.visible !== false && Boolean(o.input?.enabled);

/** What the player may do now, in drawing order: every live target, and the chosen one of a set of choices (not live when tapping it again does nothing). */
export interface Offer { id: string; live: boolean; pressed?: boolean }

export function currentOffers(): Offer[] {
  const list: Offer[] = [];
  for (const [object, { id, pressed }] of targets) {
    const live = isLive(object);
    if (live) list.push(pressed === undefined ? { id, live } : { id, live, pressed });
    else if (pressed === true && object.active && object.visible !== false) list.push({ id, live, pressed });
  }
  return list;
}

(globalThis as unknown as { junctionTargets: () => TapTarget[] }).junctionTargets = currentTargets;

/** The targets with this id that are live now (interactive, visible). */
function liveObjects(id: string): Boxed[] {
  return [...targets].filter(([o, m]) => m.id === id && isLive(o)).map(([o]) => o);
}

/**
 * What a tap on target `id` does, without a pointer: the text view's buttons (client/table/textView)
 * send the very move the canvas would. A piece that is tapped through Phaser's drag events (a drag
 * that does not move is a tap) gets a drag start and end in place.
 */
export function activateTarget(id: string): boolean {
  const object = liveObjects(id)[0];
  if (!object) return false;
  if (object.listenerCount('pointerdown') > 0) object.emit('pointerdown', undefined, 0, 0, { stopPropagation() { /* no pointer to stop */ } });
  else if (object.listenerCount('dragend') > 0) { object.emit('dragstart'); object.emit('dragend'); }
  else return false;
  return true;
}

/** The words a target shows, when it is a text button (a Text, or a Text centred on it in the same container). */
export function targetText(id: string): string | null {
  const object = liveObjects(id)[0] as (Boxed & { text?: string; parentContainer?: Phaser.GameObjects.Container }) | undefined;
  if (!object) return null;
  if (typeof object.text === 'string') return object.text;
  const box = object.getBounds();
  const siblings = (object.parentContainer?.list ?? []) as (Phaser.GameObjects.GameObject & { text?: string; getBounds?: () => Phaser.Geom.Rectangle })[];
  const label = siblings.find((s) => typeof s.text === 'string' && s.getBounds && Math.abs(s.getBounds().centerX - box.centerX) < 3 && Math.abs(s.getBounds().centerY - box.centerY) < 3);
  return label?.text ?? null;
}
