/** The gallery: one card per game with its drawn picture, players, minutes, age and pitch; Choose and How to play. */
import { catalogue as games, findMeta } from '../../shared/games/catalogue.js';
import { loadTableLocales, t } from '../i18n/index.js';
import { el } from '../ui/dom.js';
import { gameTitle } from './names.js';
import { PICTURE_H, PICTURE_W, gamePicture } from './pictures.js';

export interface GalleryActions { choose(gameId: string): void; howto(gameId: string): void }

export function factsLine(gameId: string): string {
  // From the game's own meta.ts (shared/games/<game>/): its rulebook's players, minutes and age.
  const f = findMeta(gameId)?.facts;
  if (!f) return '';
  const players = f.players[0] === f.players[1]
    ? t('lobby:facts.players_exact', { count: f.players[0] })
    : t('lobby:facts.players', { min: f.players[0], max: f.players[1] });
  return [players, t('lobby:facts.minutes', { min: f.minutes[0], max: f.minutes[1] }), t('lobby:facts.age', { age: f.age })].join(' · ');
}

export function picture(gameId: string): HTMLImageElement {
  const img = el('img', { className: 'jn-picture', alt: t('lobby:picture_alt', { title: gameTitle(gameId) }), width: PICTURE_W, height: PICTURE_H });
  // Drawn just after the cards are shown (the gallery can be used before its pictures are in),
  // once the words printed on the game's pieces are here in the reader's language.
  const draw = () => setTimeout(() => {
    const src = gamePicture(gameId);
    if (src) img.src = src;
  }, 0);
  loadTableLocales(gameId).then(draw, draw);
  return img;
}

export function gallery(actions: GalleryActions): HTMLElement {
  const cards = games.map((g) => {
    const choose = el('button', { type: 'button', className: 'jn-card-main' },
      picture(g.id),
      el('strong', { className: 'jn-card-title', textContent: gameTitle(g.id) }),
      el('span', { className: 'jn-facts', textContent: factsLine(g.id) }),
      el('span', { className: 'jn-pitch', textContent: t(`lobby:game.${g.id}.pitch`) }));
    choose.dataset.testid = `game-${g.id}`;
    choose.addEventListener('click', () => actions.choose(g.id));
    const howto = el('button', { type: 'button', className: 'secondary jn-howto', textContent: t('lobby:howto') });
    howto.dataset.testid = `howto-${g.id}`;
    howto.setAttribute('aria-label', t('lobby:howto_game', { title: gameTitle(g.id) }));
    howto.addEventListener('click', () => actions.howto(g.id));
    return el('article', { className: 'jn-card' }, choose, howto);
  });
  return el('section', { className: 'jn-gallery-wrap' },
    el('h2', { textContent: t('lobby:gallery') }),
    el('div', { className: 'jn-gallery', id: 'gallery' }, ...cards));
}
