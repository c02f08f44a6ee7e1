/**
 * `GET /api/solvency` against a real embedded dev chain, on both databases: public (no session), every
 * figure equal to the ledger's own sums and custody equal to `reconcile` after a deposit, the deposit
 * visible only once the snapshot's window has passed, and custody left out with a note without a chain.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseUnits } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { receipt, type TestChain, startChainServer, type ChainServer } from '../../support/chain';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { solvencyRoutes } from '../../../src/server/http/routes/solvencyRoutes';
import { LIABILITY_SNAPSHOT_MS, SOLVENCY_CACHE_MS } from '../../../src/server/domain/solvency/solvencyCache';
import { CUSTODY_UNAVAILABLE, POOL_NAMES, readSolvency, SOLVENCY_ASSETS } from '../../../src/server/domain/solvency/solvencyReport';
import { reconcile } from '../../../src/server/chain/reconcile';
import { createLedger, eidolAccount, ensureGenesis, systemAccount, transfer } from '../../../src/server/ledger/index';
import { ensureExchangePools } from '../../../src/server/domain/exchange/exchangePools';
import { CURRENCY_ASSETS, formatUnitsTrimmed } from '../../../src/shared/money/index';
import { solvencySchema, type SolvencyView } from '../../../src/shared/api/solvency';

describe.each(dialectsFor(inject('pgAdminUrl')))('solvency report on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let up: ChainServer | undefined;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'), (gateway) => [solvencyRoutes(gateway)]);
    ({ chain, mod, server: s } = up);
    await ensureGenesis(s.testDb.db, s.clock);
    await ensureExchangePools(s.testDb.db, s.clock);
    // An eidol holding ANGLS: its value counts among what players are owed.
    await createLedger(s.testDb.db, s.clock).run(async (tx) => {
      await transfer(tx, {
        id: 'test-solv:eidol',
        debit: await systemAccount(tx, 'genesis', 'ANGLS'),
        credit: await eidolAccount(tx, 424242),
        amount: 250_000_000n,
        code: 'test-fund',
      });
    });
  });
  afterAll(async () => {
    await up?.close();
  });

  /** GET /api/solvency as a guest (fresh cookie jar), checked against the wire schema. */
  const fetchReport = async (): Promise<SolvencyView> => {
    const res = await s.client().get('/api/solvency');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return solvencySchema.parse(res.body.data);
  };

  /** The same figures summed here from every ledger account row, in BigInt. */
  const fromLedger = async () => {
    const rows = await s.testDb.db.kysely.selectFrom('ledger_accounts').select(['asset', 'owner_kind', 'name', 'balance']).execute();
    return SOLVENCY_ASSETS.map((asset) => {
      const fmt = (v: bigint) => formatUnitsTrimmed(v, CURRENCY_ASSETS[asset].scale);
      const total = (pick: (r: (typeof rows)[number]) => boolean) =>
        rows.filter((r) => r.asset === asset && pick(r)).reduce((sum, r) => sum + BigInt(r.balance), 0n);
      const players = total((r) => r.owner_kind === 'player');
      const eidols = total((r) => r.owner_kind === 'eidol');
      const system = (name: string) => total((r) => r.owner_kind === 'system' && r.name === name);
      return {
        asset,
        issued: fmt(-system('genesis')),
        from_chain: fmt(-system('chain_custody')),
        pools: POOL_NAMES.map((name) => ({ name, amount: fmt(total((r) => r.owner_kind === 'system' && r.name === name)) })),
        pools_total: fmt(total((r) => r.owner_kind === 'system' && POOL_NAMES.includes(r.name as never))),
        players: fmt(players),
        eidols: fmt(eidols),
        liabilities: fmt(players + eidols),
      };
    });
  };

  const custodyOf = (view: SolvencyView, asset: string) => view.assets.find((a) => a.asset === asset)!.custody!;
  const assetOf = (view: SolvencyView, asset: string) => view.assets.find((a) => a.asset === asset)!;

  it('answers guests with pools, liabilities and custody equal to the ledger and reconcile, the deposit showing once the cache expires', async () => {
    const before = await fetchReport();
    expect(before.custody_note).toBeNull();
    expect(before.assets.map((a) => a.asset)).toEqual(['ANGLS', 'USDC', 'BNB', 'GDAO']);
    expect(assetOf(before, 'ANGLS').eidols).toBe('2.5');
    expect(assetOf(before, 'ANGLS').custody).toBeNull();
    expect(assetOf(before, 'GDAO').custody).toBeNull();

    const p = await registerPlayer(s, 'sv');
    const coin = await p.client.get('/api/test-coin');
    expect(coin.status).toBe(200);
    for (const h of [coin.body.data.bnb_tx, coin.body.data.usdc_tx]) expect((await receipt(chain, h)).status).toBe('success');
    await chain.mine(2);
    expect(await mod.scanNow()).toHaveLength(2);

    // Still inside the cache window: the same report, deposit not in it yet.
    expect(await fetchReport()).toEqual(before);
    // The ledger figures come from the liability snapshot, taken at most every LIABILITY_SNAPSHOT_MS.
    s.clock.advance(LIABILITY_SNAPSHOT_MS);
    const after = await fetchReport();
    expect(after.updated_at).not.toBe(before.updated_at);

    // Every ledger line equals the ledger's own sums.
    expect(after.assets.map(({ custody: _c, ...rest }) => rest)).toEqual(await fromLedger());
    // Custody is reconcile's computation, formatted.
    const rec = await reconcile(s.testDb.db, chain.gateway);
    const usdcDecimals = chain.gateway.tokens.find((t) => t.asset === 'USDC')!.decimals;
    for (const r of rec) {
      const decimals = r.asset === 'USDC' ? usdcDecimals : 18;
      const held = parseUnits(assetOf(after, r.asset).liabilities, decimals);
      expect(custodyOf(after, r.asset)).toEqual({
        on_chain: formatUnitsTrimmed(r.onChain, decimals),
        owed_on_chain: formatUnitsTrimmed(r.liabilities, CURRENCY_ASSETS[r.asset].scale),
        pending_out: formatUnitsTrimmed(r.pendingOut, CURRENCY_ASSETS[r.asset].scale),
        dust: formatUnitsTrimmed(r.dust, decimals),
        difference: formatUnitsTrimmed(r.surplus, decimals),
        operator_funds: formatUnitsTrimmed(r.operatorFunds, decimals),
        solvent: r.solvent,
        beyond_players: formatUnitsTrimmed(r.onChain - held, decimals),
      });
    }

    // The deposit: 100 USDC and 0.1 BNB more owed to players and on-chain liabilities; the USDC stayed on
    // the platform's addresses (hot wallet → deposit address), so the operator's margin shrank by 100.
    const dec = (v: string, scale: number) => parseUnits(v, scale);
    const usdc = (view: SolvencyView, pick: (a: SolvencyView['assets'][number]) => string) =>
      dec(pick(assetOf(view, 'USDC')), CURRENCY_ASSETS.USDC.scale);
    expect(usdc(after, (a) => a.players) - usdc(before, (a) => a.players)).toBe(100_000_000n);
    expect(usdc(after, (a) => a.custody!.owed_on_chain) - usdc(before, (a) => a.custody!.owed_on_chain)).toBe(100_000_000n);
    expect(dec(custodyOf(after, 'USDC').on_chain, usdcDecimals)).toBe(dec(custodyOf(before, 'USDC').on_chain, usdcDecimals));
    expect(dec(custodyOf(before, 'USDC').difference, usdcDecimals) - dec(custodyOf(after, 'USDC').difference, usdcDecimals)).toBe(
      parseUnits('100', usdcDecimals),
    );
    expect(dec(assetOf(after, 'BNB').players, 9) - dec(assetOf(before, 'BNB').players, 9)).toBe(100_000_000n);
    for (const asset of ['USDC', 'BNB']) expect(custodyOf(after, asset).solvent).toBe(true);
    expect((await createLedger(s.testDb.db, s.clock).check()).violations).toEqual([]);
  });

  it('shares one read among concurrent requests and changes nothing', async () => {
    s.clock.advance(SOLVENCY_CACHE_MS);
    const transfers = async () => (await s.testDb.db.kysely.selectFrom('ledger_transfers').select('id').execute()).length;
    const n = await transfers();
    const views = await Promise.all(Array.from({ length: 6 }, () => fetchReport()));
    for (const v of views) expect(v).toEqual(views[0]);
    expect(await transfers()).toBe(n);
  });

  it('leaves custody out with a note when the node has no chain, still showing the ledger figures', async () => {
    const view = await readSolvency(s.testDb.db, undefined, s.clock.now());
    expect(view.custody_note).toBe(CUSTODY_UNAVAILABLE);
    for (const a of view.assets) expect(a.custody).toBeNull();
    expect(view.assets.map(({ custody: _c, ...rest }) => rest)).toEqual(await fromLedger());
  });
});
