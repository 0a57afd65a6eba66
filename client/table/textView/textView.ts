/**
 * The table as text, for screen readers and the keyboard (as Lichess' board mode): the state of
 * the table from the seat's typed views (one module per game, ./games.ts), whose turn, an
 * `aria-live` log of what just happened, and every move offered now as a real <button>. The
 * moves are the renderer's tap targets (client/ui/tapTargets.ts: only what the rules allow now is
 * registered), and a button runs the very handler a tap runs, so both send the same action.
 * A choice among several (a sign kind, a mode) is a toggle button (`aria-pressed`); what the player
 * has chosen but not sent yet (the renderer's draft) is listed, and both are said in a status region
 * when they change, so a screen reader hears the choice it just made.
 *
 * Turned on by a tool button or by the link at the top of the table (the first thing a screen
 * reader or the Tab key reaches); the choice is remembered (localStorage `junction.textView`).
 */
import { el } from '../../ui/dom.js';
import { i18n, onLanguageChanged, t } from '../../i18n/index.js';
import { activateTarget, currentOffers, targetText } from '../../ui/tapTargets.js';
import { withoutKeyHints } from '../../ui/keyHints.js';
import { gameTexts } from './games.js';
import type { TextReader, TextSection } from './types.js';
import en from '../../i18n/locales/en/textview.json';
import fr from '../../i18n/locales/fr/textview.json';
import './textView.css';

const STORAGE_KEY = 'junction.textView';
const REFRESH_MS = 150;
const LOG_KEEP = 8;

export interface TextSource {
  game(): string | null;
  /** The typed views while the game is on (null in the waiting room). */
  views(): { publicView: unknown; seatView: unknown } | null;
  reader(): TextReader;
  /** The frame's turn line ("Your turn — 12 s") and the game's hint ("Pick a card"). */
  turn(): string;
  hint(): string;
  /** The move log in the reader's language, oldest first. */
  log(): string[];
  /** What the player has chosen on the table and not sent yet, in words (the renderer's draft). */
  unsent(): string[];
}

/** `live` false: the chosen one of a set of choices, shown pressed; pressing it again does nothing. */
interface Move { id: string; label: string; live: boolean; pressed?: boolean }

function ensureTexts(): void {
  if (!i18n.hasResourceBundle('en', 'textview')) i18n.addResourceBundle('en', 'textview', en, true, true);
  if (!i18n.hasResourceBundle('fr', 'textview')) i18n.addResourceBundle('fr', 'textview', fr, true, true);
}

export function textViewRemembered(): boolean {
  try { return localStorage.getItem(STORAGE_KEY) === '1'; } catch { return false; }
}

export class TextView {
  readonly root = el('section', { className: 'jn-textview', id: 'table-text', hidden: true });
  readonly skipLink = el('a', { className: 'jn-skip', href: '#table-text' });
  readonly toggle = el('button', { type: 'button' });
  private readonly title = el('h2', { id: 'table-text-title', tabIndex: -1 });
  private readonly turnLine = el('p', { className: 'jn-textview-turn' });
  private readonly tableBox = el('div');
  private readonly pendingBox = el('div', { className: 'jn-textview-pending' });
  /** Says the choice just made and the draft as it changes (role=status: read once, politely). */
  private readonly said = el('p', { className: 'jn-textview-said' });
  private readonly logTitle = el('h3');
  private readonly logBox = el('div', { className: 'jn-textview-log' });
  private readonly movesTitle = el('h3', { id: 'table-text-moves-title' });
  private readonly movesBox = el('div', { className: 'jn-textview-moves', tabIndex: -1 });
  private on = false;
  private last = 0;
  private tableSig = '';
  private movesSig = '';
  private turnSig = '';
  private pendingSig: string | null = null;
  /** The pressed moves at the last drawing (null: not drawn yet since turned on, nothing to compare). */
  private pressedSeen: Set<string> | null = null;
  private logSeen: string[] = [];
  private readonly offLanguage: () => void;

