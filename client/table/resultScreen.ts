/**
 * The result, on its own opaque screen (nothing of the table shows through or over it): who won,
 * places and scores, the summary, Rematch (and a rematch offer from another player), Back to
 * lobby and Watch the replay.
 */
import { button, el } from '../ui/dom.js';
import { language, t } from '../i18n/index.js';
import { listNames } from './texts.js';

export interface ResultRow { seat: number; place: number; score: number; name: string; me: boolean }
export interface ResultActions { rematch(): void; back(): void; replay(): void; profile(): void }

/** "You won!", "You tied for first place!", "Bo wins", "Bo and Al win". */
export function headline(rows: ResultRow[]): string {
  const first = rows.filter((r) => r.place === 1);
  if (first.some((r) => r.me)) return t(first.length > 1 ? 'common:result.you_tied' : 'common:result.you_won');
  if (first.length === 1) return t('common:result.winner', { name: first[0].name });
  return t('common:result.winners', { names: listNames(first.map((r) => r.name), language()) });
}

export class ResultScreen {
  readonly root = el('div', { className: 'jn-result', id: 'result' });
  private readonly offer = el('div', { className: 'jn-offers' });
  private readonly rematchButton: HTMLButtonElement;

  constructor(rows: ResultRow[], summary: string, seated: boolean, act: ResultActions) {
    this.root.setAttribute('role', 'dialog');
    this.root.setAttribute('aria-labelledby', 'result-title');
    const sorted = [...rows].sort((a, b) => a.place - b.place || a.seat - b.seat);
    const table = el('table', {},
      el('thead', {}, el('tr', {}, el('th', { className: 'num', textContent: t('common:result.place') }), el('th', { textContent: t('common:result.player') }), el('th', { className: 'num', textContent: t('common:result.score') }))),
      el('tbody', {}, ...sorted.map((r) => el('tr', { className: r.me ? 'me' : '' },
        el('td', { className: 'num', textContent: String(r.place) }),
        el('td', { textContent: r.me ? `${r.name} ${t('common:frame.you_mark')}` : r.name }),
        el('td', { className: 'num', textContent: String(r.score) })))));
    this.rematchButton = button(t('common:result.rematch'), () => {
      this.rematchButton.disabled = true;
      this.rematchButton.textContent = t('common:result.rematch_sent');
      act.rematch();
    }, { testId: 'rematch' });
    this.rematchButton.classList.add('primary');
    const back = button(t('common:result.back_to_lobby'), act.back, { testId: 'back-to-lobby' });
    const replay = button(t('common:result.watch_replay'), act.replay, { testId: 'watch-replay' });
    const profile = button(t('common:result.profile'), act.profile, { testId: 'result-profile' });
    const actions = el('div', { className: 'jn-bar' }, ...(seated ? [this.rematchButton] : []), back, replay, profile);
    const box = el('div', { className: 'jn-result-box' },
      el('div', { className: 'over', textContent: t('common:result.game_over') }),
      el('h1', { id: 'result-title', textContent: headline(rows), tabIndex: -1 }),
      ...(summary ? [el('p', { className: 'summary', textContent: summary })] : []),
      table, this.offer, actions);
    this.root.append(box);
  }

  /**
   * Keyboard and screen-reader focus moves to the result, which replaced the table: its headline
   * is read first, and Tab goes on to its buttons.
   */
  takeFocus(): void {
    this.root.setAttribute('aria-modal', 'true');
    this.root.querySelector<HTMLElement>('#result-title')?.focus();
  }

  /** The server would not make the rematch table: the button can be tried again. */
  rematchRefused(): void {
    if (!this.rematchButton.disabled) return;
    this.rematchButton.disabled = false;
    this.rematchButton.textContent = t('common:result.rematch');
  }

  /** Another player asked for a rematch: offer to join their new table. */
  showOffer(name: string, join: () => void): void {
    const joinButton = button(t('common:result.rematch_join'), join, { testId: 'rematch-join' });
    joinButton.classList.add('primary');
    this.offer.replaceChildren(el('div', { className: 'jn-offer' }, el('span', { textContent: `↻ ${t('common:result.rematch_offer', { name })}` }), joinButton));
  }
}
