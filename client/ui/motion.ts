/**
 * Reduced motion: the player's choice ('junction.motion' in localStorage: 'reduce' or 'full') or,
 * when they made none, the system's `prefers-reduced-motion`. With it, pieces jump to where they
 * go instead of flying (client/app/drawn.ts speeds every tween of the drawn scenes to a single
 * step) and CSS transitions and animations stop (`data-motion="reduce"` on <html>, client/ui/theme.css).
 */
export type MotionChoice = 'system' | 'reduce' | 'full';
export const MOTION_CHOICES: readonly MotionChoice[] = ['system', 'reduce', 'full'];
const KEY = 'junction.motion';

export function motionChoice(): MotionChoice {
  const stored = localStorage.getItem(KEY);
  return stored === 'reduce' || stored === 'full' ? stored : 'system';
}

export function reducedMotion(): boolean {
  const choice = motionChoice();
  if (choice !== 'system') return choice === 'reduce';
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function apply(): void {
  document.documentElement.dataset.motion = reducedMotion() ? 'reduce' : 'full';
}

export function setMotion(choice: MotionChoice): void {
  if (choice === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  apply();
}

let watching = false;
export function applyStoredMotion(): void {
  apply();
  if (watching || typeof matchMedia !== 'function') return;
  watching = true;
  matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', apply);
}
