/**
 * Who sits where: seat number, name, "you", and marks for the host, bots, absent players and
 * the seats the game waits on (▶ "to play", or the game's own cue for a seat that may act out of
 * turn) — each a symbol with a word (the word hides on phones, where
 * the symbol keeps an accessible label), never colour alone.
 */
import { el } from '../ui/dom.js';
import { t } from '../i18n/index.js';

/**
 * A game's own word for an active seat that is not the one to play (Took Over!'s taker, who may
 * take over while the active player places): shown instead of the ▶ "to play" mark.
 */
export interface SeatCue { symbol: string; label: string }

export interface PlayerRow {
  seat: number; name: string; bot: boolean; connected: boolean; host: boolean; me: boolean; active: boolean; cue?: SeatCue;
  /** Follow this player (a person with a guest identity, "Name#1234", not you): issue 29. */
  follow?: () => void;
}

function mark(symbol: string | Node, label: string, className = 'mark'): HTMLSpanElement {
  const span = el('span', { className }, symbol, el('span', { className: 'label', textContent: ` ${label}` }));
  span.setAttribute('aria-label', label);
  span.title = label;
  return span;
}

export function renderPlayers(list: HTMLOListElement, rows: PlayerRow[], spectators: number): void {
  const items = rows.map((p) => {
    const toPlay = p.active && !p.cue;
    const li = el('li', { className: `jn-player${toPlay ? ' active' : ''}${p.active && p.cue ? ' cued' : ''}${p.me ? ' me' : ''}` });
    li.dataset.seat = String(p.seat);
    if (toPlay) li.append(mark('▶', t('common:frame.turn'), 'mark turn'));
    else if (p.active && p.cue) li.append(mark(p.cue.symbol, p.cue.label, 'mark cue'));
    li.append(el('span', { className: 'seat', textContent: String(p.seat + 1) }));
    li.append(el('span', { className: 'name', textContent: p.name }));
    if (p.me) li.append(el('span', { className: 'mark', textContent: t('common:frame.you_mark') }));
    if (p.host) li.append(mark('♔', t('common:frame.host')));
    if (p.bot) li.append(mark('⚙', t('common:frame.bot')));
    if (!p.connected && !p.bot) li.append(mark(hourglass(), t('common:frame.away')));
    if (p.follow) {
      const label = t('lobby:friends.follow_label', { name: p.name });
      const follow = el('button', { type: 'button', className: 'secondary jn-follow-seat', textContent: '☆' });
      follow.append(el('span', { className: 'label', textContent: ` ${t('lobby:friends.follow')}` }));
      follow.setAttribute('aria-label', label);
      follow.title = label;
      follow.dataset.testid = `follow-seat-${p.seat}`;
      follow.addEventListener('click', p.follow);
      li.append(follow);
    }
    return li;
  });
  if (spectators > 0) items.push(el('li', { className: 'jn-watching', textContent: `◉ ${t('common:frame.watching', { count: spectators })}` }));
  list.replaceChildren(...items);
}

/**
 * "Away" as a drawn hourglass: the ⌛ character has no glyph in the fonts of many desktops
 * (it showed as an empty box), and a drawing looks the same everywhere.
 */
function hourglass(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 10 14');
  svg.setAttribute('width', '0.75em');
  svg.setAttribute('height', '1em');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('glyph');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M1 1h8M1 13h8M2 1c0 4 6 4 6 6s-6 2-6 6M8 1c0 4-6 4-6 6s6 2 6 6');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.4');
  path.setAttribute('stroke-linecap', 'round');
  svg.append(path);
  return svg;
}
