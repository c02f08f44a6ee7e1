/** The community endpoints: paths and methods, and lenient shapes (numbers as strings, months as objects) read into one form. */
import { describe, expect, it } from 'vitest';
import { createHttp } from '../../../../src/client/net/http';
import { createCoopApi } from '../../../../src/client/net/coopApi';

function fakeServer(answers: Record<string, unknown>) {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/sanctum/csrf-cookie')) return new Response(null, { status: 204 });
    seen.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ success: true, data: answers[url], message: '' }), { status: 200 });
  }) as typeof globalThis.fetch;
  return { seen, api: createCoopApi(createHttp({ fetch, readCookie: () => 'tok' })) };
}

describe('coopApi', () => {
  it('reads the ledger with POST /api/rooms/gdaoledger, money as strings and counts as numbers', async () => {
    const { seen, api } = fakeServer({
      '/api/rooms/gdaoledger': {
        monthly_income: 12.5,
        total_patrons: '4',
        social_income: '10',
        patron_income: 2.5,
        burned: 0,
        patron_active: 1,
      },
    });
    const r = await api.ledger();
    expect(seen).toEqual(['POST /api/rooms/gdaoledger']);
    expect(r.ok && r.data).toMatchObject({ monthly_income: '12.5', total_patrons: 4, patron_income: '2.5', burned: '0', patron_active: 1 });
  });

  it('lists published months given as texts or as month summaries, and reads one month (with or without its Merkle root)', async () => {
    const anchor = {
      status: 'anchored',
      from: '0xaa',
      tx_hash: '0xbb',
      block_number: 12,
      block_time: '2026-11-01T00:00:00.000Z',
      calldata: '0xcc',
    };
    const { seen, api } = fakeServer({
      '/api/gdao/distributions': [{ month: '2026-10', budget: '100' }, '2026-09'],
      '/api/gdao/distributions/2026-10': {
        month: '2026-10',
        budget: 100,
        root_hash: 'ab',
        rows: [{ user_id: 7, name: null, activity: 3, share: 0.75, amount: 75 }],
      },
      '/api/gdao/distributions/2026-09': { month: '2026-09', budget: '10', root_hash: 'ab', merkle_root: 'cd', anchor, rows: [] },
    });
    const months = await api.distributionMonths();
    expect(months.ok && months.data).toEqual(['2026-10', '2026-09']);
    const d = await api.distribution('2026-10');
    expect(d.ok && d.data).toMatchObject({ budget: '100', rows: [{ user_id: 7, activity: 3, share: '0.75', amount: '75' }] });
    const m = await api.distribution('2026-09');
    expect(m.ok && m.data).toMatchObject({ merkle_root: 'cd', anchor });
    expect(seen).toEqual(['GET /api/gdao/distributions', 'GET /api/gdao/distributions/2026-10', 'GET /api/gdao/distributions/2026-09']);
  });

  it("reads the player's leaf and proof, amounts as strings", async () => {
    const { seen, api } = fakeServer({
      '/api/gdao/distributions/2026-10/proof': {
        month: '2026-10',
        merkle_root: 'ab',
        anchor: null,
        leaf: { user_id: 7, activity: 3, amount: 75 },
        leaf_hash: 'cd',
        index: 0,
        leaf_count: 2,
        siblings: ['ef'],
      },
    });
    const p = await api.proof('2026-10');
    expect(seen).toEqual(['GET /api/gdao/distributions/2026-10/proof']);
    expect(p.ok && p.data).toMatchObject({ leaf: { user_id: 7, activity: 3, amount: '75' }, index: 0, leaf_count: 2, siblings: ['ef'] });
  });

  it('puts a Tax Commendation in with POST /api/rooms/tax', async () => {
    const { seen, api } = fakeServer({ '/api/rooms/tax': { patricius: '2026-12-25 12:00:00' } });
    const r = await api.payTax();
    expect(seen).toEqual(['POST /api/rooms/tax']);
    expect(r.ok && r.data.patricius).toBe('2026-12-25 12:00:00');
  });
});
