/**
 * One labelled control per room option (optionFields.ts): checkboxes, selects and number inputs,
 * each showing the engine's resolved value for the chosen variant. Only what the player changed is
 * sent; the engine fills in the rest, as it would for any client.
 */
import type { GameMeta } from '../../shared/games/catalogue.js';
import { t } from '../i18n/index.js';
import { formatMsg } from '../i18n/format.js';
import { fieldRefusal, optionLabel as optionLabelKey } from '../../shared/i18n/fieldRefusal.js';
import { msg } from '../../shared/i18n/msg.js';
import { el } from '../ui/dom.js';
import { fromShown, optionFields, resolvedDefaults, toShown, type Field } from './optionFields.js';

export interface OptionsForm {
  element: HTMLElement;
  /** The options to send (variant, players and what was changed), or an error message to show. */
  collect(): { options: Record<string, unknown> } | { error: string };
}

export function optionLabel(gameId: string, name: string): string {
  return t(`lobby:option.${gameId}.${name}`);
}

function choiceLabel(gameId: string, name: string, value: string | number): string {
  if (typeof value === 'number') return String(value);
  const key = `lobby:value.${gameId}.${name}.${value}`;
  const text = t(key);
  return text === key.slice('lobby:'.length) || text === key ? value.replace('-', '–') : text;
}

/**
 * `changed` holds the player's choices across redraws (language switch, variant change); it is
 * updated in place.
 */
export function optionsForm(game: GameMeta, variant: string, changed: Record<string, unknown>): OptionsForm {
  const fields = optionFields(game);
  const defaults = resolvedDefaults(game, variant, typeof changed.players === 'number' ? changed.players : undefined);
  const current = (name: string) => (name in changed ? changed[name] : defaults[name]);
  const players = () => Number(current('players')) || 2;
  const grid = el('div', { className: 'jn-options' });

  const seatRange = () => {
    const parsed = game.optionsSchema.safeParse({ variant, ...changed });
    return game.seatRange((parsed.success ? parsed.data : defaults) as never);
  };

  const render = () => {
    grid.replaceChildren(...fields.map((f) => control(f)));
  };

  const control = (f: Field): HTMLElement => {
    const id = `option-${f.name}`;
    const label = optionLabel(game.id, f.name);
    if (f.kind === 'boolean') {
      const box = el('input', { type: 'checkbox', id, checked: current(f.name) === true });
      box.dataset.testid = id;
      box.addEventListener('change', () => { changed[f.name] = box.checked; });
      return el('label', { className: 'jn-option jn-check', htmlFor: id }, box, el('span', { textContent: label }));
    }
    if (f.kind === 'choice') {
      const select = el('select', { id });
      select.dataset.testid = id;
      for (const v of f.values) select.append(el('option', { value: String(v), textContent: choiceLabel(game.id, f.name, v), selected: v === current(f.name) }));
      select.addEventListener('change', () => {
        const v = f.values.find((x) => String(x) === select.value);
        changed[f.name] = v;
      });
      return el('label', { className: 'jn-option', htmlFor: id }, el('span', { textContent: label }), select);
    }
    if (f.kind === 'number') {
      const isPlayers = f.name === 'players';
      const range = isPlayers ? seatRange() : { min: f.min, max: f.max };
      const input = el('input', {
        type: 'number', id, inputMode: 'decimal',
        min: String(toShown(f, range.min)), max: String(toShown(f, range.max)),
        step: f.unit === 'count' ? '1' : '0.5',
        value: String(toShown(f, Number(current(f.name)))),
      });
      input.dataset.testid = id;
      if (isPlayers && range.min === range.max) input.disabled = true;
      input.addEventListener('input', () => {
        if (input.value !== '' && Number.isFinite(Number(input.value))) changed[f.name] = fromShown(f, Number(input.value));
      });
      if (isPlayers && fields.some((x) => x.kind === 'seatSet' || x.kind === 'seatNumbers')) {
        input.addEventListener('change', () => render()); // seat lists follow the number of players
      }
      const unit = f.unit === 'count' ? '' : t(`lobby:unit.${f.unit}`);
      return el('label', { className: 'jn-option', htmlFor: id }, el('span', { textContent: label }),
        el('span', { className: 'jn-number' }, input, unit ? el('span', { textContent: unit }) : ''));
    }
    // Per-seat lists: one control per seat at this table.
    const set = el('fieldset', { className: 'jn-option jn-seats' }, el('legend', { textContent: label }));
    set.dataset.testid = id;
    const list = Array.isArray(current(f.name)) ? [...current(f.name) as number[]] : [];
    for (let seat = 0; seat < players(); seat++) {
      const seatId = `${id}-${seat}`;
      const seatLabel = t('lobby:option.seat', { n: seat + 1 });
      if (f.kind === 'seatSet') {
        const box = el('input', { type: 'checkbox', id: seatId, checked: list.includes(seat) });
        box.addEventListener('change', () => {
          const now = new Set(Array.isArray(changed[f.name]) ? changed[f.name] as number[] : list);
          if (box.checked) now.add(seat); else now.delete(seat);
          changed[f.name] = [...now].sort((a, b) => a - b);
        });
        set.append(el('label', { className: 'jn-check', htmlFor: seatId }, box, el('span', { textContent: seatLabel })));
      } else {
        const input = el('input', { type: 'number', id: seatId, min: String(f.min), max: String(f.max), step: '1', value: String(list[seat] ?? 0) });
        input.addEventListener('input', () => {
          const now = Array.isArray(changed[f.name]) ? [...changed[f.name] as number[]] : [...list];
          while (now.length <= seat) now.push(0);
          now[seat] = Math.max(f.min, Math.min(f.max, Math.round(Number(input.value) || 0)));
          changed[f.name] = now.slice(0, players());
        });
        set.append(el('label', { className: 'jn-seat', htmlFor: seatId }, el('span', { textContent: seatLabel }), input));
      }
    }
    return set;
  };

  render();
  return {
    element: grid,
    collect() {
      const options: Record<string, unknown> = { variant, players: players(), ...changed };
      for (const f of fields) {
        if (f.kind === 'seatNumbers' && Array.isArray(options[f.name])) options[f.name] = (options[f.name] as number[]).slice(0, players());
        if (f.kind === 'seatSet' && Array.isArray(options[f.name])) options[f.name] = (options[f.name] as number[]).filter((s) => s < players());
      }
      const parsed = game.optionsSchema.safeParse(options);
      if (!parsed.success) {
        // The same refusal the server would send (server:error.<code>), never zod's English.
        const refusal = fieldRefusal(parsed.error, optionLabelKey(game.id));
        return { error: formatMsg(msg(`server:error.${refusal.code}`, refusal.params), { mySeat: null, names: new Map() }) };
      }
      const range = game.seatRange(parsed.data as never);
      if (options.players as number < range.min || options.players as number > range.max) {
        return { error: t('lobby:errors.players', { min: range.min, max: range.max }) };
      }
      return { options };
    },
  };
}
