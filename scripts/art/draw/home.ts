/** Home swiper slides: shop, forum and the community (referral) notice; 480×480 pixel scenes. */
import { COLORS, glow, mix, pixelField, pixelRects, svgDoc } from './pixel';
import { BASE, ICONS } from './items';
import { masterSvgBody } from './masters';

const S = 480;
const PX = 8;
const G = S / PX; // 60 cells

function stars(seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < 26; i++) {
    const x = (i * 97 + seed * 31) % S;
    const y = (i * 53 + seed * 17) % 200;
    out.push(
      `<rect x="${x - (x % 8)}" y="${y - (y % 8)}" width="${i % 5 === 0 ? 8 : 4}" height="${i % 5 === 0 ? 8 : 4}" fill="${i % 3 ? COLORS.white : COLORS.gold}" opacity="${i % 2 ? 0.9 : 0.5}"/>`,
    );
  }
  return out.join('');
}

function frame(inner: string, accent: string): string {
  const bg = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${COLORS.black}"/><stop offset="1" stop-color="${COLORS.dusk}"/></linearGradient></defs><rect width="${S}" height="${S}" rx="24" fill="url(#sky)"/>`;
  const rim = `<rect x="6" y="6" width="${S - 12}" height="${S - 12}" rx="20" fill="none" stroke="${accent}" stroke-width="6"/>`;
  return svgDoc(S, S, bg + inner + rim);
}

/** The shop slide: a market stall with striped awning and wares. */
export function shopSlideSvg(): string {
  const stall = pixelField(
    G,
    G,
    (x, y) => {
      if (y >= 14 && y <= 20 && x >= 8 && x <= 51) {
        const scallop = y === 20 && x % 4 === 0;
        return scallop ? null : Math.floor((x - 8) / 4) % 2 ? COLORS.pink : COLORS.gold; // awning
      }
      if (y > 20 && y < 48 && (x === 10 || x === 11 || x === 48 || x === 49)) return '#6b4a2b'; // posts
      if (y >= 40 && y <= 48 && x >= 8 && x <= 51) return y === 40 ? '#a8794a' : '#6b4a2b'; // counter
      if (y >= 49 && y <= 51 && x >= 4 && x <= 55) return COLORS.violet; // floor
      return null;
    },
    PX,
  );
  const wares = [ICONS.extract!, ICONS.apple!, ICONS.tome!].map((g, i) => pixelRects(g, BASE, 4, 112 + i * 88, 250)).join('');
  const sign = `<g shape-rendering="crispEdges">${pixelRects(ICONS.coincookie!.slice(1, 14), BASE, 4, 208, 40)}</g>`;
  return frame(
    stars(1) + glow('lamp', 240, 230, 200, COLORS.gold, 0.25) + stall + `<g shape-rendering="crispEdges">${wares}</g>` + sign,
    COLORS.gold,
  );
}

/** The forum slide: a moonlit temple with gold pediment and columns. */
export function forumSlideSvg(): string {
  const temple = pixelField(
    G,
    G,
    (x, y) => {
      const cx = 29.5;
      if (y >= 12 && y <= 20 && Math.abs(x - cx) <= (y - 12) * 2.6 + 1) return y === 20 ? COLORS.goldDark : COLORS.gold; // pediment
      if (y === 21 && x >= 7 && x <= 52) return COLORS.goldLight;
      if (y >= 22 && y <= 44 && x >= 9 && x <= 50 && (x - 9) % 7 < 3) return (x - 9) % 7 === 0 ? '#ffffff' : '#cfc6dd'; // columns
      if (y >= 45 && y <= 47 && x >= 6 && x <= 53) return y === 45 ? '#cfc6dd' : '#8f86a0'; // steps
      if (y >= 48 && y <= 50 && x >= 3 && x <= 56) return '#5f5672';
      if (y >= 22 && y <= 44 && x >= 9 && x <= 50) return mix(COLORS.night, COLORS.violet, 0.5);
      return null;
    },
    PX,
  );
  const moon = `<circle cx="392" cy="72" r="40" fill="${COLORS.goldLight}"/><circle cx="410" cy="62" r="36" fill="${COLORS.black}"/>`;
  const door = `<rect x="216" y="232" width="48" height="120" fill="${COLORS.gold}" opacity="0.35"/>`;
  return frame(stars(2) + moon + glow('door', 240, 300, 160, COLORS.gold, 0.3) + temple + door, COLORS.gold);
}

/** The community (referral) slide: a notice board with a pinned scroll, the gDAO token and two masters. */
export function refSlideSvg(): string {
  const board = pixelField(
    G,
    G,
    (x, y) => {
      if (y >= 8 && y <= 34 && x >= 10 && x <= 49) {
        if (y === 8 || y === 34 || x === 10 || x === 49) return '#6b4a2b';
        if (y >= 12 && y <= 30 && x >= 15 && x <= 44) return (y - 12) % 4 === 2 && x > 17 && x < 42 ? '#c9b48a' : '#f2e3bf'; // paper
        return '#3a2716';
      }
      if (y > 34 && y <= 50 && (x === 14 || x === 15 || x === 44 || x === 45)) return '#6b4a2b';
      return null;
    },
    PX,
  );
  const pin = `<rect x="232" y="88" width="16" height="16" fill="${COLORS.pink}"/>`;
  const token = `<g shape-rendering="crispEdges">${pixelRects(ICONS.cooptoken!, BASE, 5, 200, 300)}</g>`;
  const a = `<g transform="translate(16 262) scale(0.8)">${masterSvgBody(1)}</g>`;
  const b = `<g transform="translate(464 262) scale(-0.8 0.8)">${masterSvgBody(2)}</g>`;
  return frame(stars(3) + glow('tok', 240, 340, 120, COLORS.gold, 0.35) + board + pin + token + a + b, COLORS.pink);
}
