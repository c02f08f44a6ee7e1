// @vitest-environment jsdom
/** A scene loads only the sheets it draws from: the others stay unloaded until asked for, and each loads once. */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTexture, loadSheets, loadSheetsFor, resetAtlases } from '../../../src/client/engine/atlas';
import { masterFrame, eidolFrame, CLOCK_FRAME } from '../../../src/client/engine/frameNames';
import { nodeAtlasIo } from './nodeSheetLoader';

const SHIPPED = path.resolve('atlases') + '/';

afterEach(() => resetAtlases());

function countingIo() {
  const io = nodeAtlasIo();
  const loads: string[] = [];
  return { loads, io: { ...io, loadSheet: (url: string) => (loads.push(path.basename(url)), io.loadSheet(url)) } };
}

describe('loadSheets', () => {
  it('loads the named sheets once each and leaves the others unloaded', async () => {
    const { loads, io } = countingIo();
    await loadSheets(['masters'], { baseUrl: SHIPPED, resolution: 'half', ...io });
    expect(hasTexture(masterFrame(1))).toBe(true);
    expect(hasTexture(eidolFrame('basic', 'common', 1))).toBe(false);
    await Promise.all([loadSheets(['masters']), loadSheets(['masters', 'eidols'])]);
    expect(hasTexture(eidolFrame('basic', 'common', 1))).toBe(true);
    expect(loads.sort()).toEqual(['eidols.json', 'masters.json']);
  });

  it("finds a frame's sheet from the manifest, and refuses a sheet the manifest does not name", async () => {
    const { loads, io } = countingIo();
    await loadSheetsFor([CLOCK_FRAME], { baseUrl: SHIPPED, resolution: 'half', ...io });
    expect(hasTexture(CLOCK_FRAME)).toBe(true);
    expect(loads).toEqual(['items.json']);
    await expect(loadSheets(['nope'])).rejects.toThrow(/no sheet nope/);
  });
});
