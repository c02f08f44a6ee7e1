// @vitest-environment jsdom
/**
 * /gdaoledger in the DOM: figures loading then shown, Monthly gDAO Income reading again, a polite unavailable state,
 * the share link, and "Check my share" (the rows' hashes and the player's Merkle proof checked in the browser).
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../../../src/client/net/http';
import type { Distribution, LeafProof, LedgerFigures } from '../../../../../src/client/net/coopApi';
import { merkleProof, merkleRoot } from '../../../../../src/shared/rules/gdaoMerkle';
import GdaoLedgerScreen from '../../../../../src/client/hud/screens/coop/GdaoLedgerScreen';
import type { SharePayload } from '../../../../../src/client/hud/screens/coop/coopView';
import { $config } from '../../../../../src/client/stores/config';
import { $session } from '../../../../../src/client/stores/session';
import { deferred, type Deferred } from '../../machines/deferred';
import { failed, makeUser, ok } from '../../machines/fixtures';
import { click, render, settle, type Mounted } from '../render';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let mounted: Mounted | undefined;
let net: {
  ledger: Deferred<ApiResult<LedgerFigures>>[];
  months: Deferred<ApiResult<string[]>>[];
  months_of: string[];
  dist: Deferred<ApiResult<Distribution>>[];
  proof: Deferred<ApiResult<LeafProof>>[];
};
const api = {
  ledger: () => push(net.ledger),
  distributionMonths: () => push(net.months),
  distribution: (month: string) => {
    net.months_of.push(month);
    return push(net.dist);
  },
  proof: () => push(net.proof),
};
function push<T>(list: Deferred<T>[]): Promise<T> {
  const d = deferred<T>();
  list.push(d);
  return d.promise;
}

const FIGURES: LedgerFigures = {
  monthly_income: '42',
  total_patrons: 5,
  social_income: '30',
  patron_income: '12',
  burned: '7',
  patron_active: 2,
};
const rows = [
  { user_id: 7, activity: 3, share: '0.75', amount: '75' },
  { user_id: 9, activity: 1, share: '0.25', amount: '25' },
];
const TX = `0x${'ab'.repeat(32)}`;
const ANCHOR = { status: 'anchored', from: null, tx_hash: TX, block_number: 41, block_time: '2026-11-01T00:05:00.000Z', calldata: null };
const OCTOBER: Distribution = {
  month: '2026-10',
  budget: '100',
  root_hash: sha('7:3:75\n9:1:25'),
  merkle_root: merkleRoot(rows),
  anchor: ANCHOR,
  rows,
};
/** Ada's (user 7) proof of October as the server serves it. */
const ADA_PROOF: LeafProof = {
  month: '2026-10',
  merkle_root: merkleRoot(rows),
  anchor: ANCHOR,
  leaf: { user_id: 7, activity: 3, amount: '75' },
  ...merkleProof(rows, 7)!,
};

const byId = <T extends HTMLElement = HTMLElement>(id: string) => mounted!.container.querySelector<T>(`[data-testid="${id}"]`);
const all = (id: string) => [...mounted!.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

beforeEach(() => {
  net = { ledger: [], months: [], months_of: [], dist: [], proof: [] };
  $config.set({ product_name: 'Golden', admin_name: 'GoldenStern', round_open_seconds: 600, round_locked_seconds: 60 });
  $session.set({
    status: 'user',
    user: makeUser({ items: [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 9, image: 'item-4', data: {} }] }),
    authError: false,
  });
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  $config.set(null);
});

