// Every frame name the code can produce exists in every sheet set of the manifest, at both resolutions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { atlasManifestSchema, sheetPagePaths, ATLAS_RESOLUTIONS } from '../../../src/client/engine/atlasManifest';
import {
  allFrameNames,
  caravanFrame,
  eggtoplasmFrame,
  eidolFrame,
  frameFamilies,
  itemFrame,
  masterFrame,
  ITEM_TYPES,
} from '../../../src/client/engine/frameNames';

const DIR = 'atlases';
const manifest = atlasManifestSchema.parse(JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')));

describe.each(ATLAS_RESOLUTIONS)('shipped atlases at %s resolution', (res) => {
  const loaded = new Set<string>();
  for (const sheet of manifest.sheets) {
    const read = (file: string) =>
      JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as {
        frames: Record<string, unknown>;
        meta: { related_multi_packs?: string[] };
      };
    for (const page of sheetPagePaths(sheet[res], read(sheet[res]))) for (const name of Object.keys(read(page).frames)) loaded.add(name);
  }
  it('contain every frame name frameNames.ts can produce', () => {
    const missing = allFrameNames().filter((n) => !loaded.has(n));
    expect(missing).toEqual([]);
  });
  it('contain no frame the code never asks for', () => {
    const known = new Set(allFrameNames());
    expect([...loaded].filter((n) => !known.has(n))).toEqual([]);
  });
});

describe('frame name helpers', () => {
  it('keeps master-1 … master-6', () => {
    expect([1, 2, 3, 4, 5, 6].map(masterFrame)).toEqual(['master-1', 'master-2', 'master-3', 'master-4', 'master-5', 'master-6']);
  });
  it('maps caravan goods to the 1/3/5/7/9 stages', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map(caravanFrame)).toEqual([
      'prop-caravan-0',
      'prop-caravan-1',
      'prop-caravan-1',
      'prop-caravan-3',
      'prop-caravan-3',
      'prop-caravan-5',
      'prop-caravan-5',
      'prop-caravan-7',
      'prop-caravan-7',
      'prop-caravan-9',
      'prop-caravan-9',
    ]);
  });
  it('wraps any skin id onto a drawn eidol and falls back for unknown collections', () => {
    expect(eidolFrame('spooky', 'mythic', 1)).toBe('eidol-spooky-mythic-1');
    expect(eidolFrame('spooky', 'mythic', 4)).toBe('eidol-spooky-mythic-1');
    expect(eidolFrame('future', 'legendary', 0)).toBe('eidol-basic-common-1');
    const names = new Set(allFrameNames());
    for (let skin = 1; skin <= 40; skin++) expect(names.has(eidolFrame('basic', 'epic', skin))).toBe(true);
  });
  it('accepts the item type aliases of the specs', () => {
    expect(itemFrame('Cookie')).toBe(itemFrame('Coincookie'));
    expect(itemFrame('Golden Cookie')).toBe('item-coincookie');
    expect(itemFrame('gDAO')).toBe('item-cooptoken');
    expect(itemFrame('coop')).toBe('item-cooptoken');
    expect(new Set(ITEM_TYPES.map(itemFrame)).size).toBe(12);
  });
  it('steps the eggtoplasm jar from empty to full', () => {
    expect([0, 0.2, 0.5, 0.99, 1, 3].map(eggtoplasmFrame)).toEqual([
      'eggtoplasm-0',
      'eggtoplasm-0',
      'eggtoplasm-2',
      'eggtoplasm-3',
      'eggtoplasm-4',
      'eggtoplasm-4',
    ]);
  });
  it('lists every family the issue names', () => {
    expect(Object.keys(frameFamilies())).toEqual([
      'masters',
      'master extras',
      'eggs',
      'eggtoplasm',
      'eidols',
      'higher forms',
      'items',
      'home',
      'world layers',
      'world props',
    ]);
    expect(frameFamilies().eidols).toHaveLength(2 * 4 * 3);
  });
});
