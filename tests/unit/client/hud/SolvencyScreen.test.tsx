// @vitest-environment jsdom
/**
 * The solvency page in the DOM: loading, error with retry, the cards with their plain lines and checks, the
 * figures behind "The maths", no operator words, updated time, refresh keeping the figures; a guest asked to
 * log in, a player's proof checked in the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { LiabilityProof, SolvencyView } from '../../../../src/shared/api/solvency';
import { $session } from '../../../../src/client/stores/session';
import { buildLiabilityTree, proofPath, rootHex } from '../../../../src/shared/rules/liabilityTree';
import type { Deferred } from '../machines/deferred';
import { failed, makeUser, ok } from '../machines/fixtures';
import { click, render, settle, type Mounted } from './render';

const net = vi.hoisted(() => ({ reports: [] as Deferred<ApiResult<SolvencyView>>[], proofs: [] as Deferred<ApiResult<LiabilityProof>>[] }));
vi.mock('../../../../src/client/net/solvencyApi', async () => {
  const { deferred: make } = await import('../machines/deferred');
  return {
    solvencyApi: {
      report: () => {
        const d = make<ApiResult<SolvencyView>>();
        net.reports.push(d);
        return d.promise;
      },
      proof: () => {
        const d = make<ApiResult<LiabilityProof>>();
        net.proofs.push(d);
        return d.promise;
      },
    },
  };
});

import SolvencyScreen from '../../../../src/client/hud/screens/SolvencyScreen';

// One player's tree: they hold 10 ANGLS, eidols 2.5 more, and 100 USDC; nobody else holds anything.
const leaf = { userId: 7, salt: 'ab'.repeat(32), amounts: [1_250_000_000n, 100_000_000n, 0n, 0n] };
const tree = buildLiabilityTree([leaf, { userId: 9, salt: 'cd'.repeat(32), amounts: [0n, 0n, 0n, 0n] }]);
const root = {
  hash: rootHex(tree),
  assets: ['ANGLS', 'USDC', 'BNB', 'GDAO'],
  totals: tree.root.sums.map(String),
  players: 2,
  taken_at: '2026-11-25 15:19:58',
};
const proof: LiabilityProof = {
  root,
  index: 0,
  leaf: { user_id: 7, salt: leaf.salt, amounts: leaf.amounts.map(String) },
  path: proofPath(tree, 0).map((st) => ({ side: st.side, hash: st.hash, sums: st.sums.map(String) })),
};
const none = { issued: '0', from_chain: '0', pools: [], pools_total: '0', players: '0', eidols: '0', liabilities: '0', custody: null };
const view = (at: string, note: string | null = null): SolvencyView => ({
  updated_at: at,
  assets: [
    {
      asset: 'ANGLS',
      issued: '1012.5',
      from_chain: '0',
      pools: [
        { name: 'mining_pool', amount: '1000' },
        { name: 'gdao_chest', amount: '0' },
      ],
      pools_total: '1000',
      players: '10',
      eidols: '2.5',
      liabilities: '12.5',
      custody: null,
    },
    {
      asset: 'USDC',
      issued: '0',
      from_chain: '100',
      pools: [{ name: 'gscb_reserve', amount: '0' }],
      pools_total: '0',
      players: '100',
      eidols: '0',
      liabilities: '100',
      custody: note
        ? null
        : {
            on_chain: '1100',
            owed_on_chain: '100',
            pending_out: '0',
            dust: '0',
            difference: '1000',
            operator_funds: '1000',
            solvent: true,
            beyond_players: '1000',
          },
    },
    { asset: 'BNB', ...none },
    { asset: 'GDAO', ...none },
  ],
  custody_note: note,
  liability_root: root,
});

let mounted: Mounted | undefined;
beforeEach(() => {
  net.reports = [];
  net.proofs = [];
  $session.set({ status: 'guest', user: null, authError: false });
});
afterEach(() => mounted?.unmount());

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...mounted!.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

describe('SolvencyScreen', () => {
  it('shows a loading state, then each asset with its lines and the update time; Refresh keeps the figures while it reads', async () => {
    mounted = await render(<SolvencyScreen />);
    expect(q('solvency-loading')?.textContent).toMatch(/Loading/);
    await settle(() => net.reports[0]!.resolve(ok(view('2026-11-25 15:20:00'))));
    expect(q('solvency-loading')).toBeNull();
    expect(q('solvency-updated')?.textContent).toMatch(/^Updated 2026-11-25 15:20:00 UTC/);
    expect(all('solvency-asset').map((s) => s.dataset.asset)).toEqual(['ANGLS', 'USDC', 'BNB', 'GDAO']);
    const usdc = all('solvency-asset')[1]!;
    const lines = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('[data-testid="solvency-line"]')].map((l) => l.dataset.line);
    // Plain lines first, then behind "The maths" the owed split and custody's details.
    expect(lines(usdc)).toEqual([
      'liabilities',
      'proof_total',
      'pools_total',
      'issued',
      'from_chain',
      'on_chain',
      'players',
      'eidols',
      'liabilities',
      'on_chain',
      'owed_on_chain',
      'pending_out',
      'difference',
      'dust',
      'operator_funds',
      'beyond_players',
    ]);
    const maths = usdc.querySelector<HTMLDetailsElement>('[data-testid="solvency-maths"]')!;
    expect(maths.open).toBe(false);
    expect(maths.querySelector('summary')?.textContent).toBe('The maths');
    expect(maths.textContent).toMatch(/No pool holds any USDC/);
    expect(maths.textContent).toMatch(/pools 0 \+ players 100 = issued 0 \+ from the chain 100 USDC/);
    expect(usdc.querySelector('[data-testid="solvency-verdict"]')?.textContent).toMatch(/^✓/);
    expect([...usdc.querySelectorAll<HTMLElement>('[data-testid="solvency-check"]')].map((c) => [c.dataset.ok, c.textContent])).toEqual([
      ['true', '✓ Pools and players together hold exactly what exists, no more.'],
      ['true', '✓ The public proof counts everything owed.'],
    ]);
    // No operator words anywhere: no account names, no command.
    const text = mounted.container.textContent ?? '';
    expect(text).not.toMatch(/npm|reconcile|gdao_chest|mining_pool|A platform account/);
    // A guest is asked to log in; the published root is one tap away.
    expect(q('solvency-proof-guest')?.textContent).toBe('Log in to check that your coins are counted.');
    expect(q('solvency-root')?.textContent).toBe(root.hash);
    expect(net.proofs).toHaveLength(0);

    await click(mounted.button('Refresh'));
    expect(mounted.button('Refreshing…').disabled).toBe(true);
    expect(all('solvency-asset')).toHaveLength(4);
    await settle(() => net.reports[1]!.resolve(failed('Server unreachable', undefined, 0)));
    expect(q('solvency-refresh-error')?.textContent).toBe('Server unreachable');
    expect(q('solvency-updated')?.textContent).toMatch(/15:20:00/);
  });

  it('shows a load error with a working Try again, and the custody note when the chain was not read', async () => {
    mounted = await render(<SolvencyScreen />);
    await settle(() => net.reports[0]!.resolve(failed('Something went wrong', undefined, 0)));
    expect(q('solvency-load-error')?.textContent).toBe('Something went wrong');
    await click(mounted.button('Try again'));
    expect(net.reports).toHaveLength(2);
    await settle(() => net.reports[1]!.resolve(ok(view('2026-11-25 15:21:00', 'Custody could not be read.'))));
    expect(q('solvency-custody-note')?.textContent).toBe('Custody could not be read.');
    expect(all('solvency-asset')[1]!.querySelector('[data-testid="solvency-verdict"]')?.textContent).toBe('Custody not shown right now.');
  });

  it("checks a logged-in player's proof in the page: counted, with their coins, salt behind The maths", async () => {
    $session.set({ status: 'user', user: makeUser({ id: 7 }), authError: false });
    mounted = await render(<SolvencyScreen />);
    await settle(() => net.reports[0]!.resolve(ok(view('2026-11-25 15:20:00'))));
    expect(net.proofs).toHaveLength(1);
    await settle(() => net.proofs[0]!.resolve(ok(proof)));
    const verdict = q('solvency-proof-verdict')!;
    expect(verdict.dataset.state).toBe('counted');
    expect(verdict.textContent).toBe('✓ You are counted: your coins are inside the public total.');
    expect(all('solvency-proof-amount').map((a) => [a.dataset.asset, a.querySelector('dd')?.textContent])).toEqual([
      ['ANGLS', '12.5'],
      ['USDC', '100'],
      ['BNB', '0'],
      ['GDAO', '0'],
    ]);
    expect(q('solvency-salt')?.textContent).toBe('ab'.repeat(32));
    expect(q('solvency-proof-guest')).toBeNull();
  });

  it('shows a proof that does not fit as not counted, and reads both again when the proof is of a newer snapshot', async () => {
    $session.set({ status: 'user', user: makeUser({ id: 7 }), authError: false });
    mounted = await render(<SolvencyScreen />);
    await settle(() => net.reports[0]!.resolve(ok(view('2026-11-25 15:20:00'))));
    await settle(() => net.proofs[0]!.resolve(ok({ ...proof, leaf: { ...proof.leaf, amounts: ['1250000001', '100000000', '0', '0'] } })));
    expect(q('solvency-proof-verdict')?.dataset.state).toBe('not_counted');

    await click(mounted.button('Refresh'));
    await settle(() => net.reports[1]!.resolve(ok(view('2026-11-25 15:20:30'))));
    await settle(() => net.proofs[1]!.resolve(ok({ ...proof, root: { ...root, hash: 'ee'.repeat(32) } })));
    // Another snapshot's root: the page reads the report and the proof again, once.
    expect(net.reports).toHaveLength(3);
    await settle(() => net.reports[2]!.resolve(ok(view('2026-11-25 15:20:31'))));
    await settle(() => net.proofs[2]!.resolve(ok(proof)));
    expect(q('solvency-proof-verdict')?.dataset.state).toBe('counted');
  });
});
