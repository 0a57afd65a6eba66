/**
 * Who sits where: seat number, name, "you", and marks for the host, bots, absent players and
 * the seats the game waits on — each a symbol with a word (the word hides on phones, where
 * the symbol keeps an accessible label), never colour alone.
 */
import { el } from '../ui/dom.js';
import { t } from '../i18n/index.js';

export interface PlayerRow { seat: number; name: string; bot: boolean; connected: boolean; host: boolean; me: boolean; active: boolean }

function mark(symbol: string, label: string, className = 'mark'): HTMLSpanElement {
  const span = el('span', { className }, symbol, el('span', { className: 'label', textContent: ` ${label}` }));
  span.setAttribute('aria-label', label);
  span.title = label;
  return span;
}

export function renderPlayers(list: HTMLOListElement, rows: PlayerRow[], spectators: number): void {
  const items = rows.map((p) => {
    const li = el('li', { className: `jn-player${p.active ? ' active' : ''}${p.me ? ' me' : ''}` });
    li.dataset.seat = String(p.seat);
    if (p.active) li.append(mark('▶', t('common:frame.turn'), 'mark turn'));
    li.append(el('span', { className: 'seat', textContent: String(p.seat + 1) }));
    li.append(el('span', { className: 'name', textContent: p.name }));
    if (p.me) li.append(el('span', { className: 'mark', textContent: t('common:frame.you_mark') }));
    if (p.host) li.append(mark('♔', t('common:frame.host')));
    if (p.bot) li.append(mark('⚙', t('common:frame.bot')));
    if (!p.connected && !p.bot) li.append(mark('⌛', t('common:frame.away')));
    return li;
  });
  if (spectators > 0) items.push(el('li', { className: 'jn-watching', textContent: `◉ ${t('common:frame.watching', { count: spectators })}` }));
  list.replaceChildren(...items);
}
