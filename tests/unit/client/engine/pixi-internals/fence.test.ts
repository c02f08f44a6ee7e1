// @vitest-environment jsdom
/**
 * The Pixi fence against the installed pixi.js (no stand-ins for it): the version guard passes on the release
 * the folder was written for and turns the patches off, with one warning, on any other (only the version string
 * is faked); and the render group fields renderOnDemand reads are there, of the shape it reads, on a real
 * render group. The real renderer's use of them is checked in real Chromium by tests/e2e/stage-idle.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { Container, Sprite, Texture, VERSION } from 'pixi.js';
import { PIXI_WRITTEN_FOR, pixiPatchEnabled, resetPixiFenceWarning } from '../../../../../src/client/engine/pixi-internals/fence';
import { hasPendingChanges, type PendingChanges } from '../../../../../src/client/engine/pixi-internals/renderOnDemand';

describe('the Pixi version guard', () => {
  it('passes on the installed pixi.js, the release the fence was written for', () => {
    expect(VERSION).toBe(PIXI_WRITTEN_FOR);
    expect(pixiPatchEnabled('renderOnDemand')).toBe(true);
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

describe('what renderOnDemand reads, on a real render group', () => {
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
