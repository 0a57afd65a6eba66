/**
 * A stand-in for the few Phaser drawing calls the pieces' helpers make (`scene.add.container`,
 * `rectangle`, `circle`, `ellipse`, `star`, `graphics`, `text` and the setters they chain), drawn on a 2D
 * canvas. The lobby's gallery and the how-to pages draw their pictures with the tables' own
 * helpers through it, so those screens need no Phaser (≈ 285 KB gzip) and still show exactly the
 * pieces a table shows. Positions, origins, stroke placement and text metrics follow Phaser 3's
 * own rules (Shape: origin 0.5, stroke centred on the edge; Text: Phaser's MeasureText ascent and
 * descent of its test string, stroke then fill, rounded line positions), so a picture looks as it did
 * when Phaser drew it. A call outside this set throws, and the picture is left out
 * (test/browser/pictures.browser.test.ts draws every gallery and how-to picture both ways).
 */
import type Phaser from 'phaser';

type Fill = { color: number; alpha: number } | null;

const css = (color: number, alpha = 1): string => `rgba(${(color >> 16) & 255}, ${(color >> 8) & 255}, ${color & 255}, ${alpha})`;

abstract class Shown {
  x: number;
  y: number;
  angle = 0;
  scaleX = 1;
  scaleY = 1;
  alpha = 1;
  visible = true;
  active = true;
  width = 0;
  height = 0;
  originX = 0;
  originY = 0;

  constructor(readonly scene: SketchScene, x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }

  setPosition(x: number, y = x): this { this.x = x; this.y = y; return this; }
  setX(x: number): this { this.x = x; return this; }
  setY(y: number): this { this.y = y; return this; }
  setAngle(degrees: number): this { this.angle = degrees; return this; }
  setScale(x: number, y = x): this { this.scaleX = x; this.scaleY = y; return this; }
  setAlpha(alpha: number): this { this.alpha = alpha; return this; }
  setVisible(visible: boolean): this { this.visible = visible; return this; }
  setOrigin(x: number, y = x): this { this.originX = x; this.originY = y; return this; }
  setSize(w: number, h: number): this { this.width = w; this.height = h; return this; }
  /** A picture is never clicked: accepted so that a helper that makes its card clickable still draws. */
  setInteractive(): this { return this; }
  on(): this { return this; }
  destroy(): void { this.active = false; }

  render(ctx: CanvasRenderingContext2D): void {
    if (!this.visible || this.alpha <= 0) return;
    ctx.save();
    ctx.translate(this.x, this.y);
    if (this.angle) ctx.rotate((this.angle * Math.PI) / 180);
    if (this.scaleX !== 1 || this.scaleY !== 1) ctx.scale(this.scaleX, this.scaleY);
    ctx.globalAlpha *= this.alpha;
    this.paint(ctx);
    ctx.restore();
  }

  protected abstract paint(ctx: CanvasRenderingContext2D): void;
}

class Container extends Shown {
  readonly list: Shown[] = [];

  constructor(scene: SketchScene, x = 0, y = 0, children?: Shown | Shown[]) {
    super(scene, x, y);
    if (children) this.add(children);
  }

  add(children: Shown | Shown[]): this {
    for (const child of Array.isArray(children) ? children : [children]) this.list.push(child);
    return this;
  }

  protected paint(ctx: CanvasRenderingContext2D): void {
    for (const child of this.list) child.render(ctx);
  }
}

/** Phaser's Shape: a fill and a stroke centred on its outline, origin 0.5 unless set. */
abstract class Shape extends Shown {
  protected fill: Fill;
  protected stroke: { width: number; color: number; alpha: number } | null = null;

  constructor(scene: SketchScene, x: number, y: number, w: number, h: number, color?: number, alpha = 1) {
    super(scene, x, y);
    this.width = w;
    this.height = h;
    this.originX = 0.5;
    this.originY = 0.5;
    this.fill = color === undefined ? null : { color, alpha };
  }

  setFillStyle(color?: number, alpha = 1): this { this.fill = color === undefined ? null : { color, alpha }; return this; }
  setStrokeStyle(width?: number, color = 0xffffff, alpha = 1): this { this.stroke = width === undefined ? null : { width, color, alpha }; return this; }

