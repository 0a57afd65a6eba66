/**
 * Layout problems a player would see on the page as it is now, for browser tests:
 * - DOM text overlapping other DOM text (both in sight: not one scrolled under an opaque bar), or
 *   cut off by the viewport or by a non-scrolling container;
 * - tap targets (buttons, inputs, selects, links, [role=button], and the game's registered
 *   `window.junctionTargets()`) smaller than 44×44 px (a checkbox counts with its label, which
 *   toggles it too), off screen, or covered by other elements;
 * - Phaser Text objects (every active scene's display list, containers included) overlapping each
 *   other or DOM text, or cut off by the viewport.
 * Text or a control scrolled out of view inside a scrolling container (a long screen below the fold)
 * is not a problem; a container that hides overflow on an axis it does not scroll cuts it; elements marked
 * `data-transient` (toasts) are skipped. Run it with no dialog open.
 */
import type { Page } from 'playwright-core';

export interface Box { x: number; y: number; width: number; height: number }
export interface LayoutProblem { kind: 'text-overlap' | 'text-clipped' | 'small-target' | 'target-off-screen' | 'target-covered' | 'phaser-overlap' | 'phaser-clipped'; what: string; box: Box; other?: string }
export interface LayoutOptions {
  minTarget?: number;
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
  return page.evaluate(({ minTarget, skip, game: checkGame }) => {
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
    const texts: { what: string; box: B; el: Element }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim() || skipped(parent) || !shown(parent)) continue;
      if (['SCRIPT', 'STYLE', 'OPTION'].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width < 1 || rect.height < 1) continue;
        const { seen, cut, scrolled } = throughAncestors(parent, box(rect));
        if (!seen && !cut) continue; // scrolled out of its container's view
        if (cut || (outside(box(rect)) && !scrolled)) problems.push({ kind: 'text-clipped', what: label(parent), box: box(rect) });
        if (seen) texts.push({ what: label(parent), box: seen, el: parent });
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
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (texts[i].el === texts[j].el) continue;
        const hit = intersect(texts[i].box, texts[j].box);
        if (hit && !oneHidden(hit, texts[i].el, texts[j].el)) problems.push({ kind: 'text-overlap', what: texts[i].what, other: texts[j].what, box: hit });
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
      const phaserTexts: { what: string; box: B }[] = [];
      const walk = (objects: any[], visible: boolean) => {
        for (const o of objects) {
          const isVisible = visible && o.visible !== false && (o.alpha ?? 1) > 0 && o.active !== false;
          if (!isVisible) continue;
          if (o.type === 'Text' && String(o.text ?? '').trim()) {
            const b = o.getBounds();
            phaserTexts.push({ what: `phaser text "${String(o.text).slice(0, 40)}"`, box: toPage({ x: b.x, y: b.y, width: b.width, height: b.height }) });
          }
          if (Array.isArray(o.list)) walk(o.list, isVisible);
        }
      };
      for (const scene of game.scene.getScenes(true)) {
        if (scene.cameras?.main && scene.cameras.main.visible === false) continue;
        walk(scene.children.list, true);
      }
      for (let i = 0; i < phaserTexts.length; i++) {
        const a = phaserTexts[i];
        if (checkGame && outside(a.box)) problems.push({ kind: 'phaser-clipped', what: a.what, box: a.box });
        for (let j = i + 1; checkGame && j < phaserTexts.length; j++) {
          const hit = intersect(a.box, phaserTexts[j].box);
          if (hit) problems.push({ kind: 'phaser-overlap', what: a.what, other: phaserTexts[j].what, box: hit });
        }
        for (const d of texts) {
          const hit = intersect(a.box, d.box);
          if (hit) problems.push({ kind: 'phaser-overlap', what: a.what, other: d.what, box: hit });
        }
      }
    }
    return problems;
  }, { minTarget: options.minTarget ?? 44, skip: options.skip ?? '', game: options.game ?? true });
}

/** One line per problem, for assertion messages. */
export function describeProblems(problems: LayoutProblem[]): string {
  return problems.map((p) => `${p.kind}: ${p.what}${p.other ? ` / ${p.other}` : ''} at ${Math.round(p.box.x)},${Math.round(p.box.y)} ${Math.round(p.box.width)}×${Math.round(p.box.height)}`).join('\n');
}
