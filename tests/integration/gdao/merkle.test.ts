/**
 * The monthly gDAO distribution as a Merkle tree anchored on the real dev chain, both databases: a closed
 * month published with its Merkle root and leaf hashes, public rows without names, each player's proof
 * served and verifying (and refusing a changed amount), the root read back from the anchoring
 * transaction's calldata on the chain, and a chain that cannot be read at publication leaving the month
 * published and its anchoring pending until a later step sends it; a transaction whose nonce another took
 * is sent again.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { startChainServer, type ChainServer, type TestChain } from '../../support/chain';
import { insertRound } from '../../support/gameFixtures';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { createLedger, ensureGenesis } from '../../../src/server/ledger/index';
import { ensureGdaoGenesis } from '../../../src/server/domain/gdao/gdaoGenesis';
import { monthOf, monthRange, publishDueMonths } from '../../../src/server/domain/gdao/monthlyIncome';
import { createGdaoAnchorer } from '../../../src/server/domain/gdao/merkleAnchor';
import { NO_LEAF_IN_MONTH } from '../../../src/server/domain/gdao/gdaoTexts';
import { distributionSchema, leafProofSchema } from '../../../src/shared/api/gdao';
import { anchorCalldata, leafHash, merkleRoot, verifyMerkleProof } from '../../../src/shared/rules/gdaoMerkle';
import { insertEidol } from './support';

/** The proof check of src/server/domain/gdao/README.md, step 5, with node:crypto only (no project code). */
function outsideVerify(
  leaf: { user_id: number; activity: number; amount: string },
  proof: { index: number; leaf_count: number; siblings: string[] },
  root: string,
): boolean {
  const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
  const bytes = Buffer.alloc(49);
  bytes.writeBigUInt64BE(BigInt(leaf.user_id), 1);
  bytes.writeBigUInt64BE(BigInt(leaf.activity), 9);
  bytes.write(BigInt(leaf.amount).toString(16).padStart(64, '0'), 17, 'hex');
  let h = sha(bytes);
  let [i, n, used] = [proof.index, proof.leaf_count, 0];
  for (; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if (i % 2 === 0 && i + 1 >= n) continue;
    const sib = Buffer.from(proof.siblings[used++] ?? '', 'hex');
    h = i % 2 === 1 ? sha(Buffer.from([1]), sib, h) : sha(Buffer.from([1]), h, sib);
  }
  return used === proof.siblings.length && h.toString('hex') === root;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('gDAO Merkle month on %s', (dialect) => {
  let up: ChainServer | undefined;
  let s: TestServer;
  let chain: TestChain;
  let mod: ChainModule;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ server: s, chain, mod } = up);
    await ensureGenesis(s.testDb.db, s.clock);
    await ensureGdaoGenesis(s.testDb.db, s.clock);
  }, 120_000);
  afterAll(async () => {
    await up?.close();
  });

  const db = () => s.testDb.db;

  /** Round `id` settled at `at`, joined by each [eidol, user] given. */
  async function round(id: number, at: number, joins: Array<[number, number]>): Promise<void> {
    await insertRound(db(), id, { opensAt: at - 1000, canActBefore: at - 500, endsAt: at });
    await db().kysely.updateTable('rounds').set({ settled_at: at }).where('id', '=', id).execute();
    for (const [eidolId, userId] of joins) {
      await db()
        .kysely.insertInto('round_entries')
        .values({
          round_id: id,
          eidol_id: eidolId,
          user_id: userId,
          risk: '0.5',
          yieldy: 0,
          eidol_type: 'eidol',
          xp_before: 0,
          level_before: 1,
          value_before: 0n,
          top_value_before: 0n,
          no_loss_value: 0n,
          zone: 'bot',
          stake: 0n,
          payout: 0n,
          mined: 0n,
          value_after: 0n,
          xp_gained: 1,
          created_at: at,
        })
        .execute();
    }
  }

  it(
    'publishes the root, serves proofs that verify, shows no names and anchors the root in a chain transaction',
    { timeout: 120_000 },
    async () => {
      const players = [];
      for (const tag of ['a', 'b', 'c']) players.push(await registerPlayer(s, `mk-${tag}${dialect}`));
      const outsider = await registerPlayer(s, `mk-out${dialect}`);
      const [a, b, c] = players as [typeof outsider, typeof outsider, typeof outsider];
      const [thisMonth] = monthRange(monthOf(s.clock.now()));
      const prev = monthOf(thisMonth - 1);
      const [prevStart] = monthRange(prev);
      const eidols = await Promise.all(players.map((p) => insertEidol(db(), s.clock, p.user.id, { level: 1 })));
      // a joins 3 rounds, b 2, c 1: three leaves (an odd count, the last one promoted).
      for (let r = 1; r <= 3; r++) {
        await round(
          r,
          prevStart + r * 3_600_000,
          players.slice(0, 4 - r).map((p, i) => [eidols[i]!, p.user.id]),
        );
      }

      const list = await s.client().get('/api/gdao/distributions');
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].anchor).toMatchObject({ status: 'pending', tx_hash: null, block_number: null });

      const res = await s.client().get(`/api/gdao/distributions/${prev}`);
      expect(res.status).toBe(200);
      // No name anywhere in the public month: not as a field, not as a value.
      for (const p of [...players, outsider]) expect(res.text).not.toContain(p.user.name);
      const month = distributionSchema.parse(res.body.data);
      for (const row of res.body.data.rows) expect(Object.keys(row).sort()).toEqual(['activity', 'amount', 'share', 'user_id']);
      expect(month.rows.map((r) => [r.user_id, r.activity, r.amount])).toEqual([
        [a.user.id, 3, '5000'],
        [b.user.id, 2, '3333'],
        [c.user.id, 1, '1667'],
      ]);
      // The root is recomputed from the public rows alone; the stored leaf hashes are the rows' leaves.
      expect(month.merkle_root).toBe(merkleRoot(month.rows));
      const stored = await db()
        .kysely.selectFrom('gdao_distribution_rows')
        .select(['user_id', 'leaf_hash'])
        .where('month', '=', prev)
        .orderBy('user_id')
        .execute();
      expect(stored.map((r) => r.leaf_hash)).toEqual(month.rows.map((r) => leafHash(r)));

      for (const p of players) {
        const proofRes = await p.client.get(`/api/gdao/distributions/${prev}/proof`);
        expect(proofRes.status).toBe(200);
        const proof = leafProofSchema.parse(proofRes.body.data);
        expect(proof.leaf.user_id).toBe(p.user.id);
        expect(proof.leaf_count).toBe(3);
        expect(proof.merkle_root).toBe(month.merkle_root);
        expect(verifyMerkleProof(proof.leaf, proof, month.merkle_root!)).toBe(true);
        expect(outsideVerify(proof.leaf, proof, month.merkle_root!)).toBe(true);
        expect(verifyMerkleProof({ ...proof.leaf, amount: String(BigInt(proof.leaf.amount) + 1n) }, proof, month.merkle_root!)).toBe(false);
        expect(outsideVerify({ ...proof.leaf, amount: String(BigInt(proof.leaf.amount) + 1n) }, proof, month.merkle_root!)).toBe(false);
      }
      const none = await outsider.client.get(`/api/gdao/distributions/${prev}/proof`);
      expect([none.status, none.body.message]).toEqual([404, NO_LEAF_IN_MONTH]);
      expect((await s.client().get(`/api/gdao/distributions/${prev}/proof`)).status).toBe(401);
      expect((await a.client.get('/api/gdao/distributions/2026-13/proof')).status).toBe(404);
      expect((await a.client.get(`/api/gdao/distributions/${monthOf(s.clock.now())}/proof`)).status).toBe(404);

      // The chain cannot be read: the step fails and the month stays published, its anchoring pending.
      const dead = createPublicClient({ chain: chain.gateway.chain, transport: http('http://127.0.0.1:9', { retryCount: 0 }) });
      const offline = createGdaoAnchorer(db(), s.clock, { ...chain.gateway, client: dead as typeof chain.gateway.client });
      await expect(offline.step()).rejects.toThrow();
      const head = await db()
        .kysely.selectFrom('gdao_distributions')
        .select(['anchor_status', 'anchor_tx_hash'])
        .where('month', '=', prev)
        .executeTakeFirstOrThrow();
      expect(head).toEqual({ anchor_status: 'pending', anchor_tx_hash: null });

      // A later step sends it; it is recorded once final (2 confirmations).
      const first = await mod.anchorNow();
      expect(first?.sent).toEqual([prev]);
      const sent = (await s.client().get(`/api/gdao/distributions/${prev}`)).body.data.anchor;
      expect(sent).toMatchObject({ status: 'sent', block_number: null });
      await chain.mine(2);
      expect((await mod.anchorNow())?.anchored).toEqual([prev]);
      expect((await mod.anchorNow())?.sent).toEqual([]);

      const anchored = distributionSchema.parse((await s.client().get(`/api/gdao/distributions/${prev}`)).body.data).anchor;
      expect(anchored.status).toBe('anchored');
      const tx = await chain.gateway.client.getTransaction({ hash: anchored.tx_hash as Hex });
      const hot = chain.gateway.signer!.hotWallet;
      expect([tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.value]).toEqual([hot.toLowerCase(), hot.toLowerCase(), 0n]);
      // The root read back from the chain: the calldata's last 32 bytes, after "aeon-gdao:<month>:".
      expect(tx.input).toBe(anchorCalldata(prev, month.merkle_root!));
      expect(tx.input.slice(-64)).toBe(month.merkle_root);
      expect(Buffer.from(tx.input.slice(2, -64), 'hex').toString('ascii')).toBe(`aeon-gdao:${prev}:`);
      expect(Number(tx.blockNumber)).toBe(anchored.block_number);
      const block = await chain.gateway.client.getBlock({ blockNumber: tx.blockNumber! });
      expect(anchored.block_time).toBe(new Date(Number(block.timestamp) * 1000).toISOString());
      expect(anchored.calldata).toBe(tx.input);
      expect(anchored.from).toBe(hot.toLowerCase());
      const proof = leafProofSchema.parse((await b.client.get(`/api/gdao/distributions/${prev}/proof`)).body.data);
      expect(proof.anchor).toEqual(anchored);

      // Publishing again writes nothing new and sends nothing twice.
      expect(await publishDueMonths(createLedger(db(), s.clock))).toEqual([]);
      await chain.mine(2);
      expect(await mod.anchorNow()).toEqual({ sent: [], anchored: [], resent: [] });

      // A transaction that never reached the chain while another took its nonce (here: nonce 0, final long
      // ago, and bytes no node knows): the month goes back to pending and is sent again at a new nonce.
      const lost = `0x${'0f'.repeat(32)}`;
      await db()
        .kysely.updateTable('gdao_distributions')
        .set({ anchor_status: 'broadcast', anchor_tx_hash: lost, anchor_nonce: 0, anchor_raw: '0x00', anchor_block: null })
        .where('month', '=', prev)
        .execute();
      expect((await mod.anchorNow())?.resent).toEqual([prev]);
      expect((await mod.anchorNow())?.sent).toEqual([prev]);
      await chain.mine(2);
      expect((await mod.anchorNow())?.anchored).toEqual([prev]);
      const again = distributionSchema.parse((await s.client().get(`/api/gdao/distributions/${prev}`)).body.data).anchor;
      expect(again.tx_hash).not.toBe(lost);
      expect((await chain.gateway.client.getTransaction({ hash: again.tx_hash as Hex })).input).toBe(
        anchorCalldata(prev, month.merkle_root!),
      );
    },
  );
});