  constructor(private readonly source: TextSource) {
    ensureTexts();
    this.root.dataset.testid = 'text-view';
    this.root.setAttribute('aria-labelledby', this.title.id);
    this.logBox.setAttribute('role', 'log');
    this.logBox.setAttribute('aria-live', 'polite');
    this.movesBox.setAttribute('role', 'group');
    this.movesBox.setAttribute('aria-labelledby', this.movesTitle.id);
    this.movesBox.dataset.testid = 'text-moves';
    this.said.setAttribute('role', 'status');
    this.said.setAttribute('aria-atomic', 'true');
    this.said.dataset.testid = 'text-said';
    this.pendingBox.dataset.testid = 'text-pending';
    this.root.append(this.title, this.turnLine, this.tableBox, this.logTitle, this.logBox, this.pendingBox, this.movesTitle, this.movesBox, this.said);
    this.skipLink.dataset.testid = 'text-view-link';
    this.skipLink.addEventListener('click', (e) => {
      e.preventDefault();
      this.setOn(true);
      this.title.focus();
    });
    this.toggle.dataset.testid = 'text-view-toggle';
    this.toggle.addEventListener('click', () => {
      this.setOn(!this.on);
      if (this.on) this.title.focus();
    });
    this.offLanguage = onLanguageChanged(() => this.relabel());
    this.relabel();
    this.setOn(textViewRemembered());
  }

  get isOn(): boolean {
    return this.on;
  }

  setOn(on: boolean): void {
    this.on = on;
    this.root.hidden = !on;
    this.toggle.setAttribute('aria-pressed', String(on));
    try { localStorage.setItem(STORAGE_KEY, on ? '1' : '0'); } catch { /* private mode: not remembered */ }
    this.tableSig = this.movesSig = this.turnSig = '';
    this.pendingSig = null;
    this.pressedSeen = null;
    if (on) this.refresh(true);
  }

  /** Called every frame by the table; does the work at most every REFRESH_MS, and only while shown. */
  refresh(now = false): void {
    if (!this.on) return;
    const time = performance.now();
    if (!now && time - this.last < REFRESH_MS) return;
    this.last = time;
    this.drawTurn();
    this.drawTable();
    this.drawLog();
    const draft = this.drawPending();
    const chosen = this.drawMoves();
    this.say([...chosen, ...draft]);
  }

  destroy(): void {
    this.offLanguage();
    this.root.remove();
    this.skipLink.remove();
    this.toggle.remove();
  }

  private relabel(): void {
    this.title.textContent = t('textview:title');
    this.skipLink.textContent = t('textview:skip');
    this.toggle.replaceChildren(el('span', { className: 'icon', textContent: '≣' }), el('span', { className: 'label', textContent: t('textview:toggle') }));
    this.toggle.setAttribute('aria-label', t('textview:toggle'));
    this.toggle.title = t('textview:toggle');
    this.logTitle.textContent = t('textview:log');
    this.movesTitle.textContent = t('textview:moves');
    this.tableSig = this.movesSig = this.turnSig = '';
    this.pendingSig = null;
    this.pressedSeen = null;
  }

  private drawTurn(): void {
    const parts = [this.source.turn(), withoutKeyHints(this.source.hint())].filter(Boolean);
    const text = parts.join(' — ') || t('textview:no_turn');
    if (text === this.turnSig) return;
    this.turnSig = text;
    this.turnLine.textContent = text;
  }

  private sections(): TextSection[] {
    const game = this.source.game();
    const views = this.source.views();
    const module = game ? gameTexts[game] : undefined;
    if (!views || !module) return [{ heading: t('textview:table'), lines: [t('textview:waiting')] }];
    return module.summary(views.publicView, views.seatView, this.source.reader());
  }

  private drawTable(): void {
    const sections = this.sections();
    const sig = JSON.stringify(sections);
    if (sig === this.tableSig) return;
    this.tableSig = sig;
    this.tableBox.replaceChildren(...sections.flatMap((s) => [
      el('h3', { textContent: s.heading }),
      el('ul', {}, ...s.lines.map((line) => el('li', { textContent: line }))),
    ]));
  }

