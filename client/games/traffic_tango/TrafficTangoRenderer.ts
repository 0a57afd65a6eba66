/**
 * Traffic Tango table: the 5 × 5 city with its revealed signs and Speed Limits, your start (S) and
 * delivery (D) corners, a sign placement control, a route editor checked locally with the engine's
 * own planRoute, your delivery replay, and the gas / garnet table with the final standing.
 */
import type Phaser from 'phaser';
import type { GameRenderer, RenderContext } from '../renderer.js';
import type { TrafficTangoPublicView as Pub, TrafficTangoSeatView as Mine } from '../../../shared/games/traffic_tango/views.js';
import type { SignInput } from '../../../shared/games/traffic_tango/actions.js';
import { DIRS, LINE_NAMES, parseTile, tileName, type Dir, type LineName } from '../../../shared/games/traffic_tango/board.js';
import { planRoute } from '../../../shared/games/traffic_tango/routes.js';
import type { CityMap } from '../../../shared/games/traffic_tango/signs.js';
import { button, text, tileLabels } from './draw.js';
import { formatMsg } from '../../i18n/format.js';

const KINDS = ['oneWay', 'yield', 'roundabout', 'toll', 'stop', 'speed'] as const;
type Kind = (typeof KINDS)[number];
const KIND_LABEL: Record<Kind, string> = { oneWay: 'One Way', yield: 'Yield', roundabout: 'Roundabout', toll: 'Toll', stop: 'Stop', speed: 'Speed Limit' };
const signText = (s: SignInput): string => (s.kind === 'speed' ? `Speed Limit on ${/\d/.test(s.line) ? 'row' : 'column'} ${s.line}` : `${KIND_LABEL[s.kind]}${s.kind === 'oneWay' ? ` ${s.dir}` : ''} at ${s.tile}`);

export class TrafficTangoRenderer implements GameRenderer {
  readonly keysHelp = 'arrows move cursor · Enter click tile · M signs/route mode · 1–6 sign kind · N/E/S/W One Way dir · C/R Speed Limit on cursor column/row · X clear signs · G send · Backspace undo route tile · [ ] replay step · Q next delivery · 1–4 name candidate';
  private mode: 'signs' | 'route' = 'signs';
  private kind: Kind = 'toll';
  private dir: Dir = 'N';
  private draft: SignInput[] = [];
  private route: string[] = [];
  private dayKey = '';
  private cursor = 12;
  private replay = { delivery: -1, step: 0 };
  private last: { ctx: RenderContext; pub: Pub; mine: Mine | null } | null = null;
  private clock: Phaser.Time.TimerEvent | null = null;
  private clockText: Phaser.GameObjects.Text | null = null;

