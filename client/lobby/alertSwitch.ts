/**
 * A notification switch of the lobby's settings, remembered in this browser: on only with the
 * browser's permission, asked for when the player turns it on (never on its own).
 */
export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

/** The player's choice for this switch, or null before they made one. */
export function alertChoice(key: string): 'on' | 'off' | null {
  const v = localStorage.getItem(key);
  return v === 'on' || v === 'off' ? v : null;
}

/** Turns the switch on (asking for permission unless already granted) or off; true when on. */
export async function chooseAlerts(key: string, on: boolean): Promise<boolean> {
  if (!on || !notificationsSupported()) {
    localStorage.setItem(key, 'off');
    return false;
  }
  const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  localStorage.setItem(key, answer === 'granted' ? 'on' : 'off');
  return answer === 'granted';
}
