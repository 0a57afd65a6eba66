/**
 * The words of a push notification in its player's language. The texts are the lobby's own
 * (client/i18n/locales/<lang>/lobby.json `alerts.*`, `friends.invite_line`, game titles
 * `game.<id>.title`), so the in-page notice and the push say the same thing.
 */
import en from '../../client/i18n/locales/en/lobby.json' with { type: 'json' };
import fr from '../../client/i18n/locales/fr/lobby.json' with { type: 'json' };

export type PushLanguage = 'en' | 'fr';

interface Catalogue { game: Record<string, { title?: string }>; alerts: Record<string, string>; friends: Record<string, string> }
const CATALOGUES: Record<PushLanguage, Catalogue> = { en: en as Catalogue, fr: fr as Catalogue };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** "Your turn in Traffic Tango with Ana and Ben" / "À vous de jouer au Traffic Tango avec Ana et Ben". */
export function yourTurnText(lang: PushLanguage, game: string, others: readonly string[]): { title: string; body: string } {
  const c = CATALOGUES[lang];
  const title = c.game[game]?.title ?? game;
  const names = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(others);
  const text = others.length > 0 ? fill(c.alerts.your_turn, { title, names }) : fill(c.alerts.your_turn_alone, { title });
  return { title: text, body: c.alerts.push_body };
}

/** "Ana#0042 invites you to a Traffic Tango table" / "Ana#0042 vous invite à une table de Traffic Tango". */
export function invitationText(lang: PushLanguage, game: string, from: string): { title: string; body: string } {
  const c = CATALOGUES[lang];
  return { title: fill(c.friends.invite_line, { from, title: c.game[game]?.title ?? game }), body: c.alerts.invite_body };
}