  protected paint(ctx: CanvasRenderingContext2D): void {
    ctx.translate(-this.originX * this.width, -this.originY * this.height);
    ctx.beginPath();
    this.outline(ctx);
    if (this.fill) {
      ctx.fillStyle = css(this.fill.color, this.fill.alpha);
      ctx.fill();
    }
    if (this.stroke) {
      ctx.lineWidth = this.stroke.width;
      ctx.strokeStyle = css(this.stroke.color, this.stroke.alpha);
      ctx.stroke();
    }
  }

  protected abstract outline(ctx: CanvasRenderingContext2D): void;
}

class Rectangle extends Shape {
  protected outline(ctx: CanvasRenderingContext2D): void { ctx.rect(0, 0, this.width, this.height); }
}

class Ellipse extends Shape {
  protected outline(ctx: CanvasRenderingContext2D): void {
    ctx.ellipse(this.width / 2, this.height / 2, this.width / 2, this.height / 2, 0, 0, Math.PI * 2);
  }
}

/** Phaser's Star: points alternating outer and inner radius, the first pointing up, in a box of 2 × outer. */
class Star extends Shape {
  constructor(scene: SketchScene, x: number, y: number, private readonly points: number, private readonly inner: number, private readonly outer: number, color?: number, alpha?: number) {
    super(scene, x, y, outer * 2, outer * 2, color, alpha);
  }

  protected outline(ctx: CanvasRenderingContext2D): void {
    const step = Math.PI / this.points;
    let angle = (Math.PI / 2) * 3;
    ctx.moveTo(this.outer, 0);
    for (let i = 0; i < this.points; i++) {
      ctx.lineTo(this.outer + Math.cos(angle) * this.outer, this.outer + Math.sin(angle) * this.outer);
      angle += step;
      ctx.lineTo(this.outer + Math.cos(angle) * this.inner, this.outer + Math.sin(angle) * this.inner);
      angle += step;
    }
    ctx.closePath();
  }
}

type Point = { x: number; y: number };

/** Phaser's Graphics: a list of path commands played back in order, in local coordinates. */
class Graphics extends Shown {
  private readonly commands: ((ctx: CanvasRenderingContext2D) => void)[] = [];
  private fillCss = css(0xffffff);
  private line = { width: 1, css: css(0xffffff) };

  constructor(scene: SketchScene, options: { x?: number; y?: number } = {}) {
    super(scene, options.x ?? 0, options.y ?? 0);
  }

  private run(command: (ctx: CanvasRenderingContext2D) => void): this { this.commands.push(command); return this; }

  fillStyle(color: number, alpha = 1): this {
    const style = css(color, alpha);
    return this.run(() => { this.fillCss = style; });
  }

  lineStyle(width: number, color: number, alpha = 1): this {
    const line = { width, css: css(color, alpha) };
    return this.run(() => { this.line = line; });
  }

  private filled(path: (ctx: CanvasRenderingContext2D) => void): this {
    return this.run((ctx) => { ctx.beginPath(); path(ctx); ctx.fillStyle = this.fillCss; ctx.fill(); });
  }

  private stroked(path: (ctx: CanvasRenderingContext2D) => void): this {
    return this.run((ctx) => { ctx.beginPath(); path(ctx); this.applyLine(ctx); ctx.stroke(); });
  }

  private applyLine(ctx: CanvasRenderingContext2D): void {
    ctx.lineWidth = this.line.width;
    ctx.strokeStyle = this.line.css;
  }

  fillRect(x: number, y: number, w: number, h: number): this { return this.filled((ctx) => ctx.rect(x, y, w, h)); }
  strokeRect(x: number, y: number, w: number, h: number): this { return this.stroked((ctx) => ctx.rect(x, y, w, h)); }
  fillRoundedRect(x: number, y: number, w: number, h: number, radius = 20): this { return this.filled((ctx) => ctx.roundRect(x, y, w, h, radius)); }
  strokeRoundedRect(x: number, y: number, w: number, h: number, radius = 20): this { return this.stroked((ctx) => ctx.roundRect(x, y, w, h, radius)); }
  fillCircle(x: number, y: number, r: number): this { return this.filled((ctx) => ctx.arc(x, y, r, 0, Math.PI * 2)); }
  strokeCircle(x: number, y: number, r: number): this { return this.stroked((ctx) => ctx.arc(x, y, r, 0, Math.PI * 2)); }

