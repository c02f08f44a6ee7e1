/**
 * The /solvency screen's headless parts: cards per asset, the plain summary with its checks (pools + players
 * = issued + from the chain; the proof's total = what is owed), pools without balance left out and never by
 * account name, custody lines, verdicts, updated text.
 */
import { describe, expect, it } from 'vitest';
import { POOL_TEXTS, solvencyCard, solvencyCards, updatedText } from '../../../../src/client/hud/screens/solvencyView';
import type { SolvencyAsset, SolvencyView } from '../../../../src/shared/api/solvency';
import { solvencySchema } from '../../../../src/shared/api/solvency';

const custody = (solvent: boolean) => ({
  on_chain: '1100.5',
  owed_on_chain: '100',
  pending_out: '2',
  dust: '0.000000000000000001',
  difference: '1000.5',
  operator_funds: '1000.499999999999999999',
  solvent,
  beyond_players: '900.5',
});
const asset = (code: string, patch: Partial<SolvencyAsset> = {}): SolvencyAsset => ({
  asset: code,
  issued: '700.25',
  from_chain: '0',
  pools: [
    { name: 'gscb_reserve', amount: '500' },
    { name: 'mining_pool', amount: '0' },
    { name: 'fees', amount: '0.25' },
  ],
  pools_total: '500.25',
  players: '150',
  eidols: '50',
  liabilities: '200',
  custody: null,
  ...patch,
});
const report = (): SolvencyView => ({
  updated_at: '2026-11-25 15:20:00',
  assets: [asset('ANGLS'), asset('USDC', { custody: custody(true) }), asset('BNB', { custody: custody(false) }), asset('GDAO')],
  custody_note: null,
  liability_root: {
    hash: 'ab'.repeat(32),
    assets: ['ANGLS', 'USDC', 'BNB', 'GDAO'],
    totals: ['20000000000', '200000000', '200000000000', '200'],
    players: 3,
    taken_at: '2026-11-25 15:19:50',
  },
});

