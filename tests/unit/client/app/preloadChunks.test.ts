// @vitest-environment jsdom
/** The chunks listed by the build become modulepreload links once asked for, a few per task, each once; nothing without a list. */
import { afterEach, describe, expect, it } from 'vitest';
import { preloadAppChunks, preloadChunksOf } from '../../../../src/client/app/preloadChunks';

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);

describe('preloadAppChunks', () => {
  afterEach(() => document.head.replaceChildren());

  it('adds one modulepreload link per listed chunk, in the listed order', async () => {
    document.head.innerHTML = '<meta name="app-chunks" content="/assets/startBoot-a.js /assets/zod-b.js  /assets/start-c.js">';
    expect(links()).toEqual([]);
    const done = preloadAppChunks();
    expect(links()).toEqual(['/assets/startBoot-a.js', '/assets/zod-b.js']);
    await done;
    expect(links()).toEqual(['/assets/startBoot-a.js', '/assets/zod-b.js', '/assets/start-c.js']);
    expect(document.head.querySelector('link')!.crossOrigin).toBe('');
  });

  it('adds the first two at once and two more per task after that', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `/assets/c${i}.js`);
    document.head.innerHTML = `<meta name="app-chunks" content="${names.join(' ')}">`;
    const seen: number[] = [];
    await preloadAppChunks(document, async () => void seen.push(links().length));
    expect(seen).toEqual([2, 4, 6, 8]);
    expect(links()).toEqual(names);
  });

  it('adds nothing when the page lists no chunks (dev)', async () => {
    await preloadAppChunks();
    expect(links()).toEqual([]);
  });
});

describe('preloadChunksOf', () => {
  afterEach(() => document.head.replaceChildren());

  it('links the chunks the page lists for that module, skipping those already linked, a few per task', async () => {
    const home = Array.from({ length: 7 }, (_, i) => `/assets/h${i}.js`);
    document.head.innerHTML = [
      '<meta name="app-chunks" content="/assets/h0.js /assets/start.js">',
      `<meta name="chunks-of:HomeScreen" content="${home.join(' ')}">`,
      '<meta name="chunks-of:StageHost" content="/assets/pixi.js">',
    ].join('');
    await preloadAppChunks();
    const seen: number[] = [];
    await preloadChunksOf('HomeScreen', document, async () => void seen.push(links().length));
    expect(links()).toEqual(['/assets/h0.js', '/assets/start.js', ...home.slice(1)]);
    expect(seen).toEqual([2 + 2, 2 + 4]);
    await preloadChunksOf('HomeScreen');
    expect(links()).toHaveLength(8);
  });

  it('adds nothing for a module the page lists nothing for', async () => {
    document.head.innerHTML = '<meta name="chunks-of:StageHost" content="/assets/pixi.js">';
    await preloadChunksOf('EidolScreen');
    expect(links()).toEqual([]);
  });
});
