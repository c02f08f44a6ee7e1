/** A lazy machine is built on its first use, once. */
import { describe, expect, it } from 'vitest';
import { lazyMachine } from '../../../../src/client/machines/lazyMachine';

describe('lazyMachine', () => {
  it('builds nothing until called, then the same machine on every call', () => {
    let built = 0;
    const machine = lazyMachine(() => ({ id: ++built }));
    expect(built).toBe(0);
    const first = machine();
    expect(machine()).toBe(first);
    expect(built).toBe(1);
  });
});
