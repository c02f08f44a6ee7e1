// @vitest-environment jsdom
/** The fairness page in the DOM: loading, error with retry, commitment, Older paging, a round recomputed ✓ or ✗. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../../src/client/net/http';
import type { FairnessView, FairRoundDetail } from '../../../../src/shared/api/game';
import type { Deferred } from '../machines/deferred';
import { failed, ok } from '../machines/fixtures';
import { FIXTURE_CHAIN, fixtureChains, honestDetail, previousDetail } from '../../shared/round/roundDetailFixture';
import { click, render, settle, type Mounted } from './render';

const net = vi.hoisted(() => ({
  pages: [] as { page: number; d: Deferred<ApiResult<FairnessView>> }[],
  rounds: [] as { id: number; d: Deferred<ApiResult<FairRoundDetail>> }[],
}));
vi.mock('../../../../src/client/net/fairnessApi', async () => {
  const { deferred: make } = await import('../machines/deferred');
  return {
    fairnessApi: {
      page: (page: number) => {
        const d = make<ApiResult<FairnessView>>();
        net.pages.push({ page, d });
        return d.promise;
      },
      round: (id: number) => {
        const d = make<ApiResult<FairRoundDetail>>();
        net.rounds.push({ id, d });
        return d.promise;
      },
    },
  };
});

import FairnessScreen from '../../../../src/client/hud/screens/FairnessScreen';

const TERMINAL = FIXTURE_CHAIN.terminalHash;
const listed = (id: number) => ({
  id,
  chain_id: 1,
  hash: honestDetail(id).hash,
  threshold: honestDetail(id).threshold,
  ends_at: '2026-11-23 12:00:00',
  block_number: null,
  block_hash: null,
});
const page = (n: number, ids: number[], hasMore: boolean): FairnessView => ({
  terminal_hash: TERMINAL,
  salt: 'fixture-salt',
  chains: fixtureChains(),
  rounds: ids.map(listed),
  page: n,
  has_more: hasMore,
});

let mounted: Mounted | undefined;
beforeEach(() => {
  answered.clear();
  net.pages = [];
  net.rounds = [];
});
afterEach(() => mounted?.unmount());

/** Answers what the verifier asks after a round's detail: the chains listing and round 11's own record (round 12's link). */
const answered = new Set<object>();
async function serveAnchors() {
  for (let i = 0; i < 4; i++) {
    await settle(() => {
      for (const p of net.pages.filter((x) => !answered.has(x))) {
        answered.add(p);
        p.d.resolve(ok(page(1, [12], false)));
      }
      for (const r of net.rounds.filter((x) => !answered.has(x) && x.id === 11 && i > 0)) {
        answered.add(r);
        r.d.resolve(ok(previousDetail()));
      }
    });
  }
}

const q = (id: string) => mounted!.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...mounted!.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

