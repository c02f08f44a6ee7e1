// @vitest-environment jsdom
/**
 * The Pixi fence against the installed pixi.js (no stand-ins for it): the version guard runs the patches on
 * the release the folder was written for and turns them off, with one warning, on any other — the installed
 * one after an upgrade, or a faked version string; and where the patches run, the render group fields
 * renderOnDemand reads are there, of the shape it reads, on a real render group. The real renderer's use of
 * them is checked in real Chromium by tests/e2e/stage-idle.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { Container, Sprite, Texture, VERSION } from 'pixi.js';
import { PIXI_WRITTEN_FOR, pixiPatchEnabled, resetPixiFenceWarning } from '../../../../../src/client/engine/pixi-internals/fence';
import { hasPendingChanges, type PendingChanges } from '../../../../../src/client/engine/pixi-internals/renderOnDemand';

/** The installed pixi.js is the release the patches were written for: they run here. */
const PINNED = (VERSION as string) === PIXI_WRITTEN_FOR;

describe('the Pixi version guard', () => {
  it('runs the patches on the installed pixi.js only if it is the release they were written for, else warns once', () => {
    resetPixiFenceWarning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(pixiPatchEnabled('renderOnDemand')).toBe(PINNED);
    expect(pixiPatchEnabled('renderOnDemand')).toBe(PINNED);
    expect(warn).toHaveBeenCalledTimes(PINNED ? 0 : 1);
    if (!PINNED) expect(String(warn.mock.calls[0]![0])).toContain(`pixi.js ${VERSION} is not ${PIXI_WRITTEN_FOR}`);
    warn.mockRestore();
    resetPixiFenceWarning();
  });

  it('turns the patches off, with one warning, on any other release', () => {
    resetPixiFenceWarning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(pixiPatchEnabled('renderOnDemand', '8.23.0')).toBe(false);
    expect(pixiPatchEnabled('renderOnDemand', '9.0.0')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('pixi.js 8.23.0');
    warn.mockRestore();
    resetPixiFenceWarning();
  });
});

// Checked where the patch runs: after an upgrade, moving PIXI_WRITTEN_FOR to the new release turns these on.
describe.runIf(PINNED)('what renderOnDemand reads, on a real render group', () => {
  it('has every change list, of the shape hasPendingChanges reads', () => {
    const root = new Container();
    root.enableRenderGroup();
    const group = root.renderGroup as unknown as Record<string, unknown>;
    expect(typeof group.structureDidChange).toBe('boolean');
    expect(typeof group.childrenToUpdate).toBe('object');
    expect(typeof (group.childrenRenderablesToUpdate as { index: unknown }).index).toBe('number');
    expect(Array.isArray(group.renderGroupChildren)).toBe(true);
    expect(Array.isArray(group._onRenderContainers)).toBe(true);
  });

  it('records a new child, a moved one and a nested group where hasPendingChanges looks', () => {
    const root = new Container();
    root.enableRenderGroup();
    const group = root.renderGroup as unknown as PendingChanges;
    const sprite = new Sprite(Texture.WHITE);
    root.addChild(sprite);
    expect(group.structureDidChange).toBe(true);
    (group as { structureDidChange: boolean }).structureDidChange = false;
    sprite.x = 10;
    expect(Object.values(group.childrenToUpdate).some((list) => list.index > 0)).toBe(true);
    const nested = new Container({ isRenderGroup: true });
    root.addChild(nested);
    expect(group.renderGroupChildren).toContain(nested.renderGroup);
    expect(hasPendingChanges(group)).toBe(true);
  });
});
