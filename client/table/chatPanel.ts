/**
 * Table chat (issue 29; docs/protocol.md "Table chat"): quick-phrase and emoji buttons (codes the
 * server relays, shown in the reader's language), a text field only when the host of a private
 * table turned free text on, and the lines as a polite live region. Real buttons and inputs:
 * keyboard and screen-reader usable; each emoji carries its name as its label.
 */
import { el } from '../ui/dom.js';
import { t } from '../i18n/index.js';
import { CHAT_TEXT_MAX, EMOJIS, PHRASES, type ChatLine } from '../../shared/chat/catalogue.js';

const KEEP = 50;

export class ChatPanel {
  readonly root: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly phrases: HTMLDivElement;
  private readonly picker: HTMLDetailsElement;
  private readonly pickerLabel: HTMLElement;
  private lines: ChatLine[] = [];
  private textOn = false;
  /** This reader's seat (null for a spectator): its own lines get no Mute button. */
  mySeat: number | null = null;
  private readonly mutedSeats = new Set<number>();
  /** The host's switch for free text (private, non-kids tables only). */
  private readonly allowText: HTMLInputElement;
  private readonly allowLabel: HTMLLabelElement;

  constructor(private readonly send: (type: string, body: unknown) => void, private readonly nameOf: (line: ChatLine) => string) {
    this.list = el('ol', { className: 'jn-chat-list' });
    this.list.setAttribute('aria-live', 'polite');
    this.list.dataset.testid = 'chat-lines';
    this.phrases = el('div', { className: 'jn-chat-phrases' });
    this.input = el('input', { type: 'text', maxLength: CHAT_TEXT_MAX, className: 'jn-chat-input' });
    this.input.dataset.testid = 'chat-input';
    this.form = el('form', { className: 'jn-chat-form' }, this.input, el('button', { type: 'submit', className: 'secondary', textContent: '➤' }));
    this.form.hidden = true;
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (text) this.send('chat', { text });
      this.input.value = '';
    });
    // Folded by default so the lines keep their room in the side column; opened with Enter or a tap.
    this.pickerLabel = el('summary', { className: 'jn-chat-summary' });
    this.pickerLabel.dataset.testid = 'chat-phrases';
    this.picker = el('details', { className: 'jn-chat-picker' }, this.pickerLabel, this.phrases);
    this.allowText = el('input', { type: 'checkbox' });
    this.allowText.dataset.testid = 'chat-allow-text';
    this.allowText.addEventListener('change', () => this.send('chat_config', { text: this.allowText.checked }));
    this.allowLabel = el('label', { className: 'jn-chat-allow' }, this.allowText);
    this.allowLabel.hidden = true;
    // The host's switch comes first: under the lines it was below the fold of a phone (issue 27).
    this.root = el('section', { className: 'jn-chat' }, this.allowLabel, this.list, this.picker, this.form);
    this.root.dataset.testid = 'chat';
    this.relabel();
  }

  /** Labels in the current language (on creation and when the language changes). */
  relabel(): void {
    this.root.setAttribute('aria-label', t('common:chat.title'));
    this.input.placeholder = t('common:chat.placeholder');
    // No emoji: a desktop without an emoji font draws it as an empty box (issue 27 item 9).
    this.pickerLabel.textContent = t('common:chat.phrases');
    this.allowLabel.replaceChildren(this.allowText, ` ${t('common:chat.allow_text')}`);
    this.input.setAttribute('aria-label', t('common:chat.placeholder'));
    this.form.querySelector('button')?.setAttribute('aria-label', t('common:chat.send'));
    const buttons = [
      ...PHRASES.map((code) => this.button(t(`server:chat.phrase.${code}`), t(`server:chat.phrase.${code}`), `phrase-${code}`, { phrase: code })),
      ...EMOJIS.map((code) => this.button(t(`server:chat.emoji.${code}`), t(`server:chat.emoji_name.${code}`), `emoji-${code}`, { emoji: code })),
    ];
    this.phrases.replaceChildren(...buttons);
    this.render();
  }

  setTextOn(on: boolean): void {
    this.textOn = on;
    this.form.hidden = !on;
    this.allowText.checked = on;
  }

  /** Shown to the host of a private table that is not for children. */
  showHostSwitch(show: boolean): void {
    if (this.allowLabel.hidden === !show) return;
    this.allowLabel.hidden = !show;
    this.allowText.checked = this.textOn;
  }

  history(lines: ChatLine[]): void {
    const seen = new Set(this.lines.map((l) => l.n));
    for (const line of lines) if (!seen.has(line.n)) this.lines.push(line);
    this.lines.sort((a, b) => a.n - b.n);
    this.render();
  }

  /** The server applied a mute: that seat's lines go from the list and no more arrive. */
  muted(seat: number, muted: boolean): void {
    if (muted) this.mutedSeats.add(seat);
    else this.mutedSeats.delete(seat);
    this.lines = this.lines.filter((l) => !muted || l.seat !== seat);
    this.render();
  }

  add(line: ChatLine): void {
    this.history([line]);
  }

  private button(label: string, name: string, testId: string, body: unknown): HTMLButtonElement {
    const b = el('button', { type: 'button', className: 'secondary jn-chat-phrase', textContent: label });
    b.setAttribute('aria-label', name);
    b.dataset.testid = testId;
    b.addEventListener('click', () => this.send('chat', body));
    return b;
  }

  private render(): void {
    this.lines = this.lines.slice(-KEEP);
    this.list.replaceChildren(...this.lines.map((line) => {
      const words = line.phrase ? t(`server:chat.phrase.${line.phrase}`) : line.emoji ? t(`server:chat.emoji.${line.emoji}`) : line.text ?? '';
      const li = el('li', { className: `jn-chat-line ${line.channel}` },
        el('span', { className: 'name', textContent: `${this.nameOf(line)}: ` }), el('span', { textContent: words }));
      if (line.emoji) li.setAttribute('aria-label', `${this.nameOf(line)}: ${t(`server:chat.emoji_name.${line.emoji}`)}`);
      const seat = line.seat;
      if (seat !== undefined && seat !== this.mySeat && !this.mutedSeats.has(seat)) {
        const mute = el('button', { type: 'button', className: 'secondary jn-chat-mute', textContent: t('common:chat.mute_button') });
        const label = t('common:chat.mute', { name: this.nameOf(line) });
        mute.setAttribute('aria-label', label);
        mute.title = label;
        mute.dataset.testid = `chat-mute-${seat}`;
        mute.addEventListener('click', () => this.send('mute', { seat, muted: true }));
        li.append(' ', mute);
      }
      return li;
    }));
  }
}
