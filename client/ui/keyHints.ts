/**
 * Keyboard hints in labels ("Pass (P)", "take it (T)") mean nothing where the main input is a
 * finger: there they are left out. The texts keep them for keyboard players.
 */

/** True where the primary pointer is a finger with no hover (phones, tablets). */
export function touchFirst(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

/** A single key or a short key name in brackets, with the space before it. */
const HINT = /\s?\((?:[A-Z0-9]|Esc|Enter|Space|Entrée|Échap|Espace)\)/g;

export function withoutKeyHints(text: string): string {
  return text.replace(HINT, '');
}

/** The label as this device should show it. */
export function keyHinted(text: string, touch = touchFirst()): string {
  return touch ? withoutKeyHints(text) : text;
}
