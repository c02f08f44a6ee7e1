// @vitest-environment jsdom
/**
 * Audio: ogg first with an mp3 fallback, loops for music, a missing or broken sound never throws, and
 * howler loads with the first sound (a sound stopped before it loaded never starts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const howler = vi.hoisted(() => ({
  created: [] as Array<{ src: string[]; loop: boolean; onloaderror?: (id: number, err: unknown) => void }>,
  played: [] as string[],
  stopped: [] as number[],
  throwOnCreate: false,
}));

vi.mock('howler', () => ({
  Howl: class {
    private readonly name: string;
    constructor(opts: { src: string[]; loop: boolean; onloaderror?: (id: number, err: unknown) => void }) {
      if (howler.throwOnCreate) throw new Error('no audio');
      howler.created.push(opts);
      this.name = opts.src[0]!;
    }
    volume() {}
    play() {
      howler.played.push(this.name);
      return howler.played.length;
    }
    stop(id: number) {
      howler.stopped.push(id);
    }
  },
}));
vi.mock('../../../../src/client/engine/atlas', () => ({
  soundUrls: (name: string) => ({ ogg: `/atlases/audio/${name}.ogg`, mp3: `/atlases/audio/${name}.mp3` }),
}));

beforeEach(() => {
  vi.resetModules();
  howler.created = [];
  howler.played = [];
  howler.stopped = [];
  howler.throwOnCreate = false;
});

describe('playSound', () => {
  it('loads ogg then mp3, loops the music, and stops what it started', async () => {
    const { playSound } = await import('../../../../src/client/engine/audio');
    const stop = playSound('onboarding', 0.5);
    playSound('tap');
    await vi.dynamicImportSettled();
    expect(howler.created.map((c) => [c.src, c.loop])).toEqual([
      [['/atlases/audio/onboarding.ogg', '/atlases/audio/onboarding.mp3'], true],
      [['/atlases/audio/tap.ogg', '/atlases/audio/tap.mp3'], false],
    ]);
    stop();
    expect(howler.stopped).toEqual([1]);
  });

  it('gives up quietly on a sound that fails to load or cannot be created', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { playSound } = await import('../../../../src/client/engine/audio');
    playSound('win');
    await vi.dynamicImportSettled();
    howler.created[0]!.onloaderror?.(1, 'missing');
    expect(() => playSound('win')()).not.toThrow();
    expect(howler.created).toHaveLength(1);
    howler.throwOnCreate = true;
    const stopLoss = playSound('loss');
    await vi.dynamicImportSettled();
    expect(() => stopLoss()).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('does not start a sound stopped before howler loaded', async () => {
    const { playSound } = await import('../../../../src/client/engine/audio');
    playSound('ambience')();
    await vi.dynamicImportSettled();
    expect(howler.created).toHaveLength(0);
    expect(howler.played).toHaveLength(0);
  });

  it('waits for the first user gesture before loading howler; a sound stopped meanwhile never starts', async () => {
    const activation = { hasBeenActive: false };
    vi.stubGlobal('navigator', { ...navigator, userActivation: activation });
    const { playSound } = await import('../../../../src/client/engine/audio');
    playSound('ambience', 0.3);
    const dropped = playSound('tap');
    await vi.dynamicImportSettled();
    expect(howler.created).toHaveLength(0);
    dropped();
    activation.hasBeenActive = true;
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(howler.played).toEqual(['/atlases/audio/ambience.ogg']));
    // Once active, a sound starts at once.
    playSound('win');
    await vi.waitFor(() => expect(howler.played).toHaveLength(2));
    vi.unstubAllGlobals();
  });
});
