/**
 * Layout problems a player would see on the page as it is now, for browser tests:
 * - DOM text overlapping other DOM text (both in sight: not one scrolled under an opaque bar), or
 *   cut off by the viewport or by a non-scrolling container;
 * - tap targets (buttons, inputs, selects, links, [role=button], and the game's registered
 *   `window.junctionTargets()`) smaller than 44×44 px (a checkbox counts with its label, which
 *   toggles it too), off screen, or covered by other elements;
 * - Phaser Text objects (every active scene's display list, containers included) overlapping each
 *   other or DOM text, or cut off by the viewport.
 * - DOM or Phaser texts of different elements running into each other on one line with no space
 *   between a letter or digit and the next ("Bob#4178Cleo#6110");
 * - a one-word DOM text (a name in its tag) broken over two lines;
 * - a Phaser text spilling out of the card it is written on (a Container whose first child is its
 *   Rectangle face), or out of the table's stage cell into the frame around it;
 * - a character no installed font has, drawn as an empty box ("⌛" on a desktop), DOM or Phaser;
 * - text too small to read on the screen (under `minText` px, 7 by default: a thumbnail's print).
 * Text or a control scrolled out of view inside a scrolling container (a long screen below the fold)
 * is not a problem; a container that hides overflow on an axis it does not scroll cuts it; elements marked
 * `data-transient` (toasts) are skipped. Run it with no dialog open.
 */
import type { Page } from 'playwright-core';

export interface Box { x: number; y: number; width: number; height: number }
export interface LayoutProblem { kind: 'text-overlap' | 'text-clipped' | 'text-run-together' | 'text-broken-word' | 'small-target' | 'target-off-screen' | 'target-covered' | 'phaser-overlap' | 'phaser-clipped' | 'phaser-run-together' | 'phaser-overflow' | 'text-no-glyph' | 'text-too-small' | 'phaser-no-glyph' | 'phaser-too-small'; what: string; box: Box; other?: string }
export interface LayoutOptions {
  minTarget?: number;
  /** Smallest readable text, in page pixels of font size (default 7: a card's secondary print may be 7 px, a thumbnail's 5 px is not read). */
  minText?: number;
  /** CSS selector of DOM parts to leave out. */
  skip?: string;
  /**
   * Check the game's own drawing too (default true): its Phaser texts against each other and the
   * screen edges, and its registered targets' size. With false (a check of the frame around a
   * game), Phaser texts are still checked against DOM text and targets against being covered.
   */
  game?: boolean;
}