  render(ctx: RenderContext, pubU: unknown, mineU: unknown): void {
    const pub = pubU as Pub;
    const mine = (mineU as Mine | null) ?? null;
    this.last = { ctx, pub, mine };
    const key = `${pub.phase}:${pub.day}`;
    if (key !== this.dayKey) {
      this.dayKey = key;
      this.draft = mine?.signs ? [...mine.signs] : [];
      this.route = mine?.route ? [...mine.route.tiles] : [];
      this.mode = pub.traffic !== null ? 'signs' : 'route';
      this.replay = { delivery: (mine?.deliveries.length ?? 0) - 1, step: 0 };
    }
    if (pub.traffic === null && this.mode === 'signs') this.mode = 'route';
    if (pub.delivery === null && this.mode === 'route') this.mode = 'signs';
    const { scene, layer, width, height } = ctx;
    layer.removeAll(true);
    const cell = Math.max(40, Math.min((height - 60) / 5.6, (width * 0.5) / 5.6, 96));
    const ox = cell * 0.6, oy = cell * 0.5;
    const rep = mine?.deliveries[this.replay.delivery];
    const car = rep?.track[Math.min(this.replay.step, rep.track.length - 1)];
    const routeIdx = new Map<string, number[]>();
    if (this.mode === 'route') this.route.forEach((t, i) => routeIdx.set(t, [...(routeIdx.get(t) ?? []), i + 1]));
    // Line headers: columns on top, rows on the left; click to place a Speed Limit there.
    LINE_NAMES.forEach((line, i) => {
      const col = i < 5;
      const x = col ? ox + i * cell : 0, y = col ? 0 : oy + (i - 5) * cell;
      const l = pub.lines[i];
      const r = scene.add.rectangle(x, y, col ? cell - 2 : ox - 2, col ? oy - 2 : cell - 2, l.signs ? 0x6b3b3b : 0x262d3d).setOrigin(0);
      r.setInteractive({ useHandCursor: true }).on('pointerdown', () => this.clickLine(line));
      layer.add(r);
      text(scene, layer, x + 3, y + 2, `${line}${l.limit ? `\n${l.limit}` : ''}`, 11, l.signs ? '#ffd0d0' : '#9aa');
    });
    pub.tiles.forEach((t, i) => {
      const x = ox + (i % 5) * cell, y = oy + Math.floor(i / 5) * cell;
      const mineS = t.tile === mine?.start, mineD = t.tile === mine?.dest;
      const fill = t.stop ? 0x7a2a2a : mineS ? 0x2f5f3a : mineD ? 0x2f4a6f : 0x3b4254;
      const r = scene.add.rectangle(x, y, cell - 2, cell - 2, fill).setOrigin(0);
      if (i === this.cursor) r.setStrokeStyle(3, 0x7fd1ff);
      if (routeIdx.has(t.tile)) r.setStrokeStyle(3, 0xf2c14e);
      r.setInteractive({ useHandCursor: true }).on('pointerdown', () => { this.cursor = i; this.clickTile(t.tile); });
      layer.add(r);
      const corner = pub.players.filter((p) => p.start === t.tile).map((p) => `P${p.seat + 1}`).join(' ');
      text(scene, layer, x + 2, y + 1, `${t.tile}${corner ? ` ${corner}` : ''}${mineS ? ' START' : mineD ? ' DELIVER' : ''}`, 10, '#bbb');
      text(scene, layer, x + 3, y + 14, tileLabels(t).join('\n'), 10, '#fff');
      if (routeIdx.has(t.tile)) text(scene, layer, x + 3, y + cell - 16, `#${routeIdx.get(t.tile)!.join(',')}`, 11, '#f2c14e');
      if (car && car.tile === t.tile && this.mode !== 'route') text(scene, layer, x + cell - 48, y + cell - 18, `CAR ${car.state}`, 10, '#1d2330').setBackgroundColor('#7fd1ff');
    });
    this.clockText = text(scene, layer, 0, oy + 5 * cell + 4, '', 13, '#f2c14e');
    this.tickClock();
    this.clock ??= scene.time.addEvent({ delay: 500, loop: true, callback: () => this.tickClock() });
    this.panel(ctx, pub, mine, ox + 5 * cell + 14, Math.max(220, width - ox - 5 * cell - 14));
  }

  private tickClock(): void {
    const pub = this.last?.pub, t = this.clockText;
    if (!pub || !t || !t.active) return;
    const left = pub.deadline === null ? null : Math.max(0, Math.ceil((pub.deadline - this.last!.ctx.serverNow()) / 1000));
    const what = pub.phase === 'over' ? 'Match over' : pub.phase === 'choose' ? 'Elimination choice' : `Day ${pub.day}${pub.traffic ? ` · Traffic T${pub.traffic}` : ''}${pub.delivery ? ` · Delivery D${pub.delivery}` : ''}`;
    t.setText(`${what}${left === null ? '' : ` · ${left}s left`}`);
  }