  fillTriangle(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): this {
    return this.filled((ctx) => { ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.lineTo(x2, y2); ctx.closePath(); });
  }

  strokeTriangle(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): this {
    return this.stroked((ctx) => { ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.lineTo(x2, y2); ctx.closePath(); });
  }

  private static trace(ctx: CanvasRenderingContext2D, points: Point[], close: boolean): void {
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    if (close) ctx.closePath();
  }

  fillPoints(points: Point[], closeShape = false): this { return this.filled((ctx) => Graphics.trace(ctx, points, closeShape)); }
  strokePoints(points: Point[], closeShape = false): this { return this.stroked((ctx) => Graphics.trace(ctx, points, closeShape)); }

  lineBetween(x1: number, y1: number, x2: number, y2: number): this {
    return this.stroked((ctx) => { ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); });
  }

  beginPath(): this { return this.run((ctx) => ctx.beginPath()); }
  moveTo(x: number, y: number): this { return this.run((ctx) => ctx.moveTo(x, y)); }
  lineTo(x: number, y: number): this { return this.run((ctx) => ctx.lineTo(x, y)); }
  arc(x: number, y: number, r: number, start: number, end: number, anticlockwise = false): this { return this.run((ctx) => ctx.arc(x, y, r, start, end, anticlockwise)); }
  closePath(): this { return this.run((ctx) => ctx.closePath()); }
  strokePath(): this { return this.run((ctx) => { this.applyLine(ctx); ctx.stroke(); }); }
  fillPath(): this { return this.run((ctx) => { ctx.fillStyle = this.fillCss; ctx.fill(); }); }

  protected paint(ctx: CanvasRenderingContext2D): void {
    for (const command of this.commands) command(ctx);
  }
}

interface TextStyle {
  fontFamily?: string;
  fontSize?: string | number;
  fontStyle?: string;
  color?: string;
  stroke?: string;
  strokeThickness?: number;
  backgroundColor?: string;
  align?: 'left' | 'center' | 'right';
  padding?: number | { x?: number; y?: number; left?: number; right?: number; top?: number; bottom?: number };
}

/** Phaser's MeasureText: the ascent and descent of its test string in this font. */
const metricsOf = new Map<string, { ascent: number; descent: number }>();
function fontMetrics(ctx: CanvasRenderingContext2D, font: string): { ascent: number; descent: number } {
  let m = metricsOf.get(font);
  if (!m) {
    ctx.font = font;
    // Phaser's own test string, as its sources spell it ('|MÉqgy' read through the wrong encoding).
    const measured = ctx.measureText('|M\u00c3\u2030qgy');
    m = { ascent: measured.actualBoundingBoxAscent, descent: measured.actualBoundingBoxDescent };
    metricsOf.set(font, m);
  }
  return m;
}

/** Phaser's Text: its box is the measured lines plus stroke and padding; it is placed by its origin (0, 0 unless set). */
class Text extends Shown {
  private readonly font: string;
  private readonly pad: { left: number; right: number; top: number; bottom: number };
  private lines: string[] = [];
  private lineWidths: number[] = [];
  private lineHeight = 0;
  private ascent = 0;

  constructor(scene: SketchScene, x: number, y: number, text: string | string[], readonly style: TextStyle = {}) {
    super(scene, x, y);
    const size = typeof style.fontSize === 'number' ? `${style.fontSize}px` : style.fontSize ?? '16px';
    this.font = [style.fontStyle ?? '', size, style.fontFamily ?? 'Courier'].join(' ').trim();
    const p = style.padding;
    const px = typeof p === 'number' ? p : p?.x;
    const py = typeof p === 'number' ? p : p?.y;
    this.pad = typeof p === 'object' && px === undefined && py === undefined
      ? { left: p.left ?? 0, right: p.right ?? 0, top: p.top ?? 0, bottom: p.bottom ?? 0 }
      : { left: px ?? 0, right: px ?? 0, top: py ?? 0, bottom: py ?? 0 };
    this.setText(text);
  }

