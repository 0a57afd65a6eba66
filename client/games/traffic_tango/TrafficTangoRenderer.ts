/**
 * Traffic Tango table: the city as a map (client/games/traffic_tango/cityMap.ts) with its signs,
 * the players' corners and delivery areas, your planned signs and route, and every delivery played
 * out as cars moving tile by tick, with crashes drawn where they happen. Beside or under it: the
 * day and its clock, the sign and route controls, the gas / garnet table and your last delivery.
 * Only what the engine would accept is lit: tiles and lines that take the chosen sign, tiles that
 * extend the route, Send when the server would take it (client/games/traffic_tango/legal.ts).
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { TrafficTangoAction } from '../../../shared/games/traffic_tango/actions.js';
import type { TrafficTangoPublicView as Pub, TrafficTangoSeatView as Mine } from '../../../shared/games/traffic_tango/views.js';
import type { SignInput } from '../../../shared/games/traffic_tango/actions.js';
import { DIRS, LINE_NAMES, type Dir } from '../../../shared/games/traffic_tango/board.js';
import type { CityMap } from '../../../shared/games/traffic_tango/signs.js';
import { t } from '../../i18n/index.js';
import { hitBox, tableButton, tapArea } from '../controls.js';
import { unmarkTarget } from '../../ui/tapTargets.js';
import { Stage } from '../stage.js';
import { drawCity, lineCentre, tileCentre, type CityGeometry } from './cityMap.js';
import { drawCrash, drawSign, type SignKind } from './signIcons.js';
import { seatMark } from './draw.js';
import { DeferredRedraw } from '../deferredRedraw.js';
import { cheapest, cityMapOf, routeCheck, routeSteps, signCandidate, signsAccepted, withDraft } from './legal.js';

const KINDS = ['oneWay', 'yield', 'roundabout', 'toll', 'stop', 'speed'] as const;
type Kind = (typeof KINDS)[number];
const TICK_MS = 420;
const FONT = 'system-ui, sans-serif';
const tt = (key: string, opts?: Record<string, unknown>): string => t(`table_traffic_tango:${key}`, opts);

interface Anim { key: string; tick: number; last: number; timer: Phaser.Time.TimerEvent | null }

export class TrafficTangoRenderer implements GameRenderer<Pub, Mine, TrafficTangoAction> {
  get keysHelp(): string { return tt('keys'); }
  private stage = Object.assign(new Stage(), { ordered: true });
  /** The panel's keys: a compact panel is a second set, so a table that needs it keeps both. */
  private prefix = 'panel:';
  /** What the panel pass named (hidden when the compact panel takes its place). */
  private drawn: Phaser.GameObjects.GameObject[] = [];
  /** A label's width in the buttons' font, measured once. */
  private widths = new Map<string, number>();
  private mode: 'signs' | 'route' = 'signs';
  private kind: Kind = 'toll';
  private dir: Dir = 'N';
  private draft: SignInput[] = [];
  private route: string[] = [];
  private dayKey = '';
  private cursor = 12;
  private last: { ctx: RenderContext<TrafficTangoAction>; pub: Pub; mine: Mine | null } | null = null;
  private clock: Phaser.Time.TimerEvent | null = null;
  private clockText: Phaser.GameObjects.Text | null = null;
  private redraw = new DeferredRedraw(() => {
    const l = this.last;
    if (l && l.ctx.layer.active) this.render(l.ctx, l.pub, l.mine);
  });
  private deliveriesSeen: number | null = null;
  private anim: Anim | null = null;

  render(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine | null): void {
    this.last = { ctx, pub, mine };
    this.stage.attach(ctx.scene, ctx.layer);
    this.stage.begin();
    this.syncDay(pub, mine);
    this.syncAnim(ctx, pub);
    const { width, height } = ctx;
    const wide = width >= height * 1.1;
    const mapSize = Math.floor(wide ? Math.min(height - 4, width * 0.56) : Math.min(width, height * 0.5));
    const head = Math.max(24, Math.min(40, mapSize * 0.09));
    const g: CityGeometry = { x: 0, y: 0, head, cell: (mapSize - head) / 5 };
    const map = cityMapOf(pub);
    const draft = this.mode === 'signs' && pub.traffic !== null ? this.draft : [];
    // The whole map is one kept drawing: its look is everything drawCity reads.
    const cityLook = JSON.stringify([g, pub.lines, pub.players.map((p) => [p.seat, p.start, p.dest]), pub.tiles, draft]);
    this.stage.shape('city', cityLook, (sc) => {
      const city = sc.add.container(0, 0);
      drawCity(sc, city, g, pub, draft);
      return city;
    });
    this.drawRoute(ctx, g, mine);
    this.tapTargets(ctx, pub, mine, map, g);
    this.drawCars(ctx, pub, mine, g);
    const panel = wide ? { x: mapSize + 12, y: 0, w: Math.max(140, width - mapSize - 12) } : { x: 0, y: mapSize + 8, w: width };
    // A panel taller than the area (phone landscape, a long day) is drawn again, compact. The full
    // panel stays kept, hidden and untappable, so the next render does not make it again.
    this.compact = false;
    this.prefix = 'panel:';
    this.drawn = [];
    this.panel(ctx, pub, mine, map, panel.x, panel.y, panel.w);
    if (this.panelY > height) {
      for (const o of this.drawn) hide(o);
      this.compact = true;
      this.prefix = 'compact:';
      this.panel(ctx, pub, mine, map, panel.x, panel.y, panel.w);
    }
    this.stage.end();
    this.clock ??= ctx.scene.time.addEvent({ delay: 500, loop: true, callback: () => this.tickClock() });
  }

  destroy(): void {
    this.clock?.remove();
    this.anim?.timer?.remove();
    this.clock = null;
    this.anim = null;
    this.stage.destroy();
  }

  // ---- state kept between renders -------------------------------------------------------------

  private syncDay(pub: Pub, mine: Mine | null): void {
    const key = `${pub.phase}:${pub.day}`;
    if (key !== this.dayKey) {
      this.dayKey = key;
      this.draft = mine?.signs ? [...mine.signs] : [];
      this.route = mine?.route ? [...mine.route.tiles] : [];
      this.mode = pub.traffic !== null && !mine?.signs ? 'signs' : 'route';
    }
    if (pub.traffic === null && this.mode === 'signs') this.mode = 'route';
    if (pub.delivery === null && this.mode === 'route') this.mode = 'signs';
    if (this.kind === 'stop' && mine?.stopUsed) this.kind = 'toll';
  }

  /** A delivery seen arriving is played out tick by tick; one already there when we sat down is not. */
  private syncAnim(ctx: RenderContext<TrafficTangoAction>, pub: Pub): void {
    const n = pub.deliveries.length;
    if (this.deliveriesSeen !== null && n > this.deliveriesSeen) this.startAnim(ctx);
    this.deliveriesSeen = n;
  }

  private startAnim(ctx: RenderContext<TrafficTangoAction>): void {
    this.anim?.timer?.remove();
    const tracks = this.tracks();
    const last = Math.max(0, ...[...tracks.values()].map((tr) => tr.length - 1));
    const anim: Anim = { key: `${Date.now()}`, tick: 0, last, timer: null };
    anim.timer = ctx.scene.time.addEvent({
      delay: TICK_MS, loop: true, callback: () => {
        if (anim.tick < anim.last + 3) { anim.tick++; this.rerender(); return; }
        anim.timer?.remove();
        if (this.anim === anim) { this.anim = null; this.rerender(); }
      },
    });
    this.anim = anim;
  }

  /** The cars' tracks of the last delivery: mine always, everybody's with the public replay option. */
  private tracks(): Map<number, { tile: string; state: string }[]> {
    const out = new Map<number, { tile: string; state: string }[]>();
    const l = this.last;
    if (!l) return out;
    const pubLast = l.pub.deliveries.at(-1);
    for (const car of pubLast?.replay ?? []) if (car.track.length) out.set(car.seat, car.track);
    const mineLast = l.mine?.deliveries.at(-1);
    if (mineLast && mineLast.track.length && l.mine) out.set(l.mine.seat, mineLast.track);
    return out;
  }

  // ---- the map's overlays ---------------------------------------------------------------------

  private drawRoute(ctx: RenderContext<TrafficTangoAction>, g: CityGeometry, mine: Mine | null): void {
    const tiles = this.mode === 'route' ? (this.route.length ? this.route : mine ? [mine.start] : []) : [];
    if (tiles.length === 0 || !mine) return;
    const pts = tiles.map((tile) => tileCentre(g, tile));
    this.stage.shape('route', `${JSON.stringify(g)}|${tiles.join(' ')}`, (scene) => {
      const route = scene.add.container(0, 0);
      const gr = scene.add.graphics().lineStyle(Math.max(3, g.cell * 0.1), 0xf2c14e, 0.95);
      for (let i = 1; i < pts.length; i++) gr.lineBetween(pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
      pts.forEach((p) => gr.fillStyle(0xf2c14e).fillCircle(p.x, p.y, Math.max(3, g.cell * 0.08)));
      const endAt = pts.at(-1)!;
      route.add([gr, scene.add.text(endAt.x, endAt.y - g.cell * 0.3, `${tiles.length - 1}`, { fontFamily: FONT, fontSize: '12px', color: '#1d2330', backgroundColor: '#f2c14e', fontStyle: 'bold' }).setOrigin(0.5)]);
      return route;
    }, 'over');
  }

  /** Tiles and line heads that accept the chosen sign, or tiles that extend the route: nothing else. */
  private tapTargets(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine | null, map: CityMap, g: CityGeometry): void {
    const stage = this.stage;
    const playing = mine !== null && pub.phase === 'play';
    const steps = playing && this.mode === 'route' && pub.delivery !== null ? routeSteps(map, mine, this.route) : [];
    const stepAt = new Map(steps.map((s) => [s.tiles.at(-1)!, s.tiles]));
    for (let i = 0; i < 25; i++) {
      const name = `${'ABCDE'[i % 5]}${Math.floor(i / 5) + 1}`;
      const { x, y } = tileCentre(g, i);
      const hit = stage.shape(`hit-${name}`, `${x}|${y}|${g.cell}`, (scene) => hitBox(scene, x, y, g.cell - 2, g.cell - 2));
      let tap: (() => void) | null = null;
      let id = `tile-${name}`;
      if (playing && this.mode === 'signs' && pub.traffic !== null && this.kind !== 'speed') {
        const cand = signCandidate(this.kind, this.dir, { tile: name });
        if (cand && signsAccepted(pub, mine, map, withDraft(this.draft, cand))) tap = () => this.addSign(cand);
        id = `sign-${name}`;
      } else if (stepAt.has(name)) {
        const add = stepAt.get(name)!;
        tap = () => this.extendRoute(add);
        id = `step-${name}`;
      }
      tapArea(hit, id, tap);
      const lit = this.mode === 'route' ? 0xf2c14e : 0x9fe29f;
      if (tap) stage.shape(`lit-${name}`, `${x}|${y}|${g.cell}|${lit}`, (scene) => scene.add.rectangle(x, y, g.cell - 6, g.cell - 6).setStrokeStyle(3, lit, 0.9), 'over');
      if (i === this.cursor) stage.shape('cursor', `${x}|${y}|${g.cell}`, (scene) => scene.add.rectangle(x, y, g.cell - 2, g.cell - 2).setStrokeStyle(2, 0x7fd1ff), 'over');
    }
    LINE_NAMES.forEach((line, n) => {
      const { x, y } = lineCentre(g, n);
      const hit = stage.shape(`hit-line-${line}`, `${x}|${y}|${g.cell}|${g.head}`, (scene) => hitBox(scene, x, y, n < 5 ? g.cell - 2 : g.head, n < 5 ? g.head : g.cell - 2));
      let tap: (() => void) | null = null;
      if (playing && this.mode === 'signs' && pub.traffic !== null && this.kind === 'speed') {
        const cand = signCandidate('speed', this.dir, { line });
        if (cand && signsAccepted(pub, mine, map, withDraft(this.draft, cand))) tap = () => this.addSign(cand);
      }
      tapArea(hit, `line-${line}`, tap);
      if (tap) stage.shape(`lit-line-${line}`, `${x}|${y}|${g.cell}|${g.head}`, (scene) => scene.add.circle(x, y, Math.min(g.head, g.cell) * 0.42).setStrokeStyle(3, 0x9fe29f), 'over');
    });
  }

  /** One car piece per seat: parked on its start corner, or where the delivery being played has it. */
  private drawCars(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine | null, g: CityGeometry): void {
    const { scene } = ctx;
    const tracks = this.tracks();
    const r = Math.max(7, g.cell * 0.2);
    const tick = this.anim ? Math.min(this.anim.tick, this.anim.last) : null;
    const shared = new Map<string, number>();
    for (const p of pub.players) {
      const track = tracks.get(p.seat);
      let tile = p.start;
      let alpha = 1;
      if (tick !== null) {
        if (track) tile = track[Math.min(tick, track.length - 1)].tile;
        else alpha = 0.35;
      }
      const n = shared.get(tile) ?? 0;
      shared.set(tile, n + 1);
      const c = tileCentre(g, tile);
      this.stage.place(`car-${p.seat}`, `${Math.round(r)}`, () => seatMark(scene, 0, 0, r, p.seat), { x: c.x + n * r * 0.7, y: c.y - n * r * 0.5, depth: 5 + p.seat, alpha });
    }
    // Crashes where they happened (from the tick they happen on while the delivery plays).
    for (const [seat, track] of tracks) {
      const at = track.findIndex((s) => s.state === 'crash');
      if (at < 0 || (tick !== null && tick < at)) continue;
      const c = tileCentre(g, track[at].tile);
      this.stage.shape(`crash-${seat}`, `${c.x}|${c.y}|${g.cell}`, (sc) => drawCrash(sc, c.x, c.y, g.cell * 0.6), 'over');
    }
    void mine;
  }

  // ---- the panel ------------------------------------------------------------------------------

  private panel(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine | null, map: CityMap, x: number, y0: number, w: number): void {
    this.panelX = x;
    this.panelW = w;
    this.panelY = y0;
    this.clockText = this.text('status', this.statusText(), '#f2c14e', 14, true);
    if (mine && pub.phase === 'play') {
      if (pub.traffic !== null && pub.delivery !== null && !this.compact) {
        this.flow(ctx, [
          { label: tt('mode.signs'), id: 'mode-signs', tap: this.mode === 'signs' ? null : () => this.setMode('signs'), on: this.mode === 'signs' },
          { label: tt('mode.route'), id: 'mode-route', tap: this.mode === 'route' ? null : () => this.setMode('route'), on: this.mode === 'route' },
        ]);
      }
      if (this.mode === 'signs' && pub.traffic !== null) this.signPanel(ctx, pub, mine, map);
      else if (pub.delivery !== null) this.routePanel(ctx, mine, map);
    }
    if (mine && pub.phase === 'choose' && mine.canEliminate.length) {
      this.text('choose', tt('choose'), '#f2c14e', 13, true);
      this.flow(ctx, mine.canEliminate.map((s) => ({ label: this.name(ctx, s), id: `eliminate-${s}`, tap: () => ctx.act({ type: 'eliminate', seat: s }), primary: true })));
      ctx.hint(tt('hint.choose'));
    } else if (!mine) ctx.hint(tt('hint.watching'));
    else if (pub.phase !== 'play') ctx.hint(tt('hint.over'));
    this.panelY += 4;
    this.scoreTable(ctx, pub, mine);
    if (mine) this.deliveryPanel(ctx, mine);
  }

  private signPanel(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine, map: CityMap): void {
    const x = this.panelX, w = this.panelW;
    // Sign kinds as their icons (44 px and up), lit when some tile or line takes that sign today.
    const size = Math.max(44, Math.min(52, (w - 5 * 6) / 6));
    const perRow = Math.max(1, Math.floor((w + 6) / (size + 6)));
    KINDS.forEach((k, i) => {
      const bx = x + (i % perRow) * (size + 6);
      const by = this.panelY + Math.floor(i / perRow) * (size + 6);
      const usable = this.kindUsable(pub, mine, map, k);
      const on = this.kind === k;
      const dir = k === 'oneWay' ? this.dir : '';
      const kind = this.keep(`kind-${k}`, `${bx}|${by}|${size}|${on}|${usable}|${dir}`, (scene) => scene.add.container(0, 0, [
        scene.add.rectangle(bx, by, size, size, on ? 0x4b5a78 : 0x2a3142).setOrigin(0).setStrokeStyle(on ? 3 : 1, on ? 0xf2c14e : 0x59627a),
        drawSign(scene, bx + size / 2, by + size / 2, size * 0.62, k as SignKind, { dirs: dir ? [this.dir] : undefined }).setAlpha(usable ? 1 : 0.3),
      ]));
      tapArea(kind.list[0] as Phaser.GameObjects.Rectangle, `kind-${k}`, usable && !on ? () => this.setKind(k) : null, on);
    });
    this.panelY += Math.ceil(KINDS.length / perRow) * (size + 6);
    if (this.kind === 'oneWay') {
      this.flow(ctx, DIRS.map((d) => ({ label: tt(`dir.${d}`), id: `dir-${d}`, tap: this.dir === d ? null : () => { this.dir = d; this.rerender(); }, on: this.dir === d })));
    }
    const names = this.draft.map((s) => this.signName(s)).join(' · ') || tt('noSign');
    this.text('draft', tt('draft', { signs: names }), '#ffffff', 13);
    // Compact: the help lines give way (the status line under the table says what to do).
    if (pub.extraSignCost !== null && !this.compact) this.text('extra', tt('extra', { cost: pub.extraSignCost, garnets: mine.garnets }), '#aab3c5', 12);
    if (!this.compact) this.text('place', this.kind === 'speed' ? tt('placeLine') : tt('placeTile', { sign: tt(`kind.${this.kind}`) }), '#aab3c5', 12);
    if (mine.signs && !this.compact) this.text('sent', tt('sent', { signs: mine.signs.map((s) => this.signName(s)).join(' · ') || tt('noSign') }), '#9fe29f', 12);
    const canSend = signsAccepted(pub, mine, map, this.draft);
    this.flow(ctx, [
      ...this.modeItems(pub),
      { label: tt('sendSigns'), id: 'send-signs', tap: canSend ? () => this.send() : null, primary: true },
      { label: tt('clear'), id: 'clear-signs', tap: this.draft.length ? () => { this.draft = []; this.rerender(); } : null },
    ]);
    ctx.hint(mine.signs ? tt('hint.signsSent') : tt('hint.signs'));
  }

  private panelX = 0;
  private compact = false;

  /** Signs / Route, which a compact panel puts in the row of the send buttons. */
  private modeItems(pub: Pub): { label: string; id: string; tap: (() => void) | null; on?: boolean }[] {
    if (!this.compact || pub.traffic === null || pub.delivery === null) return [];
    return [
      { label: tt('mode.signs'), id: 'mode-signs', tap: this.mode === 'signs' ? null : () => this.setMode('signs'), on: this.mode === 'signs' },
      { label: tt('mode.route'), id: 'mode-route', tap: this.mode === 'route' ? null : () => this.setMode('route'), on: this.mode === 'route' },
    ];
  }
  private panelY = 0;
  private panelW = 0;

  /** A kept object of the panel (under the pieces), shown again if a compact pass hid it. */
  private keep<T extends Phaser.GameObjects.GameObject & { destroy(): void; setVisible(v: boolean): unknown }>(key: string, look: string, make: (scene: Phaser.Scene) => T): T {
    const obj = this.stage.shape(this.prefix + key, look, make);
    obj.setVisible(true);
    this.drawn.push(obj);
    return obj;
  }

  private text(key: string, s: string, color: string, size: number, bold = false): Phaser.GameObjects.Text {
    const text = this.stage.label(this.prefix + key, this.panelX, this.panelY, s, { size, colour: color, bold, wrap: this.panelW, layer: 'under' });
    text.setVisible(true);
    this.drawn.push(text);
    this.panelY += Math.max(text.height, size + 4) + 4;
    return text;
  }

  /** A table button (controls.ts tableButton) kept by key: what it does is set on every render. */
  private button(key: string, x: number, y: number, label: string, id: string, onTap: (() => void) | null, opts: { w?: number; primary?: boolean; on?: boolean; font?: number }): { w: number; h: number } {
    const made = this.keep(`button-${key}`, `${x}|${y}|${label}|${id}|${onTap !== null}|${JSON.stringify(opts)}`, (scene) => {
      const c = scene.add.container(0, 0);
      c.setData('size', tableButton(scene, c, x, y, label, id, onTap, opts));
      return c;
    });
    tapArea(made.list[0] as Phaser.GameObjects.Rectangle, id, onTap, opts.on);
    return made.getData('size') as { w: number; h: number };
  }

  /** A label's width in the buttons' bold 14 px, measured once by a text made and dropped. */
  private width(ctx: RenderContext<TrafficTangoAction>, label: string): number {
    let w = this.widths.get(label);
    if (w === undefined) {
      const probe = ctx.scene.add.text(0, 0, label, { fontFamily: FONT, fontSize: '14px', fontStyle: 'bold' });
      w = probe.width;
      probe.destroy();
      this.widths.set(label, w);
    }
    return w;
  }

  /** Buttons side by side, wrapping onto the next line. */
  private flow(ctx: RenderContext<TrafficTangoAction>, items: { label: string; id: string; tap: (() => void) | null; on?: boolean; primary?: boolean }[]): void {
    const x = this.panelX, w = this.panelW;
    let bx = x;
    let rowH = 0;
    for (const it of items) {
      const bw = Math.min(w, Math.max(44, this.width(ctx, it.label) + 20));
      if (bx > x && bx + bw > x + w) { bx = x; this.panelY += rowH + 6; rowH = 0; }
      const b = this.button(it.id, bx, this.panelY, it.label, it.id, it.tap, { on: it.on, primary: it.primary, font: 14, w: bw });
      bx += b.w + 6;
      rowH = Math.max(rowH, b.h);
    }
    this.panelY += rowH + 6;
  }

  private routePanel(ctx: RenderContext<TrafficTangoAction>, mine: Mine, map: CityMap): void {
    const route = this.route.length ? this.route : [mine.start];
    this.text('route', tt('route', { from: mine.start, to: mine.dest, tiles: route.join(' ') }), '#ffffff', 13);
    const check = routeCheck(map, mine, route);
    if (check.ok) this.text('route-check', tt('routeOk', { steps: check.steps, tolls: check.tolls, gas: check.steps + check.tolls }), '#9fe29f', 12);
    else this.text('route-check', tt('routeNotYet', { to: mine.dest }), '#aab3c5', 12);
    if (mine.route && !this.compact) this.text('route-sent', tt('routeSent', { tiles: mine.route.tiles.join(' ') }), '#9fe29f', 12);
    const best = cheapest(map, mine);
    this.flow(ctx, [
      ...this.modeItems(this.last!.pub),
      { label: tt('sendRoute'), id: 'send-route', tap: check.ok ? () => this.send() : null, primary: true },
      { label: tt('undo'), id: 'undo-route', tap: route.length > 1 ? () => this.pop() : null },
      { label: tt('fastest'), id: 'route-cheapest', tap: best && best.join() !== route.join() ? () => { this.route = best; this.rerender(); } : null },
    ]);
    ctx.hint(mine.route ? tt('hint.routeSent') : tt('hint.route', { from: mine.start, to: mine.dest }));
  }

  private scoreTable(ctx: RenderContext<TrafficTangoAction>, pub: Pub, mine: Mine | null): void {
    const x = this.panelX, w = this.panelW;
    // Compact: two players a line, the finale's notes left to the result screen.
    const cols = this.compact && w >= 300 ? 2 : 1;
    const colW = w / cols;
    let rowH = 0;
    pub.players.forEach((p, k) => {
      const me = p.seat === mine?.seat;
      const cx = x + (k % cols) * colW;
      const y = this.panelY;
      this.keep(`score-mark-${p.seat}`, `${cx}|${y}`, (scene) => seatMark(scene, cx + 10, y + 10, 9, p.seat));
      const garnets = p.garnets ?? (me ? mine!.garnets : null);
      // "signs ✔" (sent) or "signs …" (awaited): the mark after its word, a space between ("…signs" read as a cut word).
      const ins = [p.signsIn === null ? '' : `${tt('signsShort')} ${p.signsIn ? '✔' : '…'}`, p.routeIn === null ? '' : `${tt('routeShort')} ${p.routeIn ? '✔' : '…'}`].filter(Boolean).join(' · ');
      const fin = pub.finale && !this.compact ? ` · ${tt('place', { count: pub.finale.places[p.seat], ordinal: true })}${pub.finale.token === p.seat ? ` · ${tt('token')}` : ''}${pub.finale.candidate === p.seat ? ` · ${tt('candidate')}` : ''}` : '';
      const words = `${this.name(ctx, p.seat)} · ${tt('gas', { count: p.gas })}${garnets !== null ? ` · ${tt('garnets', { count: garnets })}` : ''}${ins ? ` · ${ins}` : ''}${fin}`;
      const text = this.keep(`score-${p.seat}`, `${cx}|${y}|${colW}|${me}|${this.compact}|${words}`, (scene) => {
        const made = scene.add.text(cx + 24, y + 2, words, { fontFamily: FONT, fontSize: '12px', color: me ? '#f2c14e' : '#f2f2f2', wordWrap: { width: colW - 28 } });
        if (this.compact) made.setMaxLines(2);
        return made;
      });
      rowH = Math.max(rowH, this.compact ? text.height + 4 : Math.max(22, text.height + 6));
      if (k % cols === cols - 1 || k === pub.players.length - 1) { this.panelY += rowH; rowH = 0; }
    });
    this.panelY += 4;
  }

  private deliveryPanel(ctx: RenderContext<TrafficTangoAction>, mine: Mine): void {
    const d = mine.deliveries.at(-1);
    if (!d) return;
    let summary: string;
    if (d.crash) summary = tt('crashed', { tile: d.crash.tile, tick: d.crash.tick, with: d.crash.with.map((s) => this.name(ctx, s)).join(', ') || '—' });
    else if (d.steps === null) summary = tt('noVehicle');
    else summary = tt('arrived', { steps: d.steps, tolls: d.tolls, gas: d.gas, count: d.garnets });
    const line = `${tt('delivery', { n: d.number })} ${summary}${d.defaulted ? ` ${tt('defaulted')}` : ''}`;
    if (this.compact) {
      // Compact: the replay button with the summary beside it (three lines at most).
      const b = this.button('replay-delivery', this.panelX, this.panelY, '▶', 'replay-delivery', this.anim ? null : () => this.startAnim(ctx), { w: 48 });
      const lx = this.panelX + b.w + 8, ly = this.panelY, lw = this.panelW - b.w - 8;
      this.keep('delivery', `${lx}|${ly}|${lw}|${line}`, (scene) => scene.add.text(lx, ly, line, { fontFamily: FONT, fontSize: '12px', color: '#7fd1ff', wordWrap: { width: lw } }).setMaxLines(3));
      this.panelY += b.h + 6;
      return;
    }
    this.text('delivery', line, '#7fd1ff', 12);
    this.flow(ctx, [{ label: tt('replay'), id: 'replay-delivery', tap: this.anim ? null : () => this.startAnim(ctx) }]);
  }

  private tickClock(): void {
    const text = this.clockText;
    if (text?.active) text.setText(this.statusText());
  }

  private statusText(): string {
    const l = this.last;
    if (!l) return '';
    const pub = l.pub;
    const left = pub.deadline === null ? null : Math.max(0, Math.ceil((pub.deadline - l.ctx.serverNow()) / 1000));
    const parts = pub.phase === 'over' ? tt('status.over') : pub.phase === 'choose' ? tt('status.choose')
      : [tt('status.day', { n: pub.day }), pub.traffic ? tt('status.traffic', { n: pub.traffic }) : '', pub.delivery ? tt('status.delivery', { n: pub.delivery }) : ''].filter(Boolean).join(' · ');
    // The frame's top bar counts the deadline down: a second count here could only disagree with it.
    return left === null || l.ctx.frameClock ? parts : tt('status.clock', { what: parts, s: left });
  }

  // ---- actions --------------------------------------------------------------------------------

  private kindUsable(pub: Pub, mine: Mine, map: CityMap, kind: Kind): boolean {
    if (kind === 'speed') return LINE_NAMES.some((line) => signsAccepted(pub, mine, map, withDraft(this.draft, { kind: 'speed', line })));
    return pub.tiles.some((t) => {
      const cand = signCandidate(kind, this.dir, { tile: t.tile });
      return cand !== null && signsAccepted(pub, mine, map, withDraft(this.draft, cand));
    });
  }

  /** `spoken`: a direction in words (north), not the canvas's arrow (↑ N), for the text view. */
  private signName(s: SignInput, spoken = false): string {
    if (s.kind === 'speed') return tt(/\d/.test(s.line) ? 'signOnRow' : 'signOnColumn', { sign: tt('kind.speed'), line: s.line });
    const dir = (d: Dir) => (spoken ? t(`traffic_tango:dir.${d}`) : tt(`dir.${d}`));
    return tt('signOnTile', { sign: s.kind === 'oneWay' ? tt('kind.oneWayDir', { dir: dir(s.dir) }) : tt(`kind.${s.kind}`), tile: s.tile });
  }

  /** Today's signs or the route being drawn, not sent yet (the text view lists and says them). */
  unsent(): string[] {
    const l = this.last;
    if (!l?.mine || l.pub.phase !== 'play') return [];
    if (this.mode === 'signs' && l.pub.traffic !== null) {
      return [tt('draft', { signs: this.draft.map((s) => this.signName(s, true)).join(', ') || tt('noSign') })];
    }
    if (this.mode !== 'route' || l.pub.delivery === null) return [];
    const route = this.route.length ? this.route : [l.mine.start];
    const check = routeCheck(cityMapOf(l.pub), l.mine, route);
    return [
      tt('route', { from: l.mine.start, to: l.mine.dest, tiles: route.join(' ') }),
      check.ok ? tt('routeOk', { steps: check.steps, tolls: check.tolls, gas: check.steps + check.tolls }) : tt('routeNotYet', { to: l.mine.dest }),
    ];
  }

  private addSign(s: SignInput): void {
    this.draft = withDraft(this.draft, s);
    this.rerender();
  }

  private extendRoute(tiles: string[]): void {
    const mine = this.last?.mine;
    if (!mine) return;
    if (this.route.length === 0) this.route = [mine.start];
    this.route = [...this.route, ...tiles];
    this.rerender();
  }

  private send(): void {
    const l = this.last;
    if (!l?.mine) return;
    if (this.mode === 'signs') l.ctx.act({ type: 'signs', signs: this.draft });
    else l.ctx.act({ type: 'route', tiles: this.route.length ? this.route : [l.mine.start], skips: [] });
  }

  private pop(): void {
    if (this.route.length > 1) this.route.pop();
    this.rerender();
  }

  private setMode(m: 'signs' | 'route'): void { this.mode = m; this.rerender(); }
  private setKind(k: Kind): void { this.kind = k; this.rerender(); }

  private rerender(): void {
    this.redraw.request();
  }

  private name(ctx: RenderContext<TrafficTangoAction>, seat: number): string {
    if (seat === ctx.mySeat) return tt('you');
    return ctx.seats.find((s) => s.seat === seat)?.name ?? tt('seat', { n: seat + 1 });
  }

  /** The tap on the cursor's tile, or on its line head for a Speed Limit, when that tap is lit. */
  private tapCursor(line?: 'row' | 'col'): void {
    const l = this.last;
    if (!l?.mine || l.pub.phase !== 'play') return;
    const map = cityMapOf(l.pub);
    const name = `${'ABCDE'[this.cursor % 5]}${Math.floor(this.cursor / 5) + 1}`;
    if (this.mode === 'route') {
      const step = routeSteps(map, l.mine, this.route).find((s) => s.tiles.at(-1) === name);
      if (step) this.extendRoute(step.tiles);
      return;
    }
    const at = line === 'row' ? { line: name[1] } : line === 'col' ? { line: name[0] } : { tile: name };
    const cand = signCandidate(line ? 'speed' : this.kind, this.dir, at);
    if (cand && signsAccepted(l.pub, l.mine, map, withDraft(this.draft, cand))) this.addSign(cand);
    else l.ctx.hint(tt('hint.notHere'));
  }

  onKey(ctx: RenderContext<TrafficTangoAction>, key: string): void {
    const l = this.last;
    if (!l) return;
    const moveBy = ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 } as Record<string, number>)[key];
    const k = key.length === 1 ? key.toUpperCase() : key;
    if (moveBy !== undefined) {
      const next = this.cursor + moveBy;
      if (next >= 0 && next < 25 && (Math.abs(moveBy) === 5 || Math.floor(next / 5) === Math.floor(this.cursor / 5))) this.cursor = next;
      this.rerender();
    } else if (key === 'Enter' || key === ' ') this.tapCursor();
    else if (l.pub.phase === 'choose' && /^[1-4]$/.test(key)) {
      const seat = Number(key) - 1;
      if (l.mine?.canEliminate.includes(seat)) ctx.act({ type: 'eliminate', seat });
    } else if (/^[1-6]$/.test(key) && this.mode === 'signs') this.setKind(KINDS[Number(key) - 1]);
    else if ((DIRS as readonly string[]).includes(k) && this.mode === 'signs') { this.dir = k as Dir; this.kind = 'oneWay'; this.rerender(); }
    else if (k === 'M') this.setMode(this.mode === 'signs' ? 'route' : 'signs');
    else if (k === 'C') this.tapCursor('col');
    else if (k === 'R') this.tapCursor('row');
    else if (k === 'X') { this.draft = []; this.rerender(); }
    else if (k === 'F' && l.mine) { const best = cheapest(cityMapOf(l.pub), l.mine); if (best) { this.route = best; this.rerender(); } }
    else if (k === 'G') {
      if (this.mode === 'signs' && l.mine && signsAccepted(l.pub, l.mine, cityMapOf(l.pub), this.draft)) this.send();
      else if (this.mode === 'route' && l.mine && routeCheck(cityMapOf(l.pub), l.mine, this.route).ok) this.send();
    } else if (key === 'Backspace') this.pop();
    else if (k === 'P' && !this.anim) this.startAnim(ctx);
  }
}

/** A full panel object under a compact one: not seen, not tappable, not a tap target. */
function hide(obj: Phaser.GameObjects.GameObject): void {
  (obj as Phaser.GameObjects.GameObject & { setVisible(v: boolean): unknown }).setVisible(false);
  const untap = (o: Phaser.GameObjects.GameObject): void => {
    if (o.input) o.disableInteractive();
    unmarkTarget(o as Parameters<typeof unmarkTarget>[0]);
    if (o instanceof Object && 'list' in o && Array.isArray(o.list)) for (const child of o.list as Phaser.GameObjects.GameObject[]) untap(child);
  };
  untap(obj);
}
