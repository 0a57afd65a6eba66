/** How Traffic Tango names signs, lines and directions inside its messages (shared/i18n/msg.ts). */
import { keyRef, type MsgParam } from '../../i18n/msg.js';
import { LINE_NAMES, tileName, type Dir } from './board.js';
import type { Sign, SignKind } from './signs.js';

/** A line that takes Speed Limits: "column B" / "row 2" ("la colonne B" / "la rangée 2"). */
export const lineRef = (line: number): string => keyRef(`traffic_tango:line.${LINE_NAMES[line]}`);

/** A compass direction as a move goes: "north" / "vers le nord". */
export const dirRef = (dir: Dir): string => keyRef(`traffic_tango:dir.${dir}`);

/** A type of sign: "Yield" / "Cédez le passage". */
export const kindRef = (kind: SignKind): string => keyRef(`traffic_tango:kind.${kind}`);

/**
 * One sign as `{{sign}}` (its type, with the direction for a One Way) and `{{where}}` (a tile such
 * as "B2", which reads the same in every language, or a line): "{{sign}} on {{where}}".
 */
export function signParams(sign: Sign, suffix = ''): Record<string, MsgParam> {
  const name = sign.kind === 'oneWay' ? `oneWay_${sign.dir}` : sign.kind;
  return {
    [`sign${suffix}`]: keyRef(`traffic_tango:sign.${name}`),
    [`where${suffix}`]: sign.kind === 'speed' ? lineRef(sign.line) : tileName(sign.tile),
  };
}

/** A stable order for signs revealed together (so the order says nothing about who placed what). */
export function signOrder(sign: Sign): string {
  return sign.kind === 'speed' ? `speed ${sign.line}` : `${sign.kind} ${tileName(sign.tile)} ${sign.kind === 'oneWay' ? sign.dir : ''}`;
}
