// Resolution choice, URL joining and the frame registry's errors (pure parts of the atlas loader).
import { describe, expect, it } from 'vitest';
import { pickResolution, resolveAtlasUrl, HALF_RESOLUTION_BELOW_PX } from '../../../src/client/engine/atlasManifest';
import { AtlasRegistry } from '../../../src/client/engine/atlasRegistry';

describe('pickResolution', () => {
  it('draws full resolution on ordinary phones and desktops', () => {
    expect(pickResolution({ cssWidth: 390, cssHeight: 844, devicePixelRatio: 3 })).toBe('full');
    expect(pickResolution({ cssWidth: 360, cssHeight: 780, devicePixelRatio: 2 })).toBe('full');
    expect(pickResolution({ cssWidth: 1920, cssHeight: 1080, devicePixelRatio: 1 })).toBe('full');
  });
  it('draws half resolution where the short side has few physical pixels', () => {
    expect(pickResolution({ cssWidth: 320, cssHeight: 568, devicePixelRatio: 1 })).toBe('half');
    expect(pickResolution({ cssWidth: 800, cssHeight: HALF_RESOLUTION_BELOW_PX - 1, devicePixelRatio: 1 })).toBe('half');
    expect(pickResolution({ cssWidth: 800, cssHeight: HALF_RESOLUTION_BELOW_PX, devicePixelRatio: 1 })).toBe('full');
    expect(pickResolution({ cssWidth: 400, cssHeight: 700, devicePixelRatio: 0 })).toBe('half');
  });
});

describe('resolveAtlasUrl', () => {
  it('joins with exactly one slash', () => {
    expect(resolveAtlasUrl('/atlases/', 'full/masters.json')).toBe('/atlases/full/masters.json');
    expect(resolveAtlasUrl('/cdn/atlases', 'manifest.json')).toBe('/cdn/atlases/manifest.json');
  });
});

describe('AtlasRegistry', () => {
  it('names the frame that is missing, and says when nothing is loaded yet', () => {
    const r = new AtlasRegistry<string>();
    expect(() => r.get('master-1')).toThrow('Atlas frame "master-1" requested before loadAtlases() finished');
    r.addSheet('masters', { 'master-1': 'tex1' });
    expect(r.get('master-1')).toBe('tex1');
    expect(r.sheetName('master-1')).toBe('masters');
    expect(() => r.get('master-9')).toThrow('Atlas frame "master-9" is missing from the loaded atlases');
  });
  it('refuses one frame name in two sheets', () => {
    const r = new AtlasRegistry<string>();
    r.addSheet('masters', { coin: 'a' });
    expect(() => r.addSheet('items', { coin: 'b' })).toThrow('Atlas frame "coin" is in both sheet "masters" and sheet "items"');
  });
});
