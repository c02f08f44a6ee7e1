/**
 * The proof of liabilities on both databases: `GET /api/solvency` publishes `issued` per asset (Σ balances of
 * every non-genesis account, as the ledger defines it) and a root whose totals equal the liabilities;
 * a logged-in player's proof (`GET /api/solvency/proof`) verifies against it in an outside verifier written
 * from the README alone and in the shared module; a second player's proof differs; salts stay put across
 * snapshots and are never shown to others; a guest's request is 401 in the API's shape.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../../support/server';
import { insertEidol } from '../gdao/support';
import { solvencyRoutes, NOT_IN_SNAPSHOT } from '../../../src/server/http/routes/solvencyRoutes';
import { LIABILITY_SNAPSHOT_MS, SOLVENCY_CACHE_MS } from '../../../src/server/domain/solvency/solvencyCache';
import { createLedger, eidolAccount, ensureGenesis, playerAccount, systemAccount, transfer } from '../../../src/server/ledger/index';
import { CURRENCY_ASSETS } from '../../../src/shared/money/index';
import { parseUnits } from 'viem';
import { liabilityProofSchema, solvencySchema, type LiabilityProof, type SolvencyView } from '../../../src/shared/api/solvency';
import { verifyLiabilityProof } from '../../../src/shared/rules/liabilityTree';
import { outsideVerify } from './outsideVerifier';
import { readLedgerSnapshot } from '../../../src/server/domain/solvency/ledgerSnapshot';

const ASSETS = ['ANGLS', 'USDC', 'BNB', 'GDAO'] as const;
const units = (asset: string, text: string) => parseUnits(text, CURRENCY_ASSETS[asset as keyof typeof CURRENCY_ASSETS].scale);

describe.each(dialectsFor(inject('pgAdminUrl')))('proof of liabilities on %s', (dialect) => {
  let s: TestServer;
  const players: Array<{ client: TestClient; id: number }> = [];
  let fundN = 0;

  /** Moves `amount` units of `asset` from `from` (genesis by default) to a player or an eidol. */
  const fund = async (
    to: { player: number } | { eidol: number },
    asset: string,
    amount: bigint,
    from: 'genesis' | 'chain_custody' = 'genesis',
  ) =>
    createLedger(s.testDb.db, s.clock).run(async (tx) => {
      const credit = 'player' in to ? await playerAccount(tx, to.player, asset) : await eidolAccount(tx, to.eidol);
      await transfer(tx, { id: `test-proof:${++fundN}`, debit: await systemAccount(tx, from, asset), credit, amount, code: 'test-fund' });
    });

  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'), { routes: [solvencyRoutes(undefined)] });
    await ensureGenesis(s.testDb.db, s.clock);
    for (const n of ['pa', 'pb', 'pc']) {
      const p = await registerPlayer(s, n);
      players.push({ client: p.client, id: p.user.id });
    }
    const [a, b, c] = players.map((p) => p.id) as [number, number, number];
    await fund({ player: a }, 'ANGLS', 123_456_789n);
    await fund({ player: a }, 'USDC', 5_000_000n, 'chain_custody');
    await fund({ player: b }, 'BNB', 77n, 'chain_custody');
    await fund({ player: b }, 'GDAO', 9n);
    await fund({ eidol: await insertEidol(s.testDb.db, s.clock, b) }, 'ANGLS', 250_000_000n);
    await fund({ eidol: await insertEidol(s.testDb.db, s.clock, b) }, 'ANGLS', 1n);
    await fund({ player: c }, 'GDAO', 1n);
  });
  afterAll(() => s?.close());

  const report = async (): Promise<SolvencyView> => {
    const res = await s.client().get('/api/solvency');
    expect(res.status).toBe(200);
    return solvencySchema.parse(res.body.data);
  };
  const proofOf = async (client: TestClient): Promise<LiabilityProof> => {
    const res = await client.get('/api/solvency/proof');
    expect(res.status, res.text).toBe(200);
    return liabilityProofSchema.parse(res.body.data);
  };
  const accounts = async () =>
    (
      await s.testDb.db.kysely
        .selectFrom('ledger_accounts')
        .leftJoin('eidols', 'eidols.id', 'ledger_accounts.owner_id')
        .select(['asset', 'owner_kind', 'owner_id', 'name', 'balance', 'eidols.user_id'])
        .execute()
    ).map((r) => ({ ...r, balance: BigInt(r.balance) }));
  /** What a player is owed per asset, from the ledger rows: their balance plus their eidols' values. */
  const holdingsOf = async (userId: number) => {
    const rows = await accounts();
    return ASSETS.map((asset) =>
      rows
        .filter(
          (r) =>
            r.asset === asset &&
            ((r.owner_kind === 'player' && r.owner_id === userId) || (r.owner_kind === 'eidol' && r.user_id === userId)),
        )
        .reduce((n, r) => n + r.balance, 0n)
        .toString(),
    );
  };

  it('publishes issued per asset as the ledger defines it, and pools + holdings = issued + what came from the chain', async () => {
    const view = await report();
    const rows = await accounts();
    for (const asset of ASSETS) {
      const a = view.assets.find((x) => x.asset === asset)!;
      const mine = rows.filter((r) => r.asset === asset);
      const nonGenesis = mine.filter((r) => !(r.owner_kind === 'system' && r.name === 'genesis')).reduce((n, r) => n + r.balance, 0n);
      expect(units(asset, a.issued), asset).toBe(nonGenesis);
      const custody = -mine.filter((r) => r.owner_kind === 'system' && r.name === 'chain_custody').reduce((n, r) => n + r.balance, 0n);
      expect(units(asset, a.from_chain), asset).toBe(custody);
      expect(units(asset, a.pools_total) + units(asset, a.liabilities), asset).toBe(units(asset, a.issued) + units(asset, a.from_chain));
    }
    expect(view.assets.find((x) => x.asset === 'USDC')!.from_chain).toBe('5');
    expect(view.assets.find((x) => x.asset === 'ANGLS')!.issued).toBe('11000003.7345679'); // the genesis supply (11,000,000) + the funds above
  });

  it("publishes a root whose totals are the liabilities, and each player's proof verifies against it", async () => {
    const view = await report();
    const root = view.liability_root;
    expect(root.assets).toEqual([...ASSETS]);
    expect(root.players).toBe(3);
    expect(root.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(root.totals).toEqual(view.assets.map((a) => units(a.asset, a.liabilities).toString()));

    const proofs = [];
    for (const p of players) {
      const proof = await proofOf(p.client);
      expect(proof.root).toEqual(root);
      expect(proof.leaf.user_id).toBe(p.id);
      expect(proof.leaf.amounts).toEqual(await holdingsOf(p.id));
      expect(outsideVerify(proof, root)).toEqual({ hash: root.hash, sums: root.totals, ok: true });
      const shared = verifyLiabilityProof({
        leaf: { userId: proof.leaf.user_id, salt: proof.leaf.salt, amounts: proof.leaf.amounts.map(BigInt) },
        index: proof.index,
        count: root.players,
        path: proof.path.map((st) => ({ ...st, sums: st.sums.map(BigInt) })),
        root: { hash: root.hash, sums: root.totals.map(BigInt) },
      });
      expect(shared.ok).toBe(true);
      proofs.push(proof);
    }
    const [a, b] = proofs as [LiabilityProof, LiabilityProof];
    expect(b.leaf.salt).not.toBe(a.leaf.salt);
    expect(b.path).not.toEqual(a.path);
    expect(a.leaf.amounts).toEqual(['123456789', '5000000', '0', '0']);
    expect(b.leaf.amounts).toEqual(['250000001', '0', '77', '9']);
    // A player's proof never carries another player's salt, and the public report carries none.
    expect(JSON.stringify(a)).not.toContain(b.leaf.salt);
    expect(JSON.stringify(view)).not.toContain(a.leaf.salt);
    // A's leaf with B's amounts (A claiming more) does not lead to the root.
    expect(outsideVerify({ ...a, leaf: { ...a.leaf, amounts: b.leaf.amounts } }, root).ok).toBe(false);
  });

  it('reads the same holdings page by page as in one page (eidols counted with their owner across page edges)', async () => {
    const pause = async () => {};
    const whole = await readLedgerSnapshot(s.testDb.db, pause);
    const paged = await readLedgerSnapshot(s.testDb.db, pause, 1);
    expect(paged).toEqual(whole);
    expect(whole.leaves.map((l) => l.userId)).toEqual(players.map((p) => p.id));
  });

  it('refuses a guest with 401 in the API shape, and a player newer than the snapshot with 404 until the next one', async () => {
    const guest = await s.client().get('/api/solvency/proof');
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ success: false, message: 'Unauthenticated.' });

    const late = await registerPlayer(s, 'pd');
    const early = await late.client.get('/api/solvency/proof');
    expect(early.status).toBe(404);
    expect(early.body).toEqual({ success: false, message: NOT_IN_SNAPSHOT });
    s.clock.advance(LIABILITY_SNAPSHOT_MS);
    const now = await proofOf(late.client);
    expect(now.leaf.amounts).toEqual(['0', '0', '0', '0']);
    expect(now.root.players).toBe(4);
  });

  it('takes a new snapshot after the window: the report and proofs move together, salts stay, the old proof fails the new root', async () => {
    const [a] = players as [{ client: TestClient; id: number }];
    const before = await proofOf(a.client);
    await fund({ player: a.id }, 'GDAO', 4n);
    s.clock.advance(SOLVENCY_CACHE_MS);
    expect((await report()).liability_root).toEqual(before.root); // the snapshot's window is not over yet
    s.clock.advance(LIABILITY_SNAPSHOT_MS);
    const view = await report();
    const after = await proofOf(a.client);
    expect(after.root).toEqual(view.liability_root);
    expect(after.root.hash).not.toBe(before.root.hash);
    expect(after.leaf.salt).toBe(before.leaf.salt);
    expect(after.leaf.amounts[3]).toBe('4');
    expect(outsideVerify(after, view.liability_root).ok).toBe(true);
    expect(outsideVerify(before, view.liability_root).ok).toBe(false);
    expect(view.liability_root.totals[3]).toBe(units('GDAO', view.assets[3]!.liabilities).toString());
  });
});
