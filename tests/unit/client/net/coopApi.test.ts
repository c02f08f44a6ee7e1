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
      '/api/rooms/gdaoledger': { monthly_income: 12.5, total_patrons: '4', social_income: '10', patron_income: 2.5, burned: 0, patron_active: 1 },
    });
    const r = await api.ledger();
    expect(seen).toEqual(['POST /api/rooms/gdaoledger']);
    expect(r.ok && r.data).toMatchObject({ monthly_income: '12.5', total_patrons: 4, patron_income: '2.5', burned: '0', patron_active: 1 });
  });

  it('lists published months given as texts or as month summaries, and reads one month', async () => {
    const { seen, api } = fakeServer({
      '/api/gdao/distributions': [{ month: '2026-10', budget: '100' }, '2026-09'],
      '/api/gdao/distributions/2026-10': { month: '2026-10', budget: 100, root_hash: 'ab', rows: [{ user_id: 7, name: null, activity: 3, share: 0.75, amount: 75 }] },
    });
    const months = await api.distributionMonths();
    expect(months.ok && months.data).toEqual(['2026-10', '2026-09']);
    const d = await api.distribution('2026-10');
    expect(d.ok && d.data).toMatchObject({ budget: '100', rows: [{ user_id: 7, name: '', activity: 3, share: '0.75', amount: '75' }] });
    expect(seen).toEqual(['GET /api/gdao/distributions', 'GET /api/gdao/distributions/2026-10']);
  });

  it('puts a Tax Commendation in with POST /api/rooms/tax', async () => {
    const { seen, api } = fakeServer({ '/api/rooms/tax': { patricius: '2026-12-25 12:00:00' } });
    const r = await api.payTax();
    expect(seen).toEqual(['POST /api/rooms/tax']);
    expect(r.ok && r.data.patricius).toBe('2026-12-25 12:00:00');
  });
});