describe('solvency view', () => {
  it('makes one card per asset in the server order, gDAO titled as players know it', () => {
    const view = report();
    expect(solvencySchema.parse(view)).toEqual(view);
    expect(solvencyCards(view).map((c) => [c.asset, c.title])).toEqual([
      ['ANGLS', 'ANGLS'],
      ['USDC', 'USDC'],
      ['BNB', 'BNB'],
      ['GDAO', 'gDAO'],
    ]);
  });

  it('lists only pools holding something, each with its label and one sentence, and the pools total', () => {
    const card = solvencyCard(asset('ANGLS'));
    expect(card.pools.map((l) => [l.key, l.label, l.amount])).toEqual([
      ['gscb_reserve', 'GSCB reserve', '500'],
      ['fees', 'Fees', '0.25'],
    ]);
    expect(card.pools[0]!.explain).toBe(POOL_TEXTS.gscb_reserve!.explain);
    expect(card.poolsTotal).toBe('500.25');
    expect(
      solvencyCard(
        asset('GDAO', {
          pools: [
            { name: 'treasury', amount: '0' },
            { name: 'shop_stock', amount: '-0' },
          ],
        }),
      ).pools,
    ).toEqual([]);
    // A pool the page has no words for yet shows in plain words, never by its account name.
    expect(solvencyCard(asset('ANGLS', { pools: [{ name: 'new_pool', amount: '3' }] })).pools[0]).toMatchObject({
      label: 'Other game accounts',
      amount: '3',
      explain: 'Held by the game for its own running.',
    });
    for (const name of ['gdao_chest', 'gdao_reserve', 'gdao_burned', 'item_reserve', 'consumed']) {
      const line = solvencyCard(asset('ANGLS', { pools: [{ name, amount: '1' }] })).pools[0]!;
      expect(line.label).not.toMatch(/_/);
      expect(line.explain).not.toBe('Held by the game for its own running.');
    }
  });

  it('shows players, eidols and their total as what is owed, in the asset named', () => {
    const owed = solvencyCard(asset('USDC')).owed;
    expect(owed.map((l) => [l.key, l.amount])).toEqual([
      ['players', '150'],
      ['eidols', '50'],
      ['liabilities', '200'],
    ]);
    expect(owed[2]!.explain).toMatch(/in USDC: players plus eidols/);
  });

  it('gives chain assets their custody lines, amounts untouched, with a ✓ or ✗ verdict', () => {
    const ok = solvencyCard(asset('USDC', { custody: custody(true) }));
    expect(ok.custody.map((l) => [l.key, l.amount])).toEqual([
      ['on_chain', '1100.5'],
      ['owed_on_chain', '100'],
      ['pending_out', '2'],
      ['difference', '1000.5'],
      ['dust', '0.000000000000000001'],
      ['operator_funds', '1000.499999999999999999'],
      ['beyond_players', '900.5'],
    ]);
    for (const l of ok.custody) expect(l.explain.length).toBeGreaterThan(10);
    expect(ok.verdict).toEqual({ tone: 'ok', text: '✓ On-chain USDC covers every deposit players hold.' });
    expect(solvencyCard(asset('BNB', { custody: custody(false) })).verdict).toEqual({
      tone: 'bad',
      text: '✗ On-chain BNB is short of what players deposited.',
    });
  });

  it('says when custody is missing for a chain asset, and that ANGLS and gDAO have none to compare', () => {
    const missing = solvencyCard(asset('USDC'));
    expect(missing.custody).toEqual([]);
    expect(missing.verdict).toEqual({ tone: 'plain', text: 'Custody not shown right now.' });
    expect(solvencyCard(asset('GDAO')).verdict.text).toBe("gDAO is issued inside the game's ledger: there is no chain custody to compare.");
  });

  it('states the update time as UTC', () => {
    expect(updatedText(report())).toBe('Updated 2026-11-25 15:20:00 UTC (figures are refreshed at most every half minute).');
  });

  it('sums pools and players against issued plus from the chain, exactly, and says which way it went', () => {
    const card = solvencyCard(asset('ANGLS'));
    expect(card.summary.map((l) => [l.key, l.amount])).toEqual([
      ['liabilities', '200'],
      ['pools_total', '500.25'],
      ['issued', '700.25'],
    ]);
    expect(card.sums).toEqual({ ok: true, text: '✓ Pools and players together hold exactly what exists, no more.' });
    expect(card.equation).toBe('pools 500.25 + players 200 = issued 700.25 + from the chain 0 ANGLS');
    // One unit off at the last decimal is a failure, not rounding.
    expect(solvencyCard(asset('ANGLS', { issued: '700.24999999' })).sums.ok).toBe(false);
    // USDC: what is in the game came from the chain; its line shows, and custody's on-chain line beside.
    const usdc = solvencyCard(asset('USDC', { issued: '0', from_chain: '700.25', custody: custody(true) }));
    expect(usdc.summary.map((l) => l.key)).toEqual(['liabilities', 'pools_total', 'issued', 'from_chain', 'on_chain']);
    expect(usdc.sums.ok).toBe(true);
    expect(solvencyCard(asset('USDC', { issued: '0', from_chain: '700' })).sums).toEqual({
      ok: false,
      text: '✗ Pools and players do not add up to what exists.',
    });
  });

  it("compares the proof's total (integer units) with what is owed, per asset", () => {
    const cards = solvencyCards(report());
    expect(cards.map((c) => [c.asset, c.proof?.ok, c.proof?.line.amount])).toEqual([
      ['ANGLS', true, '200'],
      ['USDC', true, '200'],
      ['BNB', true, '200'],
      ['GDAO', true, '200'],
    ]);
    const short = {
      ...report(),
      liability_root: { ...report().liability_root, totals: ['19999999999', '200000000', '200000000000', '200'] },
    };
    expect(solvencyCards(short)[0]!.proof).toMatchObject({
      ok: false,
      text: "✗ The public proof's total differs from what is owed.",
      line: { amount: '199.99999999' },
    });
    expect(solvencyCard(asset('ANGLS')).proof).toBeNull();
  });
});
