/**
 * How to play (screen key 'howto'): one game's rules in the player's language, for any of its
 * variants, illustrated with the game's own pieces (drawn on a 2D canvas: no Phaser). Data:
 * { game, variant? }. Back (button or Escape) returns to the lobby, on that game.
 * Its own chunk, fetched when first opened.
 */
import { DomScreen } from '../app/screens.js';
import { isHowToGame, type HowToGame } from '../howto/content.js';
import { createHowToView, type HowToView } from '../howto/view.js';
import { el } from '../ui/dom.js';
import { loadGameLocales } from '../i18n/index.js';

export interface HowToData { game?: string; variant?: string }

export class HowToScene extends DomScreen {
  private view: HowToView | null = null;
  private gameId = '';

  constructor() {
    super('howto');
  }

  create(data: HowToData): void {
    if (!isHowToGame(data?.game)) return void this.scene.start('lobby');
    // A game's rules text comes with its chunk of texts (client/i18n: loaded on demand).
    const game = data.game;
    const frame = el('div', { className: 'jn-howto-screen', id: 'howto-screen' });
    document.getElementById('howto-screen')?.remove();
    document.body.append(frame);
    this.events.once('shutdown', () => {
      document.removeEventListener('keydown', this.onKey);
      this.view?.destroy();
      this.view = null;
      frame.remove();
    });
    void loadGameLocales(game).then(() => { if (this.scene.isActive()) this.build(frame, game, data.variant); });
  }

  private build(frame: HTMLDivElement, game: HowToGame, variant?: string): void {
    this.gameId = game;
    this.view = createHowToView({
      game,
      variant,
      action: { labelKey: 'howto:back', testId: 'howto-back', onClick: () => this.back() },
    });
    frame.append(this.view.root);
    document.addEventListener('keydown', this.onKey);
    this.view.focus();
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    this.back();
  };

  private back(): void {
    this.scene.start('lobby', { game: this.gameId });
  }
}