  private panel(ctx: RenderContext, pub: Pub, mine: Mine | null, x: number, w: number): void {
    const { scene, layer } = ctx;
    let y = 0;
    const line = (s: string, color?: string, size = 13) => { const t = text(scene, layer, x, y, s, size, color); t.setWordWrapWidth(w); y += t.height + 3; };
    if (mine && pub.phase === 'play') {
      let bx = x;
      if (pub.traffic !== null) bx = button(scene, layer, bx, y, 'Signs (M)', () => this.setMode('signs'), this.mode === 'signs');
      if (pub.delivery !== null) bx = button(scene, layer, bx, y, 'Route (M)', () => this.setMode('route'), this.mode === 'route');
      y += 28;
      if (this.mode === 'signs') this.signPanel(ctx, pub, mine, x, () => y, (v) => (y = v), line);
      else this.routePanel(ctx, pub, mine, x, () => y, (v) => (y = v), line);
    }
    if (mine && pub.phase === 'choose' && mine.canEliminate.length) {
      line('You won: name the Elimination Candidate (keys 1–4):', '#f2c14e');
      let bx = x;
      for (const s of mine.canEliminate) bx = button(scene, layer, bx, y, `${this.name(ctx, s)} (${s + 1})`, () => ctx.act({ type: 'eliminate', seat: s }));
      y += 28;
      ctx.hint('Choose the Elimination Candidate.');
    }
    y += 6;
    // Gas / garnet table.
    line(`Player · corner · gas (per delivery) · garnets${pub.phase === 'play' ? ' · in' : ''}`, '#9aa', 12);
    for (const p of pub.players) {
      const garnets = p.garnets ?? (p.seat === mine?.seat ? mine.garnets : null);
      const per = pub.deliveries.map((d) => d.gas[p.seat]).join('+') || '–';
      const ins = [p.signsIn === null ? '' : p.signsIn ? 'signs✓' : 'signs…', p.routeIn === null ? '' : p.routeIn ? 'route✓' : 'route…'].filter(Boolean).join(' ');
      const fin = pub.finale ? ` · place ${pub.finale.places[p.seat]}${pub.finale.bonus[p.seat] ? ` +${pub.finale.bonus[p.seat]} bonus` : ''}${pub.finale.token === p.seat ? ' · TOKEN OF LIFE' : ''}${pub.finale.candidate === p.seat ? ' · ELIMINATION CANDIDATE' : ''}` : '';
      line(`${p.seat === mine?.seat ? '▶ ' : ''}${this.name(ctx, p.seat)} · ${p.corner} ${p.start}→${p.dest} · gas ${p.gas} (${per}) · ${garnets ?? '?'} garnets ${ins}${fin}`, p.seat === mine?.seat ? '#f2c14e' : undefined, 12);
    }
    if (pub.lastPlaced) line(`Revealed after day ${pub.lastPlaced.day}: ${pub.lastPlaced.signs.map(signText).join('; ') || 'none'}`, '#bbb', 12);
    if (mine?.failedSigns.length) line(`Your failed signs: ${mine.failedSigns.map((f) => `${signText(f.sign)} (day ${f.day})`).join('; ')}`, '#ff9a9a', 12);
    if (mine) this.replayPanel(ctx, mine, x, () => y, line);
  }

  private signPanel(ctx: RenderContext, pub: Pub, mine: Mine, x: number, gy: () => number, sy: (v: number) => void, line: (s: string, c?: string, z?: number) => void): void {
    const { scene, layer } = ctx;
    let bx = x;
    KINDS.forEach((k, i) => { if (k !== 'stop' || !mine.stopUsed) bx = button(scene, layer, bx, gy(), `${i + 1} ${KIND_LABEL[k]}`, () => this.setKind(k), this.kind === k); });
    sy(gy() + 28);
    if (this.kind === 'oneWay') { bx = x; for (const d of DIRS) bx = button(scene, layer, bx, gy(), `exit ${d}`, () => { this.dir = d; this.redraw(); }, this.dir === d); sy(gy() + 28); }
    line(this.kind === 'speed' ? 'Click a column letter / row number (or C / R for the cursor\'s).' : `Click a tile to place ${KIND_LABEL[this.kind]}${this.kind === 'oneWay' ? ` (exit ${this.dir})` : ''}.`, '#bbb', 12);
    line(`Today's signs (max 2; the 2nd costs ${pub.extraSignCost ?? '?'} garnets): ${this.draft.map(signText).join('; ') || 'no sign'}`);
    if (mine.signs) line(`Sent: ${mine.signs.map(signText).join('; ') || 'no sign'}`, '#9f9', 12);
    bx = button(scene, layer, x, gy(), 'Send signs (G)', () => this.send());
    button(scene, layer, bx, gy(), 'Clear (X)', () => { this.draft = []; this.redraw(); });
    sy(gy() + 30);
    ctx.hint(mine.signs ? 'Signs sent; you may resend until the day resolves.' : 'Choose up to 2 signs (or none) and send them.');
  }

