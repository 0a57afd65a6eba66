/**
 * The page the service worker shows when a page cannot be fetched (client/pwa/serviceWorker.ts):
 * it says so in the player's language (the one they chose, else the browser's), offers to try
 * again, and lists the finished games whose replay this device keeps (client/pwa/offlineReplays.ts).
 * Its own small entry: none of the app's chunks, so it opens from the cache alone.
 */
import en from '../i18n/locales/en/offline.json';
import fr from '../i18n/locales/fr/offline.json';
import { rememberedReplays, type RememberedReplay } from '../pwa/offlineReplays.js';
import { applyStoredTheme } from '../ui/theme.js';

type Texts = typeof en;
const CATALOGUES: Record<'en' | 'fr', Texts> = { en, fr };

function pickLanguage(): 'en' | 'fr' {
  const stored = localStorage.getItem('junction.lang');
  const wanted = stored ? [stored] : [...navigator.languages];
  for (const lng of wanted) {
    const short = lng.slice(0, 2).toLowerCase();
    if (short === 'en' || short === 'fr') return short;
  }
  return 'en';
}

const lng = pickLanguage();
const texts = CATALOGUES[lng];
const plural = new Intl.PluralRules(lng);

function say(key: keyof Texts, values: Record<string, string | number> = {}): string {
  return texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function placeLine(player: RememberedReplay['players'][number]): string {
  const name = player.bot ? say('bot', { name: player.name }) : player.name;
  const key = plural.select(player.score) === 'one' ? 'place_one' : 'place_other';
  return say(key, { place: player.place, name, score: new Intl.NumberFormat(lng).format(player.score) });
}

function node<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function replayItem(replay: RememberedReplay): HTMLLIElement {
  const item = node('li', undefined, 'jn-offline-replay');
  item.dataset.replay = replay.id;
  item.append(node('h3', replay.title[lng] || replay.game));
  const when = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(replay.finishedAt));
  item.append(node('p', say('finished', { date: when }), 'jn-offline-muted'));
  const places = node('ol');
  for (const player of [...replay.players].sort((a, b) => a.place - b.place)) places.append(node('li', placeLine(player)));
  item.append(places);
  const link = node('a', say('replay_open'));
  link.href = `/replay/${encodeURIComponent(replay.id)}`;
  item.append(link);
  return item;
}

async function show(): Promise<void> {
  document.documentElement.lang = lng;
  document.title = `Junction — ${texts.title}`;
  const main = document.getElementById('offline')!;
  const retry = node('button', say('retry'));
  retry.type = 'button';
  retry.addEventListener('click', () => window.location.reload());
  main.append(node('h1', say('title')), node('p', say('explain')), retry);
  const section = node('section');
  section.setAttribute('aria-labelledby', 'offline-replays');
  const heading = node('h2', say('replays'));
  heading.id = 'offline-replays';
  section.append(heading);
  const replays = await rememberedReplays().catch(() => []);
  if (replays.length === 0) section.append(node('p', say('replays_none'), 'jn-offline-muted'));
  else {
    const list = node('ul', undefined, 'jn-offline-list');
    for (const replay of replays) list.append(replayItem(replay));
    section.append(list);
  }
  main.append(section);
}

applyStoredTheme();
void show();
