/**
 * Which screen is shown. Screens are of two kinds:
 * - DOM screens (lobby, how to play, tournaments, players): plain HTML pages, each a `DomScreen`;
 *   the lobby is in the first load, the others are fetched when first opened.
 * - Drawn scenes (table, replay): Phaser scenes. Phaser and these scenes are one chunk
 *   (client/app/drawn.ts), fetched the first time one of them opens; the Phaser game is made then
 *   and kept for the rest of the visit.
 * Every screen moves on with `start(key, data)` (a DOM screen's `this.scene.start`, a drawn scene's
 * `screens.start`). `window.junction.scene` is this object: browser tests read
 * `getScene('table')` and `isActive(key)` as they did when every screen was a Phaser scene.
 */
import type Phaser from 'phaser';

type Listener = (...args: unknown[]) => void;

/** The one event a DOM screen has: 'shutdown', when another screen replaces it. */
export class ScreenEvents {
  private readonly listeners = new Map<string, { fn: Listener; once: boolean }[]>();

  on(event: string, fn: Listener): this { return this.push(event, fn, false); }
  once(event: string, fn: Listener): this { return this.push(event, fn, true); }

  off(event: string, fn?: Listener): this {
    const list = this.listeners.get(event);
    if (list) this.listeners.set(event, fn ? list.filter((l) => l.fn !== fn) : []);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((l) => !l.once));
    for (const l of list) l.fn(...args);
  }

  private push(event: string, fn: Listener, once: boolean): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { fn, once }]);
    return this;
  }
}

/** What a DOM screen calls to move on (named like Phaser's scene plugin, so screens read the same). */
export interface ScreenHandle {
  start(key: string, data?: object): void;
  isActive(): boolean;
}

export abstract class DomScreen {
  readonly events = new ScreenEvents();
  readonly scene: ScreenHandle;

  constructor(readonly key: string) {
    this.scene = {
      start: (next, data) => screens.start(next, data),
      isActive: () => screens.current === this,
    };
  }

  abstract create(data: object): void | Promise<void>;
}

type DomFactory = () => DomScreen | Promise<DomScreen>;

export class Screens {
  current: DomScreen | null = null;
  private readonly dom = new Map<string, DomFactory>();
  private readonly made = new Map<string, DomScreen>();
  private drawnKeys = new Set<string>();
  private loadDrawn: (() => Promise<Phaser.Game>) | null = null;
  private fetchDrawn: () => Promise<unknown> = () => Promise.resolve();
  private drawnGame: Promise<Phaser.Game> | null = null;
  private game: Phaser.Game | null = null;
  private ticket = 0;
  /** Told when a screen could not be opened (its chunk failed to load). */
  onError: (error: unknown) => void = (error) => console.error(error);

  domScreen(key: string, make: DomFactory): void {
    this.dom.set(key, make);
  }

  /** `fetch` only downloads their chunk; `load` also makes the Phaser game (once). */
  drawnScenes(keys: string[], fetch: () => Promise<unknown>, load: () => Promise<Phaser.Game>): void {
    this.drawnKeys = new Set(keys);
    this.fetchDrawn = fetch;
    this.loadDrawn = load;
  }

  has(key: string): boolean {
    return this.dom.has(key) || this.drawnKeys.has(key);
  }

  /** Downloads Phaser and the drawn scenes ahead of need, without making the game (nothing runs until a table opens). */
  prefetchDrawn(): void {
    this.fetchDrawn().catch(() => undefined);
  }

  private prepareDrawn(): Promise<Phaser.Game> {
    if (!this.drawnGame) {
      if (!this.loadDrawn) return Promise.reject(new Error('no drawn scenes'));
      this.drawnGame = this.loadDrawn().then((game) => (this.game = game));
      this.drawnGame.catch(() => { this.drawnGame = null; });
    }
    return this.drawnGame;
  }

  /** Opens `key` in place of what is shown; the screen on show stays until the next one is ready. */
  start(key: string, data: object = {}): void {
    const ticket = ++this.ticket;
    this.open(key, data, ticket).catch((error: unknown) => this.onError(error));
  }

  private async open(key: string, data: object, ticket: number): Promise<void> {
    const make = this.dom.get(key);
    if (make) {
      const screen = await make();
      if (ticket !== this.ticket) return;
      this.stopDom();
      this.stopDrawn();
      this.current = screen;
      this.made.set(key, screen);
      await screen.create(data);
      return;
    }
    if (!this.drawnKeys.has(key)) throw new Error(`no screen ${key}`);
    const game = await this.prepareDrawn();
    if (ticket !== this.ticket) return;
    this.stopDom();
    this.stopDrawn(key);
    game.scene.start(key, data);
  }

  private stopDom(): void {
    const screen = this.current;
    this.current = null;
    screen?.events.emit('shutdown');
  }

  private stopDrawn(except?: string): void {
    if (!this.game) return;
    for (const scene of this.game.scene.getScenes(false)) {
      const key = scene.sys.settings.key;
      if (key !== except && (scene.sys.isActive() || scene.sys.isSleeping() || scene.sys.isPaused())) this.game.scene.stop(key);
    }
  }

  // What browser tests read through window.junction.scene (Phaser's SceneManager names).

  getScene(key: string): unknown {
    if (this.dom.has(key)) return this.made.get(key) ?? null;
    return this.game?.scene.getScene(key) ?? null;
  }

  isActive(key: string): boolean {
    if (this.dom.has(key)) return this.current?.key === key;
    return this.game?.scene.isActive(key) ?? false;
  }

  /** The drawn scenes (Phaser's), for the layout checks that walk their display lists. */
  getScenes(active = true): Phaser.Scene[] {
    return this.game?.scene.getScenes(active) ?? [];
  }

  get phaser(): Phaser.Game | null {
    return this.game;
  }
}

export const screens = new Screens();

/** `window.junction`: the screens, and the Phaser game's canvas and scale once it exists. */
export const junction = {
  scene: screens,
  get canvas(): HTMLCanvasElement | undefined { return screens.phaser?.canvas; },
  get scale(): Phaser.Scale.ScaleManager | undefined { return screens.phaser?.scale; },
};