export async function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<LayoutProblem[]> {
  return page.evaluate(({ minTarget, minText, skip, game: checkGame }) => {
    type B = { x: number; y: number; width: number; height: number };
    const problems: LayoutProblem[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const TOL = 1.5;
    const box = (r: { left: number; top: number; width: number; height: number }): B => ({ x: r.left, y: r.top, width: r.width, height: r.height });
    const intersect = (a: B, b: B): B | null => {
      const x = Math.max(a.x, b.x);
      const y = Math.max(a.y, b.y);
      const w = Math.min(a.x + a.width, b.x + b.width) - x;
      const h = Math.min(a.y + a.height, b.y + b.height) - y;
      return w > TOL && h > TOL ? { x, y, width: w, height: h } : null;
    };
    const outside = (b: B) => b.x < -TOL || b.y < -TOL || b.x + b.width > vw + TOL || b.y + b.height > vh + TOL;
    const label = (e: Element) => {
      const id = e.id ? `#${e.id}` : '';
      const test = e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : '';
      return `${e.tagName.toLowerCase()}${id}${test} "${(e.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const skipped = (e: Element) => e.closest('[data-transient]') !== null || (skip ? e.closest(skip) !== null : false);
    const shown = (e: Element) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    /**
     * The characters of `text` that `font` (a CSS font, with the browser's fallbacks) draws as the
     * missing-glyph box: drawn exactly like a code point no font has (U+10FFFD, private use).
     */
    const ink = document.createElement('canvas');
    ink.width = 64;
    ink.height = 64;
    const pen = ink.getContext('2d', { willReadFrequently: true })!;
    const drawn = new Map<string, string>();
    const picture = (ch: string, font: string): string => {
      const key = `${font}\u0000${ch}`;
      let seen = drawn.get(key);
      if (seen === undefined) {
        pen.clearRect(0, 0, 64, 64);
        pen.font = font.replace(/\b\d+(\.\d+)?px\b/, '32px');
        pen.fillStyle = '#000';
        pen.fillText(ch, 8, 44);
        seen = `${pen.measureText(ch).width}:${Array.from(pen.getImageData(0, 0, 64, 64).data.filter((_v, i) => i % 4 === 3)).join(',')}`;
        drawn.set(key, seen);
      }
      return seen;
    };
    const noGlyph = (text: string, font: string): string[] => {
      const missing: string[] = [];
      for (const ch of new Set(Array.from(text))) {
        if (ch.codePointAt(0)! < 0x80 || /[\p{M}\p{Z}\p{Cc}\p{Cf}\uFE00-\uFE0F]/u.test(ch)) continue;
        if (picture(ch, font) === picture('\u{10FFFD}', font)) missing.push(ch);
      }
      return missing;
    };

    /**
     * The part of `b` its ancestors let through. `cut`: an ancestor that does not scroll on that
     * axis cut into it (a real clip); `scrolled`: a scrolling ancestor has it partly or wholly out
     * of view (the player scrolls to it, so its place off screen is no problem).
     */
    const throughAncestors = (e: Element, b: B): { seen: B | null; cut: boolean; scrolled: boolean } => {
      let seen: B | null = b;
      let cut = false;
      let scrolled = false;
      for (let a = e.parentElement; a && seen; a = a.parentElement) {
        const style = getComputedStyle(a);
        const clips = (v: string) => v !== 'visible';
        if (!clips(style.overflowX) && !clips(style.overflowY)) continue;
        const r = a.getBoundingClientRect();
        const next = intersect(seen, box(r));
        const scrollsX = /auto|scroll/.test(style.overflowX);
        const scrollsY = /auto|scroll/.test(style.overflowY);
        const lessWide = !next || next.width < seen.width - TOL;
        const lessTall = !next || next.height < seen.height - TOL;
        if ((lessWide && !scrollsX && (next || !scrollsY)) || (lessTall && !scrollsY && (next || !scrollsX))) cut = true;
        else if (lessWide || lessTall) scrolled = true;
        seen = next;
      }
      return { seen, cut, scrolled };
    };

    // DOM text, one box per line of each text node.
    const texts: { what: string; box: B; el: Element; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim() || skipped(parent) || !shown(parent)) continue;
      if (['SCRIPT', 'STYLE', 'OPTION'].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width >= 1 && r.height >= 1);
      const word = n.textContent.trim();
      if (!/\s/.test(word) && new Set(lines.map((r) => Math.round(r.top))).size > 1) problems.push({ kind: 'text-broken-word', what: label(parent), box: box(lines[0]) });
      if (lines.length > 0) {
        const style = getComputedStyle(parent);
        const missing = noGlyph(word, `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`);
        if (missing.length) problems.push({ kind: 'text-no-glyph', what: label(parent), other: missing.join(' '), box: box(lines[0]) });
        if (parseFloat(style.fontSize) < minText - 0.05) problems.push({ kind: 'text-too-small', what: label(parent), other: style.fontSize, box: box(lines[0]) });
      }
      for (const rect of lines) {
        if (rect.width < 1 || rect.height < 1) continue;
        const { seen, cut, scrolled } = throughAncestors(parent, box(rect));
        if (!seen && !cut) continue; // scrolled out of its container's view
        if (cut || (outside(box(rect)) && !scrolled)) problems.push({ kind: 'text-clipped', what: label(parent), box: box(rect) });
        if (seen) texts.push({ what: label(parent), box: seen, el: parent, text: n.textContent });
      }
    }
    /**
     * Whether one of two overlapping texts is hidden there under an opaque layer (a sticky action bar
     * over a screen that scrolls beneath it): the first opaque background above the point's topmost
     * element must hold both texts for both to be seen, garbled, on top of each other.
     */
    const opaque = (e: Element) => {
      const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(e).backgroundColor);
      const parts = m ? m[1].split(',').map(Number) : [];
      return parts.length === 3 || (parts.length === 4 && parts[3] > 0.9);
    };
    const oneHidden = (hit: B, a: Element, b: Element) => {
      const top = document.elementFromPoint(hit.x + hit.width / 2, hit.y + hit.height / 2);
      if (!top) return false;
      let layer: Element | null = top;
      while (layer && layer !== document.documentElement && !opaque(layer)) layer = layer.parentElement;
      if (!layer || layer === document.documentElement) return false;
      return [a, b].some((x) => !layer!.contains(x) && !x.contains(top));
    };
    /**
     * Two texts side by side on one line with no gap, a letter or digit ending the left one and
     * starting the right one: read as one word.
     */
    const runTogether = (a: { box: B; text: string }, b: { box: B; text: string }): boolean => {
      const [l, r] = a.box.x <= b.box.x ? [a, b] : [b, a];
      const sameLine = Math.min(l.box.y + l.box.height, r.box.y + r.box.height) - Math.max(l.box.y, r.box.y) > 0.5 * Math.min(l.box.height, r.box.height);
      const gap = r.box.x - (l.box.x + l.box.width);
      return sameLine && gap > -TOL && gap < 1.5 && /[\p{L}\p{N}]$/u.test(l.text) && /^[\p{L}\p{N}]/u.test(r.text);
    };
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (texts[i].el === texts[j].el) continue;
        const hit = intersect(texts[i].box, texts[j].box);
        if (hit && !oneHidden(hit, texts[i].el, texts[j].el)) problems.push({ kind: 'text-overlap', what: texts[i].what, other: texts[j].what, box: hit });
        else if (!hit && runTogether(texts[i], texts[j])) problems.push({ kind: 'text-run-together', what: texts[i].what, other: texts[j].what, box: texts[i].box });
      }
    }

    // Tap targets in the DOM.
    const controls = document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href], [role=button]');
    /** A checkbox or radio is tapped through its label too: its target is the largest of its box and its labels'. */
    const targetBox = (c: Element): B => {
      const own = box(c.getBoundingClientRect());
      const labels = c instanceof HTMLInputElement && /checkbox|radio/.test(c.type) && c.labels ? Array.from(c.labels) : [];
      return labels.map((l) => box(l.getBoundingClientRect())).reduce((best, r) => (r.width * r.height > best.width * best.height && r.width >= own.width && r.height >= own.height ? r : best), own);
    };
    for (const c of Array.from(controls)) {
      if (skipped(c) || !shown(c)) continue;
      const r = box(c.getBoundingClientRect());
      if (r.width < 1 || r.height < 1) continue;
      const { seen, scrolled } = throughAncestors(c, r);
      if (!seen) continue;
      const target = targetBox(c);
      if (target.width < minTarget - 0.5 || target.height < minTarget - 0.5) problems.push({ kind: 'small-target', what: label(c), box: target });
      if (outside(r) && !scrolled) problems.push({ kind: 'target-off-screen', what: label(c), box: r });
    }

    // Phaser: registered targets and Text objects, in page pixels.
    const w = window as unknown as { junction?: any; junctionTargets?: () => B[] & { id: string }[] };
    const game = w.junction;
    const canvas: HTMLCanvasElement | undefined = game?.canvas;
    if (game && canvas) {
      const c = canvas.getBoundingClientRect();
      const sx = c.width / (game.scale?.width || c.width);
      const sy = c.height / (game.scale?.height || c.height);
      const toPage = (b: B): B => ({ x: c.left + b.x * sx, y: c.top + b.y * sy, width: b.width * sx, height: b.height * sy });
      for (const t of (w.junctionTargets?.() ?? []) as (B & { id: string })[]) {
        const r = toPage(t);
        const what = `target ${t.id}`;
        if (checkGame && (r.width < minTarget - 0.5 || r.height < minTarget - 0.5)) problems.push({ kind: 'small-target', what, box: r });
        if (outside(r)) problems.push({ kind: 'target-off-screen', what, box: r });
        const hitAt = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        if (hitAt && hitAt !== canvas) problems.push({ kind: 'target-covered', what, other: label(hitAt), box: r });
      }
      const phaserTexts: { what: string; box: B; text: string; onTable: boolean }[] = [];
      const bounds = (o: any): B => { const b = o.getBounds(); return toPage({ x: b.x, y: b.y, width: b.width, height: b.height }); };
      const tableLayer = game.scene.getScene('table')?.layer;
      const walk = (objects: any[], visible: boolean, onTable: boolean) => {
        for (const o of objects) {
          const isVisible = visible && o.visible !== false && (o.alpha ?? 1) > 0 && o.active !== false;
          if (!isVisible) continue;
          const inTable = onTable || o === tableLayer;
          if (o.type === 'Text' && String(o.text ?? '').trim()) {
            const what = `phaser text "${String(o.text).slice(0, 40)}"`;
            const b = bounds(o);
            phaserTexts.push({ what, box: b, text: String(o.text), onTable: inTable });
            if (checkGame) {
              const st = o.style ?? {};
              const missing = noGlyph(String(o.text), `${st.fontStyle || 'normal'} ${st.fontSize || '16px'} ${st.fontFamily || 'Courier'}`);
              if (missing.length) problems.push({ kind: 'phaser-no-glyph', what, other: missing.join(' '), box: b });
              // Its font size on the page: the style's size through every scale between it and the screen.
              const matrix = o.getWorldTransformMatrix?.();
              const scale = matrix ? Math.hypot(matrix.c, matrix.d) : (o.scaleY ?? 1);
              const px = parseFloat(String(st.fontSize || '16')) * scale * sy;
              if (px < minText - 0.05) problems.push({ kind: 'phaser-too-small', what, other: `${px.toFixed(1)}px`, box: b });
            }
          }
          if (Array.isArray(o.list)) {
            // A card: a container sized to its first child, a rectangle face; its texts stay on it.
            const first = o.list[0];
            const face = o.type === 'Container' && o.width > 0 && first?.type === 'Rectangle' && Math.abs(first.width - o.width) < 2 && Math.abs(first.height - o.height) < 2 ? first : null;
            if (checkGame && face && face.visible !== false && (face.fillAlpha ?? 1) > 0.5) {
              const f = bounds(face);
              for (const child of o.list) {
                if (child.type !== 'Text' || child.visible === false || !String(child.text ?? '').trim()) continue;
                const b = bounds(child);
                if (b.x < f.x - TOL || b.y < f.y - TOL || b.x + b.width > f.x + f.width + TOL || b.y + b.height > f.y + f.height + TOL) {
                  problems.push({ kind: 'phaser-overflow', what: `phaser text "${String(child.text).slice(0, 40)}"`, other: 'its card', box: b });
                }
              }
            }
            walk(o.list, isVisible, inTable);
          }
        }
      };
      for (const scene of game.scene.getScenes(true)) {
        if (scene.cameras?.main && scene.cameras.main.visible === false) continue;
        walk(scene.children.list, true, false);
      }
      // The game draws inside the frame's stage cell: a text past it sits under the frame's bars or off its edge.
      const stageEl = document.querySelector('.jn-stage');
      const stage = stageEl && shown(stageEl) ? box(stageEl.getBoundingClientRect()) : null;
      const outsideStage = (b: B) => stage !== null && (b.x < stage.x - TOL || b.y < stage.y - TOL || b.x + b.width > stage.x + stage.width + TOL || b.y + b.height > stage.y + stage.height + TOL);
      for (let i = 0; i < phaserTexts.length; i++) {
        const a = phaserTexts[i];
        if (checkGame && (outside(a.box) || (a.onTable && outsideStage(a.box)))) problems.push({ kind: 'phaser-clipped', what: a.what, box: a.box });
        for (let j = i + 1; checkGame && j < phaserTexts.length; j++) {
          const hit = intersect(a.box, phaserTexts[j].box);
          if (hit) problems.push({ kind: 'phaser-overlap', what: a.what, other: phaserTexts[j].what, box: hit });
          else if (runTogether(a, phaserTexts[j])) problems.push({ kind: 'phaser-run-together', what: a.what, other: phaserTexts[j].what, box: a.box });
        }
        for (const d of texts) {
          const hit = intersect(a.box, d.box);
          if (hit) problems.push({ kind: 'phaser-overlap', what: a.what, other: d.what, box: hit });
        }
      }
    }
    return problems;
  }, { minTarget: options.minTarget ?? 44, minText: options.minText ?? 7, skip: options.skip ?? '', game: options.game ?? true });
}

/** One line per problem, for assertion messages. */
export function describeProblems(problems: LayoutProblem[]): string {
  return problems.map((p) => `${p.kind}: ${p.what}${p.other ? ` / ${p.other}` : ''} at ${Math.round(p.box.x)},${Math.round(p.box.y)} ${Math.round(p.box.width)}×${Math.round(p.box.height)}`).join('\n');
}
