/** The original product's picture names on the wire, and this client's table from them to atlas frames. */
import { describe, expect, it } from 'vitest';
import { hatchedFrame, eggFrame } from '../../../src/shared/rules/eggs';
import { ITEM_KINDS } from '../../../src/shared/rules/items';
import { itemPicture, listingSkinPicture, skinPicture } from '../../../src/shared/rules/pictures';
import { spawnCoordinate, SENATE_GATE, TITLED_ENTRY } from '../../../src/shared/rules/world';
import { allFrameNames } from '../../../src/client/engine/frameNames';
import { eidolPictureFrame, ITEM_PICTURE_FRAMES, itemPictureFrame } from '../../../src/client/engine/pictureFrames';

/** The item files the original bundles. */
const BUNDLED = [
  'Apple.png',
  'Cookie.png',
  'Coop.png',
  'Extract.png',
  'Incense.png',
  'Indulgence.png',
  'Map.png',
  'Map2.png',
  'Puff.png',
  'Scribe.png',
  'Tax.png',
];

describe('picture names', () => {
  it('turns stored skins into the original\u2019s files', () => {
    expect(skinPicture(eggFrame('egg1'))).toBe('0.svg');
    for (const t of ['egg2', 'egg3', 'egg4'] as const) expect(skinPicture(eggFrame(t))).toBe('1.svg');
    expect(skinPicture(hatchedFrame('basic', 'rare', 7))).toBe('2.svg');
    expect(skinPicture(hatchedFrame('spooky', 'mythic', 9))).toBe('1.svg');
    expect(skinPicture('3.svg')).toBe('3.svg');
    expect(skinPicture('eggtoplasm')).toBe('0.svg');
  });

  it('names every item with a file the original bundles', () => {
    for (const id of Object.keys(ITEM_KINDS).map(Number)) expect(BUNDLED).toContain(itemPicture(id));
    expect(listingSkinPicture('item-8', 8)).toBe('Map.png');
    expect(listingSkinPicture('egg3', undefined)).toBe('1.svg');
  });

  it('maps every picture back to a frame the atlases have', () => {
    const frames = new Set(allFrameNames());
    for (const [file, frame] of Object.entries(ITEM_PICTURE_FRAMES)) {
      expect(BUNDLED).toContain(file);
      expect(frames.has(frame)).toBe(true);
    }
    expect(itemPictureFrame('Cookie.png')).toBe('item-coincookie');
    expect(itemPictureFrame('Extract.png', 'Ectojar')).toBe('item-ectojar');
    const eidol = {
      id: 7,
      value: '5',
      type: 'ogle',
      rarity: 'rare',
      collection: 'basic',
      experience: 0,
      next_level_experience: 10,
      skin: { image: skinPicture(hatchedFrame('basic', 'rare', 7)) },
    };
    // The picture's variant is the one the server chose: the same frame as before the wire carried pictures.
    expect(eidolPictureFrame(eidol)).toBe(hatchedFrame('basic', 'rare', 7));
    expect(eidolPictureFrame({ ...eidol, skin: { image: '3.svg' } })).toBe('eidol-basic-rare-3');
    expect(eidolPictureFrame({ ...eidol, type: 'egg', rarity: 'epic', skin: { image: '1.svg' } })).toBe('egg3');
    expect(eidolPictureFrame({ ...eidol, value: '0' })).toBe('eidol-loss');
    for (const f of [eidolPictureFrame(eidol), eidolPictureFrame({ ...eidol, type: 'ectoplasm' })]) expect(frames.has(f)).toBe(true);
  });
});

describe('spawnCoordinate', () => {
  it('enters an untitled Puff owner at the senate gate, a titled one at the low end', () => {
    expect(spawnCoordinate(1, { titled: false, puff: true })).toBe(SENATE_GATE);
    expect(spawnCoordinate(1, { titled: false, puff: false })).toBe(SENATE_GATE);
    expect(spawnCoordinate(1, { titled: true, puff: false })).toBe(TITLED_ENTRY);
    expect(spawnCoordinate(1, { titled: true, puff: true })).toBe(0);
    expect(spawnCoordinate(2, { titled: false, puff: true })).toBe(0);
  });
});
