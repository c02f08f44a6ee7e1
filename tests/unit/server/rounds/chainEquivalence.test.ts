/**
 * The server's chain store (node:crypto, checkpoints, hashed down on demand) computes the same chain as
 * the fairness rules every verifier runs (`chainFrom`), on 10^4 random chains: the same terminal hash, a
 * checkpoint exactly at each multiple of the spacing and at the last position, and every position's hash
 * recomputed from its checkpoint equal to the rules' hash of that round. An off-by-one in either copy
 * (a link too many or too few, a checkpoint one position off) fails here. Some chains also go through the
 * database (insertChain, roundHash) on in-memory SQLite.
 * Reproduce a failure with CHAIN_SEED=<printed seed>.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainFrom } from '../../../../src/shared/rules/fairnessChain';
import {
  CHECKPOINT_EVERY,
  generateChain,
  hashDown,
  insertChain,
  roundHash,
  type GeneratedChain,
} from '../../../../src/server/domain/fairness/chainStore';
import type { Db } from '../../../../src/server/db/database';
import { memoryDb } from '../../support/memoryDb';

const seed = Number(process.env.CHAIN_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.info(`[chain equivalence] seed=${seed} (CHAIN_SEED=${seed} reproduces)`);

/** Deterministic bytes for case `i` of this run. */
const bytesOf = (i: number, what: string) => createHash('sha256').update(`${seed}:${i}:${what}`).digest();

/** Case `i`: a 32-byte seed, a length of 1–32 and a checkpoint spacing of 1–8 (so every boundary is met often). */
function caseOf(i: number) {
  const r = bytesOf(i, 'shape');
  return { seedBytes: bytesOf(i, 'seed'), length: 1 + (r[0]! % 32), every: 1 + (r[1]! % 8) };
}

/** The server's hash of `position`, recomputed from the nearest checkpoint at or after it (as roundHash does). */
function serverHash(chain: GeneratedChain, position: number): string {
  const cp = chain.checkpoints.find((c) => c.position >= position)!;
  return hashDown(cp.hash, cp.position, position);
}

/**
 * Every way the server's chain differs from the rules' chain of the same seed, as a list of words; the
 * positions recomputed are `positions` (all of them by default).
 */
function differences(chain: GeneratedChain, seedBytes: Buffer, length: number, every: number, positions?: number[]): string[] {
  const rules = chainFrom(seedBytes.toString('hex'), length);
  const out: string[] = [];
  if (chain.terminalHash !== rules.terminalHash) out.push('terminal hash');
  const at = chain.checkpoints.map((c) => c.position);
  const expected = Array.from({ length }, (_, k) => k + 1).filter((p) => p % every === 0 || p === length);
  if (at.join() !== expected.join()) out.push(`checkpoints at ${at.join()} not ${expected.join()}`);
  for (const c of chain.checkpoints) if (c.hash !== rules.hashes[c.position - 1]) out.push(`checkpoint ${c.position}`);
  for (const p of positions ?? Array.from({ length }, (_, k) => k + 1))
    if (serverHash(chain, p) !== rules.hashes[p - 1]) out.push(`position ${p}`);
  return out;
}

describe('the server chain store and the fairness rules compute one chain', () => {
  it('agree on 10^4 random chains (seed, length, checkpoint spacing)', { timeout: 60_000 }, async () => {
    const failures: string[] = [];
    for (let i = 0; i < 10_000 && failures.length < 5; i++) {
      const { seedBytes, length, every } = caseOf(i);
      const diff = differences(await generateChain(length, { seed: seedBytes, every }), seedBytes, length, every);
      if (diff.length > 0) failures.push(`case ${i} (length ${length}, every ${every}): ${diff.slice(0, 3).join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('agree with the production spacing across two checkpoints', { timeout: 60_000 }, async () => {
    for (const length of [1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY + 1]) {
      const seedBytes = bytesOf(length, 'long');
      // Around each checkpoint, the ends, and one past the middle of each stretch (a stretch costs up to 999 links).
      const near = [
        1,
        2,
        length - 1,
        length,
        ...[1, 2].flatMap((k) => [k * CHECKPOINT_EVERY - 1, k * CHECKPOINT_EVERY, k * CHECKPOINT_EVERY + 1, k * CHECKPOINT_EVERY - 500]),
      ];
      const positions = [...new Set(near.filter((p) => p >= 1 && p <= length))];
      expect(differences(await generateChain(length, { seed: seedBytes }), seedBytes, length, CHECKPOINT_EVERY, positions)).toEqual([]);
    }
  });

  describe('through the database', () => {
    let db: Db;
    beforeAll(async () => {
      db = await memoryDb();
    });
    afterAll(async () => {
      await db?.close();
    });

    it('reads back every position of stored chains as the rules compute it', async () => {
      for (let i = 0; i < 40; i++) {
        const { seedBytes, length, every } = caseOf(i);
        const chain = await generateChain(length, { seed: seedBytes, every });
        const id = await insertChain(db.kysely, chain, 1 + i * 100, 0);
        const rules = chainFrom(seedBytes.toString('hex'), length);
        const stored: string[] = [];
        for (let position = 1; position <= length; position++) stored.push(await roundHash(db.kysely, id, position));
        expect(stored, `case ${i} (length ${length}, every ${every})`).toEqual(rules.hashes);
      }
    });
  });
});