describe('GdaoLedgerScreen', () => {
  it('loads the figures, shows them, and Monthly gDAO Income reads them again', async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    expect(byId('ledger-gdao')!.textContent).toBe('9');
    expect(byId('ledger-social')!.textContent).toBe('…');
    expect(byId<HTMLButtonElement>('ledger-monthly')!.disabled).toBe(true);
    await settle(() => net.ledger[0]!.resolve(ok(FIGURES)));
    expect(
      ['ledger-social', 'ledger-patron', 'ledger-patrons', 'ledger-active', 'ledger-burned'].map((id) => byId(id)!.textContent),
    ).toEqual(['30', '12', '5', '2', '7']);
    expect(byId('ledger-monthly-income')!.textContent).toBe('42 gDAO this month');

    await click(byId('ledger-monthly')!);
    expect(net.ledger).toHaveLength(2);
    await settle(() => net.ledger[1]!.resolve(ok({ ...FIGURES, monthly_income: '43' })));
    expect(byId('ledger-monthly-income')!.textContent).toBe('43 gDAO this month');
    // A failed refresh keeps the figures already shown.
    await click(byId('ledger-monthly')!);
    await settle(() => net.ledger[2]!.resolve(failed('Something went wrong', undefined, 0)));
    expect(byId('ledger-monthly-income')!.textContent).toBe('43 gDAO this month');
  });

  it('says politely when the figures cannot be read, and the button tries again', async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    await settle(() => net.ledger[0]!.resolve(failed('Something went wrong', undefined, 500)));
    expect(byId('ledger-monthly-income')!.textContent).toBe('The income figures are not available right now.');
    expect(byId('ledger-social')!.textContent).toBe('—');
    await click(byId('ledger-monthly')!);
    await settle(() => net.ledger[1]!.resolve(ok(FIGURES)));
    expect(byId('ledger-social')!.textContent).toBe('30');
  });

  it('opens the share sheet with the invite title, text and ref_link when the link is tapped', async () => {
    const shared: SharePayload[] = [];
    mounted = await render(<GdaoLedgerScreen api={api} device={{ share: (d) => (shared.push(d), Promise.resolve()) }} />);
    expect(byId('ledger-share-button')!.textContent).toBe('http://localhost/register/code/ADA7');
    await click(byId('ledger-share-button')!);
    expect(shared).toEqual([
      {
        title: 'Ada invites you to the GoldenVerse',
        text: 'Join the GoldenVerse and cooperate.',
        url: 'http://localhost/register/code/ADA7',
      },
    ]);
  });
});

