/**
 * The app's icon, drawn as SVG from a Trafficcars card (client/games/trafficcars/cardFace.ts):
 * the cream card, its blue band and little car, and the wild's yellow star, on the lobby's
 * night blue. `maskable` keeps the card inside the safe circle (80 % of the side) that Android
 * crops to; `any` fills more of the square.
 */
export function iconSvg(maskable: boolean): string {
  const scale = maskable ? 0.62 : 0.82;
  // The card is drawn in a 100×140 box, then scaled and centred in a 512 square.
  const h = 512 * scale;
  const w = (h * 100) / 140;
  const x = (512 - w) / 2;
  const y = (512 - h) / 2;
  const k = h / 140;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${maskable ? 0 : 96}" fill="#1d2330"/>
  <g transform="translate(${x} ${y}) scale(${k}) rotate(-6 50 70)">
    <rect x="0" y="0" width="100" height="140" rx="9" fill="#f4f1e8" stroke="#f2c14e" stroke-width="4"/>
    <polygon points="50,12 57,30 76,30 61,41 67,59 50,48 33,59 39,41 24,30 43,30" fill="#f2c14e" stroke="#111" stroke-width="3" stroke-linejoin="round"/>
    <rect x="24" y="78" width="52" height="14" rx="4" fill="#3d7dd8"/>
    <rect x="34" y="70" width="32" height="10" rx="3" fill="#3d7dd8"/>
    <circle cx="35" cy="94" r="7" fill="#222"/>
    <circle cx="65" cy="94" r="7" fill="#222"/>
    <rect x="4" y="108" width="92" height="22" fill="#3d7dd8"/>
  </g>
</svg>`;
}