describe('FairnessScreen', () => {
  it('shows the procedure at once, a loading state, then the commitment and the rounds; Older loads the next page', async () => {
    mounted = await render(<FairnessScreen />);
    expect(all('fairness-steps')[0]!.querySelectorAll('li')).toHaveLength(5);
    expect(q('fairness-loading')?.textContent).toMatch(/Loading/);
    expect(net.pages.map((p) => p.page)).toEqual([1]);
    await settle(() => net.pages[0]!.d.resolve(ok(page(1, [14, 13], true))));
    expect(q('fairness-loading')).toBeNull();
    expect(q('fairness-terminal-hash')?.textContent).toBe(TERMINAL);
    expect(q('fairness-salt')?.textContent).toBe('fixture-salt');
    expect(all('fairness-round').map((li) => li.dataset.round)).toEqual(['14', '13']);

    await click(mounted.button('Older'));
    expect(mounted.button('Loading…').disabled).toBe(true);
    expect(net.pages.map((p) => p.page)).toEqual([1, 2]);
    await settle(() => net.pages[1]!.d.resolve(ok(page(2, [12], false))));
    expect(all('fairness-round').map((li) => li.dataset.round)).toEqual(['14', '13', '12']);
    expect([...mounted.container.querySelectorAll('button')].some((b) => b.textContent === 'Older')).toBe(false);
  });

  it('shows a load error with a working Try again', async () => {
    mounted = await render(<FairnessScreen />);
    await settle(() => net.pages[0]!.d.resolve(failed('Something went wrong', undefined, 0)));
    expect(q('fairness-load-error')?.textContent).toBe('Something went wrong');
    await click(mounted.button('Try again'));
    expect(net.pages).toHaveLength(2);
    await settle(() => net.pages[1]!.d.resolve(ok(page(1, [], false))));
    expect(q('fairness-empty')?.textContent).toMatch(/No round has settled yet/);
  });

  it('recomputes a chosen round in the browser: every check ✓ and the payouts table', async () => {
    mounted = await render(<FairnessScreen />);
    await settle(() => net.pages[0]!.d.resolve(ok(page(1, [12], false))));
    await click(mounted.button('Verify round 12'));
    expect(q('fairness-round-loading')?.textContent).toBe('Recomputing round 12…');
    await settle(() => net.rounds[0]!.d.resolve(ok(honestDetail(12))));
    await serveAnchors();
    // The link was checked against round 11's own record, fetched for it.
    expect(net.rounds.map((r) => r.id)).toEqual([12, 11]);
    expect(q('fairness-report')?.dataset.ok).toBe('true');
    expect(q('fairness-verdict')?.textContent).toMatch(/everything matches/);
    expect(all('fairness-check').map((c) => c.dataset.ok)).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(all('fairness-check')[0]!.textContent).toMatch(/^✓ SHA-256 of the hash = the previous round's own published hash/);
    expect(q('fairness-walk')?.textContent).toMatch(/Walk the chain to its commitment \(3 hashes\)/);
    expect(all('fairness-payout')).toHaveLength(5);
    expect(q('fairness-threshold')?.textContent).toBe(`${honestDetail().threshold_units}/4503599627370496`);
  });

  it('shows ✗ where a published payout does not match, and a failed detail with retry', async () => {
    mounted = await render(<FairnessScreen round={12} />);
    expect(net.rounds.map((r) => r.id)).toEqual([12]);
    const bad = honestDetail(12);
    bad.entries[0]!.payout = '1';
    await settle(() => net.rounds[0]!.d.resolve(ok(bad)));
    await serveAnchors();
    expect(q('fairness-report')?.dataset.ok).toBe('false');
    expect(all('fairness-check').map((c) => c.dataset.ok)).toEqual(['true', 'true', 'false', 'true', 'true']);
    expect(all('fairness-payout').map((r) => r.dataset.ok)).toEqual(['false', 'true', 'true', 'true', 'true']);
    expect(q('fairness-verdict')?.textContent).toMatch(/^✗ 1 published value/);

    await click(mounted.button('Verify round 12'));
    await settle(() => net.rounds.at(-1)!.d.resolve(failed('Not found', undefined, 404)));
    expect(q('fairness-round-error')?.textContent).toBe('Round 12: Not found');
    await click(mounted.button('Try again'));
    expect(net.rounds.map((r) => r.id)).toEqual([12, 11, 12, 12]);
  });

  it('keeps only the latest choice when answers arrive out of order', async () => {
    mounted = await render(<FairnessScreen />);
    await settle(() => net.pages[0]!.d.resolve(ok(page(1, [13, 12], false))));
    await click(mounted.button('Verify round 13'));
    await click(mounted.button('Verify round 12'));
    await settle(() => net.rounds[1]!.d.resolve(ok(honestDetail(12))));
    await serveAnchors();
    await settle(() => net.rounds[0]!.d.resolve(ok(honestDetail(13))));
    await serveAnchors();
    expect(mounted.container.querySelector('#fairness-report')?.textContent).toBe('Round 12');
  });
});
