/**
 * The fairness chain store: a generated chain's checkpoints recompute every position exactly as the
 * shared rules' `chainFrom` does from the same seed, and every link verifies, on both databases.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chainFrom, verifyLink } from '../../../src/shared/rules/fairness';
import { CHECKPOINT_EVERY, generateChain, insertChain, roundHash } from '../../../src/server/domain/fairness/chainStore';
import { createTestDb, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';

const pgAdminUrl = inject('pgAdminUrl');

describe.each(['sqlite', 'postgres'] as const)('fairness chain store on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    if (dialect === 'postgres' && !pgAdminUrl) return;
    t = await createTestDb(dialect, pgAdminUrl);
  });
  afterAll(() => destroyQuietly(t));

  it.runIf(dialect === 'sqlite' || pgAdminUrl)('stores checkpoints from which every position recomputes as chainFrom does', async () => {
    const length = 2 * CHECKPOINT_EVERY + 345;
    const chain = await generateChain(length);
    expect(chain.checkpoints.map((c) => c.position)).toEqual([CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY, length]);
    expect(chain.salt).toMatch(/^[0-9a-f]{32}$/);
    // The last position holds the seed: the portable rules regenerate the whole chain from it.
    const seed = chain.checkpoints.at(-1)!.hash;
    const expected = chainFrom(seed, length);
    expect(chain.terminalHash).toBe(expected.terminalHash);

    const id = await insertChain(t.db.kysely, chain, 1, Date.UTC(2026, 0, 1));
    const stored = await t.db.kysely
      .selectFrom('fairness_checkpoints')
      .selectAll()
      .where('chain_id', '=', id)
      .orderBy('position')
      .execute();
    expect(stored.map((c) => c.position)).toEqual([CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY, length]);

    // The ends, and each side of every checkpoint (where an off-by-one would show).
    const positions = new Set<number>();
    for (let p = 1; p <= 20; p++) positions.add(p).add(length + 1 - p);
    for (const c of chain.checkpoints)
      for (let d = -3; d <= 3; d++) if (c.position + d >= 1 && c.position + d <= length) positions.add(c.position + d);
    for (const p of [...positions].sort((x, y) => x - y)) {
      const hash = await roundHash(t.db.kysely, id, p);
      expect(hash).toBe(expected.hashes[p - 1]);
      expect(verifyLink(hash, p === 1 ? chain.terminalHash : expected.hashes[p - 2])).toBe(true);
    }
    await expect(roundHash(t.db.kysely, id, length + 1)).rejects.toThrow(/no position/);
  });

  it.runIf(dialect === 'sqlite' || pgAdminUrl)('gives every chain its own seed and salt', async () => {
    const [a, b] = await Promise.all([generateChain(3), generateChain(3)]);
    expect(a.terminalHash).not.toBe(b.terminalHash);
    expect(a.salt).not.toBe(b.salt);
    expect(a.checkpoints.map((c) => c.position)).toEqual([3]);
  });
});