  get text(): string { return this.lines.join('\n'); }

  setText(text: string | string[]): this {
    const ctx = this.scene.measure;
    const stroke = this.style.strokeThickness ?? 0;
    this.lines = (Array.isArray(text) ? text.join('\n') : String(text)).split(/(?:\r\n|\r|\n)/);
    const { ascent, descent } = fontMetrics(ctx, this.font);
    ctx.font = this.font;
    this.ascent = ascent;
    this.lineWidths = this.lines.map((line) => Math.ceil(stroke + ctx.measureText(line).width));
    this.lineHeight = ascent + descent + stroke;
    this.width = Math.max(0, ...this.lineWidths) + this.pad.left + this.pad.right;
    this.height = this.lineHeight * this.lines.length + this.pad.top + this.pad.bottom;
    return this;
  }

  protected paint(ctx: CanvasRenderingContext2D): void {
    const s = this.style;
    const stroke = s.strokeThickness ?? 0;
    ctx.translate(-this.originX * this.width, -this.originY * this.height);
    if (s.backgroundColor) {
      ctx.fillStyle = s.backgroundColor;
      ctx.fillRect(0, 0, this.width, this.height);
    }
    ctx.font = this.font;
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = s.color ?? '#fff';
    ctx.strokeStyle = s.stroke ?? '#fff';
    ctx.lineWidth = stroke;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    const inner = this.width - this.pad.left - this.pad.right;
    this.lines.forEach((line, i) => {
      let x = stroke / 2;
      if (s.align === 'right') x += inner - this.lineWidths[i];
      else if (s.align === 'center') x += (inner - this.lineWidths[i]) / 2;
      const lx = this.pad.left + Math.round(x);
      const ly = this.pad.top + Math.round(stroke / 2 + i * this.lineHeight + this.ascent);
      if (stroke) ctx.strokeText(line, lx, ly);
      ctx.fillText(line, lx, ly);
    });
  }
}

/** The `scene` a drawing helper is given: `add.*` makes the objects, nothing is drawn until `render`. */
export class SketchScene {
  /** For measuring text only. */
  readonly measure: CanvasRenderingContext2D;
  readonly add = {
    container: (x = 0, y = 0, children?: Shown | Shown[]) => new Container(this, x, y, children),
    rectangle: (x = 0, y = 0, w = 128, h = 128, color?: number, alpha?: number) => new Rectangle(this, x, y, w, h, color, alpha),
    circle: (x = 0, y = 0, r = 128, color?: number, alpha?: number) => new Ellipse(this, x, y, r * 2, r * 2, color, alpha),
    ellipse: (x = 0, y = 0, w = 128, h = 128, color?: number, alpha?: number) => new Ellipse(this, x, y, w, h, color, alpha),
    star: (x = 0, y = 0, points = 5, inner = 32, outer = 64, color?: number, alpha?: number) => new Star(this, x, y, points, inner, outer, color, alpha),
    graphics: (options?: { x?: number; y?: number }) => new Graphics(this, options),
    text: (x: number, y: number, text: string | string[], style?: TextStyle) => new Text(this, x, y, text, style),
  };

  constructor() {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    this.measure = ctx;
  }

  /** Typed as the Phaser scene the helpers expect; they only call what is above. */
  asPhaser(): Phaser.Scene {
    return this as unknown as Phaser.Scene;
  }
}

/**
 * Draws what `draw` returns (objects made with the scene it is given) at `scale`× on a
 * `w`×`h` (CSS pixels) canvas, over `background` if given, and returns the canvas.
 */
export function sketch(w: number, h: number, scale: number, draw: (scene: Phaser.Scene) => Phaser.GameObjects.GameObject | Phaser.GameObjects.GameObject[], background?: number): HTMLCanvasElement {
  const scene = new SketchScene();
  const drawn = draw(scene.asPhaser()) as unknown as Shown | Shown[];
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  if (background !== undefined) {
    ctx.fillStyle = css(background);
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.scale(scale, scale);
  for (const object of Array.isArray(drawn) ? drawn : [drawn]) object.render(ctx);
  return canvas;
}
