/** The PWA icons are cut from the atlases at the manifest's sizes, and the worker precaches the shell only. */
import sharp from 'sharp';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawAppIcons, ICONS } from '../../../scripts/art/appIcons';
import { NEVER_CACHED, shellFiles } from '../../../scripts/build/pwaPlugins';
import { MANIFEST_ICONS } from '../../../src/server/http/webManifest';

describe('app icons', () => {
  it('draws every icon at its size from the atlas frame (opaque, not a flat fill)', async () => {
    const icons = await drawAppIcons('atlases');
    expect(icons.map((i) => i.fileName)).toEqual(ICONS.map((i) => i.fileName));
    for (const [i, icon] of icons.entries()) {
      const { data, info } = await sharp(icon.source).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], icon.fileName).toEqual([ICONS[i]!.size, ICONS[i]!.size]);
      const colours = new Set<number>();
      let seeThrough = 0;
      for (let p = 0; p < data.length; p += info.channels) {
        if (data[p + 3] !== 255) seeThrough += 1;
        colours.add(data.readUInt32BE(p));
      }
      expect(seeThrough, `${icon.fileName} transparent pixels`).toBe(0);
      expect(colours.size, icon.fileName).toBeGreaterThan(4);
    }
  });

  it('names in the manifest exactly the icons the build draws for it (index.html links the apple-touch-icon and the favicon)', () => {
    const drawn = ICONS.filter((i) => i.purpose === 'any' || i.purpose === 'maskable').map((i) => ({
      src: `/${i.fileName}`,
      sizes: `${i.size}x${i.size}`,
      purpose: i.purpose,
    }));
    expect(MANIFEST_ICONS.map(({ src, sizes, purpose }) => ({ src, sizes, purpose }))).toEqual(drawn);
  });

  it('index.html links only icons the build draws, the favicon as a PNG of its size', () => {
    const html = fs.readFileSync('index.html', 'utf8');
    const linked = [...html.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*href="\/([^"]+)"/g)].map((m) => m[2]);
    expect(linked.sort()).toEqual(
      ICONS.filter((i) => i.purpose === 'apple' || i.purpose === 'favicon')
        .map((i) => i.fileName)
        .sort(),
    );
    const favicon = ICONS.find((i) => i.purpose === 'favicon')!;
    expect(html).toContain(`<link rel="icon" type="image/png" sizes="${favicon.size}x${favicon.size}" href="/${favicon.fileName}" />`);
  });
});

describe('service worker precache', () => {
  it('holds the entry, its static imports and CSS, and the PWA layer, not the lazy screens', () => {
    const files = shellFiles({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-1.css'] },
      '_react.js': { file: 'assets/react-2.js' },
      'src/client/pwa/PwaLayer.tsx': { file: 'assets/PwaLayer-3.js', imports: ['_react.js'] },
      'src/client/hud/screens/HomeScreen.tsx': { file: 'assets/HomeScreen-4.js', imports: ['_pixi.js'] },
      '_pixi.js': { file: 'assets/pixi-5.js' },
    });
    expect([...files].sort()).toEqual(['assets/PwaLayer-3.js', 'assets/index-1.css', 'assets/index-1.js', 'assets/react-2.js']);
  });

  it('never answers the API, the sockets or the manifest', () => {
    for (const p of ['/api', '/api/config', '/sanctum/csrf-cookie', '/socket.io/?EIO=4', '/ws/game', '/manifest.webmanifest']) {
      expect(
        NEVER_CACHED.some((re) => re.test(p)),
        p,
      ).toBe(true);
    }
    for (const p of ['/', '/login', '/apiary', '/wallet'])
      expect(
        NEVER_CACHED.some((re) => re.test(p)),
        p,
      ).toBe(false);
  });
});