  private routePanel(ctx: RenderContext, pub: Pub, mine: Mine, x: number, gy: () => number, sy: (v: number) => void, line: (s: string, c?: string, z?: number) => void): void {
    const check = this.check(pub, mine);
    line(`Route ${mine.start}→${mine.dest}: ${this.route.join(' ') || '(click tiles from your start)'}`);
    line(check.ok ? `Legal · ${check.steps} steps + ${check.tolls} toll gas = ${check.steps + check.tolls} gas (if nobody blocks you)` : `Not legal yet: ${check.message}`, check.ok ? '#9f9' : '#ff9a9a', 12);
    if (mine.route) line(`Sent: ${mine.route.tiles.join(' ')}`, '#9f9', 12);
    const bx = button(ctx.scene, ctx.layer, x, gy(), 'Send route (G)', () => this.send());
    button(ctx.scene, ctx.layer, bx, gy(), 'Undo tile (Backspace)', () => this.pop());
    sy(gy() + 30);
    ctx.hint(mine.route ? 'Route sent; you may resend until the day resolves.' : `Click tiles in order from ${mine.start} to ${mine.dest}, then send.`);
  }

  private replayPanel(ctx: RenderContext, mine: Mine, x: number, gy: () => number, line: (s: string, c?: string, z?: number) => void): void {
    const d = mine.deliveries[this.replay.delivery];
    if (!d) return;
    const step = Math.min(this.replay.step, d.track.length - 1);
    line(`Your delivery D${d.number}: step ${step + 1}/${d.track.length} ${d.track[step]?.state ?? ''} at ${d.track[step]?.tile ?? '–'}`, '#7fd1ff');
    line(`${d.steps !== null ? `${d.steps} steps` : 'no arrival'} · tolls ${d.tolls} · gas ${d.gas} · garnets +${d.garnets}${d.speedingCost ? ` · speeding −${d.speedingCost}` : ''}${d.defaulted ? ' · clock chose your route' : ''}${d.crash ? ` · CRASH step ${d.crash.tick} at ${d.crash.tile}${d.crash.with.length ? ` with ${d.crash.with.map((s) => this.name(ctx, s)).join(', ')}` : ''}` : ''}${d.hitBy.map((h) => ` · wreck hit at ${h.tile} by ${h.by.map((s) => this.name(ctx, s)).join(', ')}`).join('')}`, undefined, 12);
    const y = gy() + 2;
    let bx = button(ctx.scene, ctx.layer, x, y, '◀ step ([)', () => this.stepReplay(-1));
    bx = button(ctx.scene, ctx.layer, bx, y, 'step (]) ▶', () => this.stepReplay(1));
    button(ctx.scene, ctx.layer, bx, y, 'next delivery (Q)', () => this.nextDelivery());
  }

  private check(pub: Pub, mine: Mine): { ok: true; steps: number; tolls: number } | { ok: false; message: string } {
    const map: CityMap = { tiles: pub.tiles.map((t) => ({ oneWay: [...t.oneWay], yield: t.yield, roundabout: t.roundabout, tolls: t.tolls, stop: t.stop })), speed: pub.lines.map((l) => l.signs) };
    const tiles = this.route.map((t) => parseTile(t) ?? 0);
    const r = planRoute(map, parseTile(mine.start)!, parseTile(mine.dest)!, tiles, []);
    if (!r.ok) return { ok: false, message: formatMsg({ key: `traffic_tango:error.${r.code}`, params: r.params }, { mySeat: null, names: new Map() }) };
    const tolls = r.plan.ticks.reduce((a, t) => a + t.path.reduce((b, x) => b + 2 * map.tiles[x].tolls, 0), 0);
    return { ok: true, steps: r.plan.ticks.length + 1, tolls };
  }

