// @vitest-environment jsdom
/** The start-up chunks listed by the build become modulepreload links once asked for, a few per task; nothing without a list. */
import { afterEach, describe, expect, it } from 'vitest';
import { preloadAppChunks } from '../../../../src/client/app/preloadAppChunks';

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);

describe('preloadAppChunks', () => {
  afterEach(() => document.head.replaceChildren());

  it('adds one modulepreload link per listed chunk, in the listed order', async () => {
    document.head.innerHTML = '<meta name="app-chunks" content="/assets/startBoot-a.js /assets/zod-b.js  /assets/start-c.js">';
    expect(links()).toEqual([]);
    const done = preloadAppChunks();
    expect(links()).toEqual(['/assets/startBoot-a.js', '/assets/zod-b.js', '/assets/start-c.js']);
    await done;
    expect(document.head.querySelector('link')!.crossOrigin).toBe('');
  });

  it('adds the first four at once and four more per task after that', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `/assets/c${i}.js`);
    document.head.innerHTML = `<meta name="app-chunks" content="${names.join(' ')}">`;
    const seen: number[] = [];
    await preloadAppChunks(document, async () => void seen.push(links().length));
    expect(seen).toEqual([4, 8]);
    expect(links()).toEqual(names);
  });

  it('adds nothing when the page lists no chunks (dev)', async () => {
    await preloadAppChunks();
    expect(links()).toEqual([]);
  });
});
