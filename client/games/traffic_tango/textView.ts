/** Traffic Tango as text (client/table/textView): the day, the signs on the city's tiles and lines, each player's gas, my trip. */
import { t } from '../../i18n/index.js';
import type { GameText } from '../../table/textView/types.js';
import { listOf, tv } from '../../table/textView/words.js';
import type { PublicTile, TrafficTangoPublicView, TrafficTangoSeatView } from '../../../shared/games/traffic_tango/views.js';

function tileSigns(tile: PublicTile): string[] {
  const kind = (k: string) => t(`traffic_tango:kind.${k}`);
  return [
    ...tile.oneWay.map((d) => `${kind('oneWay')} (${t(`traffic_tango:dir.${d}`)})`),
    ...(tile.yield ? [kind('yield')] : []), ...(tile.roundabout ? [kind('roundabout')] : []),
    ...(tile.tolls > 0 ? [`${kind('toll')} ×${tile.tolls}`] : []), ...(tile.stop ? [kind('stop')] : []),
  ];
}

/** The sign kind pressed now ("One Way (north)"), or null. */
function chosenSign(chosen: readonly string[]): string | null {
  const kind = chosen.find((id) => id.startsWith('kind-'))?.slice(5);
  if (!kind) return null;
  const dir = chosen.find((id) => id.startsWith('dir-'))?.slice(4);
  const name = t(`traffic_tango:kind.${kind}`);
  return kind === 'oneWay' && dir ? `${name} (${t(`traffic_tango:dir.${dir}`)})` : name;
}

export const tangoText: GameText<TrafficTangoPublicView, TrafficTangoSeatView> = {
  summary(pub, mine, reader) {
    const signed = pub.tiles.map((tile) => ({ tile: tile.tile, signs: tileSigns(tile) })).filter((x) => x.signs.length);
    const lines = pub.lines.filter((l) => l.limit !== null || l.signs > 0).map((l) => tv('tango.line', { line: t(`traffic_tango:line.${l.line}`), limit: l.limit ?? '—', signs: l.signs }));
    const step = pub.phase === 'choose' ? 'choose' : pub.traffic !== null ? 'traffic' : pub.delivery !== null ? 'delivery' : 'other';
    const sections = [
      { heading: tv('tango.city', { day: pub.day }), lines: [tv(`tango.step.${step}`), ...(signed.length ? signed.map((x) => tv('tango.tile', { tile: x.tile, signs: listOf(x.signs) })) : [tv('tango.no_signs')]), ...lines] },
      { heading: tv('players'), lines: pub.players.map((p) => tv('tango.player', { name: reader.name(p.seat), start: p.start, dest: p.dest, gas: p.gas })) },
    ];
    if (mine) {
      sections.push({ heading: tv('tango.my_trip'), lines: [
        tv('tango.trip', { start: mine.start, dest: mine.dest, garnets: mine.garnets }),
        ...(mine.route ? [tv('tango.route', { tiles: mine.route.tiles.join(' → ') })] : []),
        ...(mine.signs ? [tv('tango.signs_sent', { count: mine.signs.length })] : [])] });
    }
    return sections;
  },
  move(id, _pub, _mine, reader, chosen) {
    const [, kind, arg] = /^([a-z]+)-(.+)$/.exec(id) ?? [];
    switch (kind) {
      case 'sign': {
        // The tile's button names the sign it puts there (the kind and direction chosen above it).
        const sign = chosenSign(chosen ?? []);
        return sign ? tv('tango.sign_on_kind', { tile: arg, sign }) : tv('tango.sign_on', { tile: arg });
      }
      case 'dir': return tv('tango.dir', { dir: t(`traffic_tango:dir.${arg}`) });
      case 'step': return tv('tango.step_to', { tile: arg });
      case 'line': return tv('tango.sign_line', { line: t(`traffic_tango:line.${arg}`) });
      case 'kind': return tv('tango.kind', { kind: t(`traffic_tango:kind.${arg}`) });
      case 'eliminate': return tv('tango.eliminate', { name: reader.name(Number(arg)) });
      default: return null;
    }
  },
};