  private clickTile(tile: string): void {
    if (!this.last?.mine) return;
    if (this.mode === 'route') {
      if (!this.route.length && tile !== this.last.mine.start) this.route.push(this.last.mine.start);
      if (this.route.length < 40) this.route.push(tile);
    } else if (this.kind === 'speed') {
      return this.redraw();
    } else {
      const s: SignInput = this.kind === 'oneWay' ? { kind: 'oneWay', tile, dir: this.dir } : { kind: this.kind, tile };
      this.addSign(s);
    }
    this.redraw();
  }

  private clickLine(line: LineName): void {
    if (this.mode !== 'signs' || !this.last?.mine) return;
    this.kind = 'speed';
    this.addSign({ kind: 'speed', line });
    this.redraw();
  }

  private addSign(s: SignInput): void {
    this.draft = [...this.draft.filter((d) => !(d.kind === s.kind || ('tile' in d && 'tile' in s && d.tile === s.tile))), s].slice(-2);
  }

  private send(): void {
    const l = this.last;
    if (!l?.mine) return;
    if (this.mode === 'signs') l.ctx.act({ type: 'signs', signs: this.draft });
    else l.ctx.act({ type: 'route', tiles: this.route, skips: [] });
  }

  private pop(): void { this.route.pop(); this.redraw(); }
  private setMode(m: 'signs' | 'route'): void { this.mode = m; this.redraw(); }
  private setKind(k: Kind): void { this.kind = k; this.redraw(); }
  private stepReplay(d: number): void {
    const len = this.last?.mine?.deliveries[this.replay.delivery]?.track.length ?? 1;
    this.replay.step = Math.max(0, Math.min(len - 1, this.replay.step + d));
    this.redraw();
  }
  private nextDelivery(): void {
    const n = this.last?.mine?.deliveries.length ?? 0;
    if (n) this.replay = { delivery: (this.replay.delivery + 1) % n, step: 0 };
    this.redraw();
  }
  private redraw(): void { if (this.last) this.render(this.last.ctx, this.last.pub, this.last.mine); }
  private name(ctx: RenderContext, seat: number): string { return ctx.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`; }

  onKey(ctx: RenderContext, key: string): void {
    const l = this.last;
    if (!l) return;
    const k = key.length === 1 ? key.toLowerCase() : key;
    const arrows: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 };
    if (l.pub.phase === 'choose' && k >= '1' && k <= '4') { if (l.mine?.canEliminate.includes(Number(k) - 1)) ctx.act({ type: 'eliminate', seat: Number(k) - 1 }); return; }
    if (k in arrows) { this.cursor = (this.cursor + arrows[k] + 25) % 25; ctx.hint(`Cursor on ${tileName(this.cursor)}`); this.redraw(); }
    else if (k === 'Enter' || k === ' ') this.clickTile(tileName(this.cursor));
    else if (k === 'm') this.setMode(this.mode === 'signs' && l.pub.delivery !== null ? 'route' : l.pub.traffic !== null ? 'signs' : 'route');
    else if (k >= '1' && k <= '6') this.setKind(KINDS[Number(k) - 1]);
    else if (this.mode === 'signs' && ['n', 'e', 's', 'w'].includes(k)) { this.dir = k.toUpperCase() as Dir; this.kind = 'oneWay'; this.redraw(); }
    else if (k === 'c') this.clickLine('ABCDE'[this.cursor % 5] as LineName);
    else if (k === 'r') this.clickLine(String(Math.floor(this.cursor / 5) + 1) as LineName);
    else if (k === 'x') { this.draft = []; this.redraw(); }
    else if (k === 'g') this.send();
    else if (k === 'Backspace') this.pop();
    else if (k === '[' || k === ']') this.stepReplay(k === '[' ? -1 : 1);
    else if (k === 'q') this.nextDelivery();
  }

  destroy(): void { this.clock?.remove(); this.clock = null; }
}
