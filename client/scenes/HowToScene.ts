/**
 * How to play (scene key 'howto'): one game's rules in the player's language, for any of its
 * variants, illustrated with the game's own pieces. Data: { game, variant?, returnTo? }.
 * Back (button or Escape) returns to the lobby, or to a table that opened this over itself.
 */
import Phaser from 'phaser';
import { isHowToGame, type HowToGame } from '../howto/content.js';
import { createHowToView, type HowToView } from '../howto/view.js';
import { el } from '../ui/dom.js';
import { loadGameLocales } from '../i18n/index.js';
// The table frame opens the same page as an overlay; importing it here also puts its test hook in every build.
import '../howto/overlay.js';

export interface HowToData { game: string; variant?: string; returnTo?: 'lobby' | 'table' }

export class HowToScene extends Phaser.Scene {
  private view: HowToView | null = null;
  private dom: Phaser.GameObjects.DOMElement | null = null;
  /** Phaser sets `display: block` on the element it places, so the page's flex column lives inside it. */
  private frame: HTMLDivElement | null = null;
  private returnTo: 'lobby' | 'table' = 'lobby';
  private gameId = '';

  constructor() {
    super('howto');
  }

  create(data: HowToData): void {
    if (!isHowToGame(data?.game)) return void this.scene.start('lobby');
    // A game's rules text comes with its chunk of texts (client/i18n: loaded on demand).
    const game = data.game;
    void loadGameLocales(game).then(() => { if (this.scene.isActive()) this.build({ ...data, game }); });
  }

  private build(data: HowToData & { game: HowToGame }): void {
    this.gameId = data.game;
    this.returnTo = data.returnTo === 'table' ? 'table' : 'lobby';
    this.view = createHowToView({
      scene: this,
      game: data.game,
      variant: data.variant,
      action: { labelKey: 'howto:back', testId: 'howto-back', onClick: () => this.back() },
    });
    this.frame = el('div', { className: 'jn-howto-screen' }, this.view.root);
    this.dom = this.add.dom(0, 0, this.frame).setOrigin(0, 0);
    this.layout();
    this.scale.on('resize', this.layout, this);
    document.addEventListener('keydown', this.onKey);
    this.events.once('shutdown', () => {
      this.scale.off('resize', this.layout, this);
      document.removeEventListener('keydown', this.onKey);
      this.view?.destroy();
      this.view = null;
      this.dom = null;
      this.frame = null;
    });
    this.view.focus();
  }

  private layout(): void {
    if (!this.frame) return;
    this.frame.style.width = `${this.scale.width}px`;
    this.frame.style.height = `${this.scale.height}px`;
    this.dom?.setPosition(0, 0);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    this.back();
  };

  private back(): void {
    const table = this.scene.get('table');
    if (this.returnTo === 'table' && table && (this.scene.isSleeping('table') || this.scene.isPaused('table'))) {
      if (this.scene.isSleeping('table')) this.scene.wake('table');
      else this.scene.resume('table');
      this.scene.stop();
      return;
    }
    this.scene.start('lobby', { game: this.gameId });
  }
}
