/**
 * The how-to-play page above a running table (the frame's (?) button): a modal DOM layer with
 * Close (button or Escape). The table's keyboard shortcuts are off while it is open, so keys
 * typed here never play a move; focus returns where it was.
 */
import { isHowToGame } from './content.js';
import { createHowToView } from './view.js';

export interface HowToOverlay { close(): void }

/** What the overlay opens over: a table scene (its keys are turned off meanwhile) or any screen; it closes with it. */
export interface OverlayHost {
  events: { once(event: 'shutdown', fn: () => void): unknown; off(event: 'shutdown', fn: () => void): unknown };
  input?: { keyboard?: { enabled: boolean } | null };
}

let open: HowToOverlay | null = null;

export function openHowTo(scene: OverlayHost, game: string, variant?: string): HowToOverlay {
  open?.close();
  if (!isHowToGame(game)) return { close: () => undefined };
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const keyboard = scene.input?.keyboard;
  const keyboardWasOn = keyboard?.enabled ?? false;
  if (keyboard) keyboard.enabled = false;

  const layer = document.createElement('div');
  layer.className = 'jn-howto-overlay';
  layer.setAttribute('role', 'dialog');
  layer.setAttribute('aria-modal', 'true');
  const view = createHowToView({ game, variant, action: { labelKey: 'howto:close', testId: 'howto-close', onClick: () => handle.close() } });
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
