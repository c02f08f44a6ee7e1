/** The /solvency screen's headless parts: cards per asset, pools without balance left out, custody lines, verdicts, updated text. */
import { describe, expect, it } from 'vitest';
import { POOL_TEXTS, solvencyCard, solvencyCards, updatedText } from '../../../../src/client/hud/screens/solvencyView';
import type { SolvencyAsset, SolvencyView } from '../../../../src/shared/api/solvency';
import { solvencySchema } from '../../../../src/shared/api/solvency';

const custody = (solvent: boolean) => ({
  on_chain: '1100.5', owed_on_chain: '100', pending_out: '2', dust: '0.000000000000000001', difference: '1000.5',
  operator_funds: '1000.499999999999999999', solvent, beyond_players: '900.5',
});
const asset = (code: string, patch: Partial<SolvencyAsset> = {}): SolvencyAsset => ({
  asset: code,
  pools: [{ name: 'gscb_reserve', amount: '500' }, { name: 'mining_pool', amount: '0' }, { name: 'fees', amount: '0.25' }],
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
});

describe('solvency view', () => {
  it('makes one card per asset in the server order, gDAO titled as players know it', () => {
    const view = report();
    expect(solvencySchema.parse(view)).toEqual(view);
    expect(solvencyCards(view).map((c) => [c.asset, c.title])).toEqual([['ANGLS', 'ANGLS'], ['USDC', 'USDC'], ['BNB', 'BNB'], ['GDAO', 'gDAO']]);
  });

  it('lists only pools holding something, each with its label and one sentence, and the pools total', () => {
    const card = solvencyCard(asset('ANGLS'));
    expect(card.pools.map((l) => [l.key, l.label, l.amount])).toEqual([['gscb_reserve', 'GSCB reserve', '500'], ['fees', 'Fees', '0.25']]);
    expect(card.pools[0]!.explain).toBe(POOL_TEXTS.gscb_reserve!.explain);
    expect(card.poolsTotal).toBe('500.25');
    expect(solvencyCard(asset('GDAO', { pools: [{ name: 'treasury', amount: '0' }, { name: 'shop_stock', amount: '-0' }] })).pools).toEqual([]);
    // A pool the page does not know yet still shows, by its account name.
    expect(solvencyCard(asset('ANGLS', { pools: [{ name: 'new_pool', amount: '3' }] })).pools[0]).toMatchObject({ label: 'new_pool', amount: '3' });
  });

  it('shows players, eidols and their total as what is owed, in the asset named', () => {
    const owed = solvencyCard(asset('USDC')).owed;
    expect(owed.map((l) => [l.key, l.amount])).toEqual([['players', '150'], ['eidols', '50'], ['liabilities', '200']]);
    expect(owed[2]!.explain).toMatch(/in USDC: players plus eidols/);
  });

  it('gives chain assets their custody lines, amounts untouched, with a ✓ or ✗ verdict', () => {
    const ok = solvencyCard(asset('USDC', { custody: custody(true) }));
    expect(ok.custody.map((l) => [l.key, l.amount])).toEqual([
      ['on_chain', '1100.5'], ['owed_on_chain', '100'], ['pending_out', '2'], ['difference', '1000.5'],
      ['dust', '0.000000000000000001'], ['operator_funds', '1000.499999999999999999'], ['beyond_players', '900.5'],
    ]);
    for (const l of ok.custody) expect(l.explain.length).toBeGreaterThan(10);
    expect(ok.verdict).toEqual({ tone: 'ok', text: '✓ On-chain USDC covers every deposit players hold.' });
    expect(solvencyCard(asset('BNB', { custody: custody(false) })).verdict).toEqual({ tone: 'bad', text: '✗ On-chain BNB is short of what players deposited.' });
  });

  it('says when custody is missing for a chain asset, and that ANGLS and gDAO have none to compare', () => {
    const missing = solvencyCard(asset('USDC'));
    expect(missing.custody).toEqual([]);
    expect(missing.verdict).toEqual({ tone: 'plain', text: 'Custody not shown right now.' });
    expect(solvencyCard(asset('GDAO')).verdict.text).toBe("gDAO is issued inside the game's ledger: there is no chain custody to compare.");
  });

  it('states the update time as UTC', () => {
    expect(updatedText(report())).toBe('Updated 2026-11-25 15:20:00 UTC (figures are refreshed at most every few seconds).');
  });
});