  /** Appends only the lines that are new, so a screen reader reads each event once. */
  private drawLog(): void {
    const lines = this.source.log();
    const lastSeen = this.logSeen.at(-1);
    const from = lastSeen === undefined ? Math.max(0, lines.length - 3) : lines.lastIndexOf(lastSeen) + 1;
    const fresh = lines.slice(from);
    this.logSeen = lines.slice(-LOG_KEEP);
    if (fresh.length === 0 && this.logBox.childElementCount > 0) return;
    if (fresh.length === 0) {
      this.logBox.replaceChildren(el('p', { textContent: t('textview:log_empty') }));
      return;
    }
    if (this.logBox.firstElementChild && !this.logBox.querySelector('[data-line]')) this.logBox.replaceChildren();
    for (const line of fresh) this.logBox.append(el('p', { textContent: line, dataset: { line: '1' } }));
    while (this.logBox.childElementCount > LOG_KEEP) this.logBox.firstElementChild!.remove();
  }

  private moves(): Move[] {
    const game = this.source.game();
    const views = this.source.views();
    const module = game ? gameTexts[game] : undefined;
    if (!views) return [];
    const reader = this.source.reader();
    const offers = currentOffers();
    const chosen = offers.filter((o) => o.pressed).map((o) => o.id);
    const seen = new Set<string>();
    const moves: Move[] = [];
    for (const offer of offers) {
      if (seen.has(offer.id)) continue;
      seen.add(offer.id);
      const label = module?.move(offer.id, views.publicView, views.seatView, reader, chosen) ?? targetText(offer.id);
      moves.push({ id: offer.id, label: withoutKeyHints(label ?? offer.id).replace(/\s+/g, ' ').trim() || offer.id, live: offer.live, ...(offer.pressed === undefined ? {} : { pressed: offer.pressed }) });
    }
    return moves;
  }

  /** The draft under its heading; returns its lines when they changed since the last drawing (to be said). */
  private drawPending(): string[] {
    const lines = this.source.views() ? this.source.unsent() : [];
    const sig = JSON.stringify(lines);
    if (sig === this.pendingSig) return [];
    const first = this.pendingSig === null;
    this.pendingSig = sig;
    this.pendingBox.replaceChildren(...(lines.length ? [el('h3', { textContent: t('textview:pending') }), el('ul', {}, ...lines.map((line) => el('li', { textContent: line })))] : []));
    return first ? [] : lines;
  }

  /** Tells the screen reader what just changed, once (an empty status first, so the same words are said again). */
  private say(parts: string[]): void {
    if (parts.length === 0) return;
    this.said.textContent = '';
    const text = parts.join(' ');
    requestAnimationFrame(() => { this.said.textContent = text; });
  }

  /** Redraws the moves when they changed; returns what was newly chosen (to be said). */
  private drawMoves(): string[] {
    const moves = this.moves();
    const sig = JSON.stringify(moves);
    if (sig === this.movesSig) return [];
    this.movesSig = sig;
    const pressed = moves.filter((m) => m.pressed);
    const before = this.pressedSeen;
    this.pressedSeen = new Set(pressed.map((m) => m.id));
    const newlyChosen = before === null ? [] : pressed.filter((m) => !before.has(m.id)).map((m) => t('textview:chosen', { what: m.label }));
    const focused = document.activeElement instanceof HTMLElement && this.movesBox.contains(document.activeElement) ? document.activeElement.dataset.target ?? '' : null;
    const buttons = moves.map((m) => {
      const b = el('button', { type: 'button', textContent: m.label, dataset: { target: m.id } });
      if (m.pressed !== undefined) b.setAttribute('aria-pressed', String(m.pressed));
      // The chosen one stays reachable (its pressed state is read with it) but does nothing.
      if (!m.live) b.setAttribute('aria-disabled', 'true');
      b.addEventListener('click', () => {
        if (!m.live || !activateTarget(m.id)) return;
        this.movesSig = '';
        // The table answers on its next frame: refresh then, not before.
        requestAnimationFrame(() => this.refresh(true));
      });
      return b;
    });
    this.movesBox.replaceChildren(...(buttons.length ? buttons : [el('p', { textContent: t('textview:no_moves') })]));
    // Keyboard players keep their place: the same move keeps focus; else the list itself takes it (Tab goes to the first move).
    if (focused !== null) {
      const same = buttons.find((b) => b.dataset.target === focused);
      (same ?? this.movesBox).focus();
    }
    return newlyChosen;
  }
}
