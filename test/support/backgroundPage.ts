/**
 * A page "in the background" for browser tests, which headless Chromium cannot give (it has no
 * desktop: another tab brought to the front, or the window minimized through DevTools'
 * Browser.setWindowBounds, leave `document.visibilityState` 'visible'; tried). Run before the page's
 * scripts (`addInitScript({ content: BACKGROUND_PAGE })`): `window.background(on)` sets
 * `visibilityState`/`hidden` and sends the `visibilitychange` event the browser would, and each
 * Notification the page makes (Chromium's own object, made by the page's code) is also kept in
 * `window.notes`, so the test can read it and dispatch its `click` (there is no notification
 * centre to click in). Plain script text: a compiled function could carry the test bundler's helpers.
 */
import type { Page } from 'playwright-core';

export const BACKGROUND_PAGE = `(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden, configurable: true });
  window.background = (on) => {
    hidden = on;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const Real = window.Notification;
  const notes = [];
  class Kept extends Real {
    constructor(title, options) {
      super(title, options);
      notes.push(this);
    }
  }
  Object.defineProperty(Kept, 'permission', { get: () => Real.permission });
  Object.defineProperty(Kept, 'requestPermission', { value: Real.requestPermission.bind(Real) });
  Object.defineProperty(window, 'Notification', { value: Kept, configurable: true, writable: true });
  window.notes = notes;
})();`;

/** The notifications the page made so far. */
export const notesOf = (page: Page) => page.evaluate(() => (window as unknown as { notes: Notification[] }).notes.map((n) => ({ title: n.title, tag: n.tag })));

export const sendToBackground = (page: Page, on: boolean) => page.evaluate((o) => (window as unknown as { background(on: boolean): void }).background(o), on);

/** Clicks the page's notification number `index`, and shows its tab again as a browser does on such a click. */
export const clickNote = (page: Page, index: number) => page.evaluate((i) => {
  const w = window as unknown as { notes: Notification[]; background(on: boolean): void };
  w.notes[i]!.dispatchEvent(new Event('click'));
  w.background(false);
}, index);
