/**
 * "Your turn" alerts (issue 25): the page title carries how many turn-based games wait for you
 * ("(3) Junction"), and while the page is in the background a browser notification says "Your
 * turn in Traffic Tango with Ana" and opens the table. Permission is asked once, only when the
 * player presses the button under its explanation; the player can turn the alerts off again.
 */
import { t } from '../i18n/index.js';
import { button, el } from '../ui/dom.js';
import { gameTitle } from './names.js';
import { alertChoice, chooseAlerts, notificationsSupported } from './alertSwitch.js';

export interface TurnGame { id: string; game: string; seat: number | null; seats: { seat: number; name: string }[]; turnBased?: boolean; yourTurn?: boolean }

const SETTING = 'junction.turnAlerts';

/** In-page notices (the lobby settings' first switch): on only with the browser's permission. */
export function inPageAlertsOn(): boolean {
  return notificationsSupported() && Notification.permission === 'granted' && alertChoice(SETTING) === 'on';
}

/** Turns in-page notices on (asking for permission, once, when the player pressed the switch) or off. */
export function setInPageAlerts(on: boolean): Promise<boolean> {
  return chooseAlerts(SETTING, on);
}

export const inPageAlertsSupported = notificationsSupported;

export function waitingForYou(games: readonly TurnGame[]): TurnGame[] {
  return games.filter((g) => g.turnBased && g.yourTurn);
}

/** "(3) Junction — …", or the page's own title when no turn-based game waits for you. */
export function titleWith(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

export class TurnAlerts {
  /** Games already announced (one notification per turn, not per refresh). */
  private readonly announced = new Set<string>();

  private readonly baseTitle = document.title.replace(/^\(\d+\) /, '');

  constructor(private readonly open: (roomId: string) => void) {}

  /** The title, and a notification for each game newly waiting while the page is in the background. */
  update(games: readonly TurnGame[]): void {
    const waiting = waitingForYou(games);
    document.title = titleWith(this.baseTitle, waiting.length);
    const now = new Set(waiting.map((g) => g.id));
    for (const id of [...this.announced]) if (!now.has(id)) this.announced.delete(id);
    for (const g of waiting) {
      if (this.announced.has(g.id)) continue;
      this.announced.add(g.id);
      if (document.visibilityState === 'hidden' && this.enabled()) this.notify(g);
    }
  }

  /** The explanation and the switch, shown once the player has a turn-based game. */
  control(onChange: () => void): HTMLElement | null {
    if (!notificationsSupported() || Notification.permission === 'denied') return null;
    const on = this.enabled();
    const toggle = button(on ? t('lobby:alerts.turn_off') : t('lobby:alerts.turn_on'), () => void (async () => {
      await setInPageAlerts(!on);
      onChange();
    })(), { secondary: true, testId: 'turn-alerts' });
    return el('div', { className: 'jn-row jn-turn-alerts' },
      el('p', { className: 'jn-muted', textContent: on ? t('lobby:alerts.on') : t('lobby:alerts.explain') }), toggle);
  }

  private enabled(): boolean {
    return inPageAlertsOn();
  }

  private notify(g: TurnGame): void {
    const names = g.seats.filter((s) => s.seat !== g.seat).map((s) => s.name).join(', ');
    const n = new Notification(t('lobby:alerts.your_turn', { title: gameTitle(g.game), names }), { tag: `turn-${g.id}` });
    n.onclick = () => {
      window.focus();
      n.close();
      this.open(g.id);
    };
  }
}
