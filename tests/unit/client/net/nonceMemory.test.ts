/** NonceMemory: a nonce is "seen" for exactly 60 s after its last sighting, and expired ones are pruned. */
import { describe, expect, it } from 'vitest';
import { NONCE_MEMORY_MS, NonceMemory } from '../../../../src/client/net/nonceMemory';

function memory(windowMs?: number) {
  const clock = { t: 1_000_000 };
  return { clock, nonces: new NonceMemory(() => clock.t, windowMs) };
}

describe('NonceMemory', () => {
  it('knows nothing until a nonce is remembered', () => {
    const { nonces } = memory();
    expect(nonces.has('a')).toBe(false);
    nonces.remember('a');
    expect(nonces.has('a')).toBe(true);
    expect(nonces.has('b')).toBe(false);
  });

  it('forgets a nonce exactly 60 s after it was seen', () => {
    const { clock, nonces } = memory();
    expect(NONCE_MEMORY_MS).toBe(60_000);
    nonces.remember('a');
    clock.t += 59_999;
    expect(nonces.has('a')).toBe(true);
    clock.t += 1;
    expect(nonces.has('a')).toBe(false);
  });

  it('a repeated sighting restarts the window', () => {
    const { clock, nonces } = memory();
    nonces.remember('a');
    clock.t += 50_000;
    nonces.remember('a');
    clock.t += 50_000;
    expect(nonces.has('a')).toBe(true);
    clock.t += 10_000;
    expect(nonces.has('a')).toBe(false);
  });

  it('prunes expired nonces so memory stays bounded by the window', () => {
    const { clock, nonces } = memory(1000);
    for (let i = 0; i < 50; i++) {
      nonces.remember(`n${i}`);
      clock.t += 100;
    }
    // Only the sightings of the last second survive the pruning done by `remember`.
    expect(nonces.size).toBeLessThanOrEqual(11);
    expect(nonces.has('n49')).toBe(true);
    expect(nonces.has('n0')).toBe(false);
  });

  it('keeps pruning in sighting order after a refresh', () => {
    const { clock, nonces } = memory(1000);
    nonces.remember('old');
    nonces.remember('young');
    clock.t += 600;
    nonces.remember('old');
    clock.t += 600;
    nonces.remember('new');
    expect(nonces.has('young')).toBe(false);
    expect(nonces.has('old')).toBe(true);
    expect(nonces.size).toBe(2);
  });
});
