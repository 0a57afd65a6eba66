/**
 * The frame's HTML around the game canvas: a top bar (title, the one clock, tools), the players
 * (side column or strip), the move log, the status line and an empty "stage" cell whose box is
 * the game area the renderer draws in. Layout is CSS grid (frame.css) keyed by `data-mode`.
 */
import { el } from '../ui/dom.js';
import type { FrameMode } from './layout.js';
import './frame.css';

export interface FrameDom {
  root: HTMLDivElement;
  title: HTMLDivElement;
  clock: HTMLDivElement;
  tools: HTMLDivElement;
  players: HTMLOListElement;
  side: HTMLElement;
  log: HTMLElement;
  logList: HTMLOListElement;
  logTitle: HTMLHeadingElement;
  logClose: HTMLButtonElement;
  stage: HTMLDivElement;
  stageContent: HTMLDivElement;
  status: HTMLDivElement;
}

export function buildFrame(): FrameDom {
  const title = el('div', { className: 'jn-title' });
  const clock = el('div', { className: 'jn-clock', id: 'table-clock' });
  clock.setAttribute('role', 'status');
  const tools = el('div', { className: 'jn-tools' });
  const top = el('header', { className: 'jn-top' }, title, clock, tools);
  const players = el('ol', { className: 'jn-players' });
  players.dataset.testid = 'players';
  const logTitle = el('h2', { className: 'jn-log-title' });
  const logClose = el('button', { type: 'button', className: 'jn-log-close secondary', textContent: '✕' });
  logClose.dataset.testid = 'log-close';
  const logList = el('ol', { className: 'jn-log-list' });
  logList.setAttribute('aria-live', 'polite');
  const log = el('section', { className: 'jn-log' }, el('div', { className: 'jn-log-head' }, logTitle, logClose), logList);
  log.dataset.testid = 'log';
  const side = el('aside', { className: 'jn-side' }, players, log);
  const stageContent = el('div', { className: 'jn-stage-content' });
  const stage = el('div', { className: 'jn-stage' }, stageContent);
  const status = el('div', { className: 'jn-status' });
  status.setAttribute('aria-live', 'polite');
  const root = el('div', { className: 'jn-frame' }, top, side, stage, status);
  return { root, title, clock, tools, players, side, log, logList, logTitle, logClose, stage, stageContent, status };
}

export function setMode(frame: FrameDom, mode: FrameMode): void {
  frame.root.dataset.mode = mode;
}