describe('Check my share', () => {
  it('checks the newest month at once: the player row, the sum against the budget, the recomputed root', async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    expect(byId('share-check-loading')).not.toBeNull();
    await settle(() => net.months[0]!.resolve(ok(['2026-09', '2026-10'])));
    expect(all('share-check-month').map((b) => b.textContent)).toEqual(['2026-10', '2026-09']);
    expect(net.months_of).toEqual(['2026-10']);
    expect(byId('share-check-month-loading')!.textContent).toBe('Recomputing 2026-10…');
    await settle(() => net.dist[0]!.resolve(ok(OCTOBER)));
    // The month waits for the player's proof too.
    expect(byId('share-check-report')).toBeNull();
    await settle(() => net.proof[0]!.resolve(ok(ADA_PROOF)));
    expect(byId('share-check-mine')!.textContent).toBe('2026-10: your activity 3, share 0.75, paid 75 gDAO.');
    expect(byId('share-check-sum')!.dataset.ok).toBe('true');
    expect(byId('share-check-root')!.dataset.ok).toBe('true');
    expect(byId('share-check-merkle')!.dataset.ok).toBe('true');
    expect(byId('share-check-computed-root')!.textContent).toBe(OCTOBER.root_hash);
    expect(byId('share-check-report')!.dataset.ok).toBe('true');
    expect(byId('share-check-proof')!.dataset.ok).toBe('true');
    expect(byId('share-check-proof-verdict')!.textContent).toBe(
      '✓ Verified in your browser: your leaf (1 of 2) and its proof lead to the published Merkle root.',
    );
    expect(byId('share-check-merkle-root')!.textContent).toBe(OCTOBER.merkle_root);
    expect(byId('share-check-anchor')!.textContent).toBe('The root was written on the chain in block 41 (2026-11-01 00:05:00 UTC).');
    expect(byId('share-check-anchor-tx')!.textContent).toBe(TX);
  });

  it("refuses a proof whose amount, sibling or root is not the month's, and says when the root is not on the chain yet", async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    await settle(() => net.months[0]!.resolve(ok(['2026-10'])));
    await settle(() =>
      net.dist[0]!.resolve(ok({ ...OCTOBER, anchor: { ...ANCHOR, status: 'pending', tx_hash: null, block_number: null } })),
    );
    await settle(() =>
      net.proof[0]!.resolve(
        ok({ ...ADA_PROOF, leaf: { ...ADA_PROOF.leaf, amount: '76' }, anchor: { ...ANCHOR, status: 'pending', tx_hash: null } }),
      ),
    );
    expect(byId('share-check-proof')!.dataset.ok).toBe('false');
    expect(byId('share-check-proof-verdict')!.textContent).toBe(
      '✗ Not verified: your leaf and its proof do not lead to the published Merkle root.',
    );
    expect(byId('share-check-anchor')!.textContent).toBe('The root is not written on the chain yet.');
    expect(byId('share-check-anchor-tx')).toBeNull();

    await click(all('share-check-month')[0]!);
    await settle(() => net.dist[1]!.resolve(ok(OCTOBER)));
    await settle(() => net.proof[1]!.resolve(ok({ ...ADA_PROOF, siblings: [sha('x')] })));
    expect(byId('share-check-proof')!.dataset.ok).toBe('false');

    // A proof that leads to its own root, not the month's published one, proves nothing.
    const forged = [{ user_id: 7, activity: 3, amount: '99' }];
    await click(all('share-check-month')[0]!);
    await settle(() => net.dist[2]!.resolve(ok(OCTOBER)));
    await settle(() =>
      net.proof[2]!.resolve(ok({ ...ADA_PROOF, merkle_root: merkleRoot(forged), leaf: forged[0]!, ...merkleProof(forged, 7)! })),
    );
    expect(byId('share-check-proof')!.dataset.ok).toBe('false');
  });

  it('flags a tampered month, shows a month error, and says when nothing is published', async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    await settle(() => net.months[0]!.resolve(ok(['2026-10', '2026-09'])));
    await settle(() => net.dist[0]!.resolve(ok({ ...OCTOBER, rows: [{ ...rows[0]!, amount: '76' }, rows[1]!] })));
    await settle(() => net.proof[0]!.resolve(ok(ADA_PROOF)));
    expect(byId('share-check-sum')!.textContent).toBe('✗ The shares add up to 101 gDAO, not the budget of 100 gDAO.');
    expect(byId('share-check-root')!.dataset.ok).toBe('false');
    expect(byId('share-check-merkle')!.dataset.ok).toBe('false');

    await click(all('share-check-month')[1]!);
    await settle(() => net.dist[1]!.resolve(failed('Not found', undefined, 404)));
    await settle(() => net.proof[1]!.resolve(failed('Distribution not found.', undefined, 404)));
    expect(byId('share-check-month-error')!.textContent).toBe('2026-09: Not found');
    mounted.unmount();

    mounted = await render(<GdaoLedgerScreen api={api} />);
    await settle(() => net.months[1]!.resolve(ok([])));
    expect(byId('share-check-empty')!.textContent).toBe('No month has been published yet.');
  });

  it('says when the player had no share, and retries a failed month list', async () => {
    mounted = await render(<GdaoLedgerScreen api={api} />);
    await settle(() => net.months[0]!.resolve(failed('Something went wrong', undefined, 0)));
    expect(byId('share-check-error')!.textContent).toBe('Something went wrong');
    await click(mounted.button('Try again'));
    await settle(() => net.months[1]!.resolve(ok(['2026-10'])));
    await settle(() =>
      net.dist[0]!.resolve(
        ok({ ...OCTOBER, rows: [rows[1]!], budget: '25', root_hash: sha('9:1:25'), merkle_root: merkleRoot([rows[1]!]) }),
      ),
    );
    await settle(() => net.proof[0]!.resolve(failed('You have no share in this month.', undefined, 404)));
    expect(byId('share-check-mine')!.textContent).toBe('2026-10: you had no share this month.');
    expect(byId('share-check-report')!.dataset.ok).toBe('true');
    expect(byId('share-check-proof-missing')!.textContent).toBe('You have no share in this month.');
  });
});
