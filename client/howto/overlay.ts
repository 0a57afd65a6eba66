/**
 * The how-to-play page above a running table (the frame's (?) button): a modal DOM layer with
 * Close (button or Escape). The table's keyboard shortcuts are off while it is open, so keys
 * typed here never play a move; focus returns where it was.
 */
import { loadGameLocales } from '../i18n/index.js';
import type Phaser from 'phaser';
import { isHowToGame } from './content.js';
import { firstTimeHint } from './firstTime.js';
import { createHowToView } from './view.js';

export interface HowToOverlay { close(): void }

let open: HowToOverlay | null = null;

export function openHowTo(scene: Phaser.Scene, game: string, variant?: string): HowToOverlay {
  open?.close();
  if (!isHowToGame(game)) return { close: () => undefined };
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const keyboard = scene.input.keyboard;
  const keyboardWasOn = keyboard?.enabled ?? false;
  if (keyboard) keyboard.enabled = false;

  const layer = document.createElement('div');
  layer.className = 'jn-howto-overlay';
  layer.setAttribute('role', 'dialog');
  layer.setAttribute('aria-modal', 'true');
  const view = createHowToView({ scene, game, variant, action: { labelKey: 'howto:close', testId: 'howto-close', onClick: () => handle.close() } });
  layer.setAttribute('aria-labelledby', view.root.querySelector('h1')?.id ?? '');
  layer.append(view.root);
  layer.addEventListener('click', (e) => { if (e.target === layer) handle.close(); });
  const onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    handle.close();
  };
  document.addEventListener('keydown', onKey, true);
  // Keys typed in the page (Tab, Enter, Space on its buttons) stay out of the table's own listeners.
  layer.addEventListener('keydown', (e) => e.stopPropagation());

  const handle: HowToOverlay = {
    close: () => {
      if (open !== handle) return;
      open = null;
      view.destroy();
      layer.remove();
      document.removeEventListener('keydown', onKey, true);
      scene.events.off('shutdown', handle.close);
      if (keyboard) keyboard.enabled = keyboardWasOn;
      before?.focus({ preventScroll: true });
    },
  };
  open = handle;
  scene.events.once('shutdown', handle.close);
  document.body.append(layer);
  view.focus();
  return handle;
}

/** Test hook, like window.junctionTargets: browser tests open the overlay and read the first hint without a table. */
(globalThis as unknown as { junctionHowTo: unknown }).junctionHowTo = {
  // Outside a table the game's texts may not be loaded yet (a table loads them when it opens).
  open: async (game: string, variant?: string) => {
    await loadGameLocales(game);
    const scene = (globalThis as unknown as { junction: Phaser.Game }).junction.scene.getScenes(true)[0];
    return scene ? openHowTo(scene, game, variant) : null;
  },
  firstTimeHint: async (game: string) => {
    await loadGameLocales(game);
    return firstTimeHint(game);
  },
};
