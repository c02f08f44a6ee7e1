// @vitest-environment jsdom
/** The start-up chunks listed by the build become modulepreload links once asked for; nothing without a list. */
import { afterEach, describe, expect, it } from 'vitest';
import { preloadAppChunks } from '../../../../src/client/app/preloadAppChunks';

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);

describe('preloadAppChunks', () => {
  afterEach(() => document.head.replaceChildren());

  it('adds one modulepreload link per listed chunk, in the listed order', () => {
    document.head.innerHTML = '<meta name="app-chunks" content="/assets/startBoot-a.js /assets/zod-b.js  /assets/start-c.js">';
    expect(links()).toEqual([]);
    preloadAppChunks();
    expect(links()).toEqual(['/assets/startBoot-a.js', '/assets/zod-b.js', '/assets/start-c.js']);
    expect(document.head.querySelector('link')!.crossOrigin).toBe('');
  });

  it('adds nothing when the page lists no chunks (dev)', () => {
    preloadAppChunks();
    expect(links()).toEqual([]);
  });
});
