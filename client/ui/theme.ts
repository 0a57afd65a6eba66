/**
 * Light or dark: the player's choice ('junction.theme' in localStorage: 'light', 'dark') or, when
 * they made none, the system's `prefers-color-scheme`. Shown as `data-theme` on <html>, which
 * client/ui/theme.css reads; the game surface drawn by Phaser keeps its dark board in both.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const KEY = 'junction.theme';
const THEME_COLOURS = { dark: '#1d2330', light: '#f4f1e8' };

const systemDark = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
const systemLight = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches;

export function themeChoice(): ThemeChoice {
  const stored = localStorage.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The system's choice counts only when it states one: with none, the app's own dark look stays. */
export function resolvedTheme(): 'light' | 'dark' {
  const choice = themeChoice();
  if (choice !== 'system') return choice;
  return systemLight() && !systemDark() ? 'light' : 'dark';
}

function apply(): void {
  const theme = resolvedTheme();
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOURS[theme]);
}

export function setTheme(choice: ThemeChoice): void {
  if (choice === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  apply();
}

let watching = false;
/** Applies the stored choice now and follows the system's changes while the choice is 'system'. */
export function applyStoredTheme(): void {
  apply();
  if (watching || typeof matchMedia !== 'function') return;
  watching = true;
  matchMedia('(prefers-color-scheme: light)').addEventListener('change', apply);
}
