/**
 * The reader for games whose views still travel as JSON strings (`JsonTableState` on the server):
 * see server/state/jsonMirror.ts. A game moves off it by getting its own schema, mirror and reader.
 */
import type { ViewReader } from './contract.js';

const parse = (wire: unknown): unknown => {
  const json = (wire as { json?: string } | undefined)?.json;
  return json ? JSON.parse(json) : null;
};

export const jsonReader: ViewReader = { publicView: parse, seatView: parse };
