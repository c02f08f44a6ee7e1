/** The ledger's contract on both databases: transfers, idempotency, batches, two-phase, expiry, genesis. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import {
  GENESIS,
  balancesOf,
  checkLedger,
  createLedger,
  ensureGenesis,
  expirePending,
  getAccount,
  isLedgerError,
  itemsOf,
  historyOf,
  itemAsset,
  playerAccount,
  systemAccount,
  transfer,
  type Ledger,
} from '../../../src/server/ledger/index';

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let alice: number, bob: number, reserve: number, genesis: number;

  const balance = async (id: number) => (await getAccount(t.db.kysely, id))!;
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'applied',
      (e) => (isLedgerError(e) ? e.code : `other: ${e}`),
    );

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, clock);
    expect(await ensureGenesis(t.db, clock)).toBe(true);
    expect(await ensureGenesis(t.db, clock)).toBe(false);
    [alice, bob, reserve, genesis] = await ledger.run(async (tx) => [
      await playerAccount(tx, 1, 'ANGLS'),
      await playerAccount(tx, 2, 'ANGLS'),
      await systemAccount(tx, 'gscb_reserve', 'ANGLS'),
      await systemAccount(tx, 'genesis', 'ANGLS'),
    ]);
    await ledger.transfer({ id: 'fund-alice', debit: reserve, credit: alice, amount: 1000n, code: 'test' });
  });
  afterAll(() => destroyQuietly(t));

  it('issues the genesis supply once, from the genesis account', async () => {
    expect((await balance(genesis)).balance).toBe(-(GENESIS.gscbReserveAngls + GENESIS.miningPoolAngls));
    expect((await balance(reserve)).balance).toBe(GENESIS.gscbReserveAngls - 1000n);
  });

  it('moves money and books entries with the balance before and after', async () => {
    const r = await ledger.transfer({ id: 'a-b-1', debit: alice, credit: bob, amount: 300n, code: 'send', ref: 'x' });
    expect(r.created).toBe(true);
    expect(r.transfer).toMatchObject({ kind: 'posted', asset: 'ANGLS', amount: 300n, debit: alice, credit: bob });
    expect(await balance(alice)).toMatchObject({ balance: 700n, version: 2 });
    expect(await balance(bob)).toMatchObject({ balance: 300n, version: 1 });
    const entries = await t.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('transfer_id', '=', 'a-b-1')
      .orderBy('amount')
      .execute();
    expect(entries.map((e) => [e.account_id, e.amount, e.before_balance, e.after_balance, e.account_version])).toEqual([
      [alice, -300n, 1000n, 700n, 2],
      [bob, 300n, 0n, 300n, 1],
    ]);
    const history = await historyOf(t.db.kysely, alice);
    expect(history.map((h) => [h.transferId, h.amount, h.afterBalance, h.version, h.code, h.ref])).toEqual([
      ['a-b-1', -300n, 700n, 2, 'send', 'x'],
      ['fund-alice', 1000n, 1000n, 1, 'test', null],
    ]);
    expect((await historyOf(t.db.kysely, alice, { beforeVersion: 2 })).map((h) => h.transferId)).toEqual(['fund-alice']);
  });

  it('answers a retry with the first result and refuses a retry with other fields', async () => {
    const again = await ledger.transfer({ id: 'a-b-1', debit: alice, credit: bob, amount: 300n, code: 'send', ref: 'x' });
    expect(again.created).toBe(false);
    expect((await balance(alice)).balance).toBe(700n);
    expect(await refusal(ledger.transfer({ id: 'a-b-1', debit: alice, credit: bob, amount: 301n, code: 'send', ref: 'x' }))).toBe(
      'exists_with_different_fields',
    );
    expect(await refusal(ledger.transfer({ id: 'a-b-1', debit: alice, credit: bob, amount: 300n, code: 'send' }))).toBe(
      'exists_with_different_fields',
    );
  });

  it('never overdraws a flagged account and refuses unknown accounts and mixed assets', async () => {
    expect(await refusal(ledger.transfer({ id: 'over', debit: bob, credit: alice, amount: 301n, code: 't' }))).toBe('exceeds_balance');
    expect(await refusal(ledger.transfer({ id: 'ghost', debit: bob, credit: 999_999, amount: 1n, code: 't' }))).toBe('account_not_found');
    const usdc = await ledger.run((tx) => playerAccount(tx, 2, 'USDC'));
    expect(await refusal(ledger.transfer({ id: 'mix', debit: bob, credit: usdc, amount: 1n, code: 't' }))).toBe('asset_mismatch');
    expect(await refusal(ledger.transfer({ id: 'zero', debit: bob, credit: alice, amount: 0n, code: 't' }))).toBe('invalid_transfer');
    expect(await refusal(ledger.transfer({ id: 'self', debit: bob, credit: bob, amount: 1n, code: 't' }))).toBe('invalid_transfer');
  });

  it('applies a linked batch all or nothing', async () => {
    const before = [(await balance(alice)).balance, (await balance(bob)).balance];
    const code = await refusal(
      ledger.transferBatch([
        { id: 'batch1-a', debit: alice, credit: bob, amount: 100n, code: 't' },
        { id: 'batch1-b', debit: bob, credit: alice, amount: 10_000n, code: 't' },
      ]),
    );
    expect(code).toBe('exceeds_balance');
    expect([(await balance(alice)).balance, (await balance(bob)).balance]).toEqual(before);
    const stored = await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', 'like', 'batch1-%').execute();
    expect(stored).toEqual([]);
    // Later transfers of a batch see the earlier ones: bob can pass on what alice just sent.
    const ok = await ledger.transferBatch([
      { id: 'batch2-a', debit: alice, credit: bob, amount: 700n, code: 't' },
      { id: 'batch2-b', debit: bob, credit: reserve, amount: 1000n, code: 't' },
    ]);
    expect(ok.map((r) => r.transfer.batchId)).toEqual(['batch2-a', 'batch2-a']);
    expect([(await balance(alice)).balance, (await balance(bob)).balance]).toEqual([0n, 0n]);
  });

  it("commits the caller's own rows with the transfers, and rolls both back together", async () => {
    await ledger.transfer({ id: 'refill', debit: reserve, credit: alice, amount: 500n, code: 't' });
    await expect(
      ledger.run(async (tx) => {
        // Inside run(), features use the tx handle (the facade would open a second transaction).
        await transfer(tx, { id: 'in-tx', debit: alice, credit: bob, amount: 5n, code: 't' });
        throw new Error('feature failed after the transfer');
      }),
    ).rejects.toThrow('feature failed');
    expect((await balance(alice)).balance).toBe(500n);
    expect(await t.db.kysely.selectFrom('ledger_transfers').select('id').where('id', '=', 'in-tx').execute()).toEqual([]);
  });

  it('refuses a nested transaction on the same database instead of waiting forever', async () => {
    await expect(ledger.run(() => ledger.transfer({ id: 'nested', debit: alice, credit: bob, amount: 1n, code: 't' }))).rejects.toThrow(
      /inside a ledger transaction/,
    );
  });

  it('reserves with pending, then posts part of it; a second resolution is refused', async () => {
    await ledger.transfer({ kind: 'pending', id: 'w1', debit: alice, credit: reserve, amount: 200n, timeoutMs: 60_000, code: 'withdraw' });
    expect(await balance(alice)).toMatchObject({ balance: 500n, debitsPending: 200n });
    expect((await balancesOf(t.db.kysely, 1)).ngls).toBe(300n);
    expect(await refusal(ledger.transfer({ id: 'spend', debit: alice, credit: bob, amount: 301n, code: 't' }))).toBe('exceeds_balance');
    expect(await refusal(ledger.transfer({ kind: 'post', id: 'w1-post', pendingId: 'w1', amount: 201n }))).toBe('exceeds_pending_amount');
    const posted = await ledger.transfer({ kind: 'post', id: 'w1-post', pendingId: 'w1', amount: 150n });
    expect(posted.transfer).toMatchObject({ kind: 'post', amount: 150n, debit: alice, credit: reserve, code: 'withdraw' });
    expect(await balance(alice)).toMatchObject({ balance: 350n, debitsPending: 0n });
    expect((await ledger.transfer({ kind: 'post', id: 'w1-post', pendingId: 'w1', amount: 150n })).created).toBe(false);
    expect(await refusal(ledger.transfer({ kind: 'void', id: 'w1-void', pendingId: 'w1' }))).toBe('pending_already_resolved');
    expect(await refusal(ledger.transfer({ kind: 'void', id: 'nothing', pendingId: 'no-such' }))).toBe('pending_not_found');
  });

  it('voids a pending transfer, and expires one past its deadline (post after expiry refused)', async () => {
    await ledger.transfer({ kind: 'pending', id: 'w2', debit: alice, credit: reserve, amount: 50n, timeoutMs: 1000, code: 't' });
    await ledger.transfer({ kind: 'void', id: 'w2-void', pendingId: 'w2' });
    expect(await balance(alice)).toMatchObject({ balance: 350n, debitsPending: 0n });
    await ledger.transfer({ kind: 'pending', id: 'w3', debit: alice, credit: reserve, amount: 70n, timeoutMs: 1000, code: 't' });
    expect(await ledger.expire()).toEqual([]);
    clock.advance(1000);
    expect(await refusal(ledger.transfer({ kind: 'post', id: 'w3-post', pendingId: 'w3' }))).toBe('pending_expired');
    expect(await ledger.run((tx) => expirePending(tx))).toEqual(['w3']);
    expect(await ledger.expire()).toEqual([]);
    expect(await balance(alice)).toMatchObject({ balance: 350n, debitsPending: 0n });
    expect(await refusal(ledger.transfer({ kind: 'void', id: 'w3-void', pendingId: 'w3' }))).toBe('pending_already_resolved');
  });

  it('keeps items as scale-0 assets and reads them per player', async () => {
    const cookie = itemAsset(6);
    const [stock, mine, gdaoStock, gdaoMine] = await ledger.run(async (tx) => [
      await systemAccount(tx, 'genesis', cookie),
      await playerAccount(tx, 1, cookie),
      await systemAccount(tx, 'genesis', 'GDAO'),
      await playerAccount(tx, 1, 'GDAO'),
    ]);
    await ledger.transferBatch([
      { id: 'cookies', debit: stock, credit: mine, amount: 3n, code: 'drop' },
      { id: 'gdao', debit: gdaoStock, credit: gdaoMine, amount: 7n, code: 'referral' },
    ]);
    expect(await itemsOf(t.db.kysely, 1)).toEqual(
      new Map([
        [6, 3n],
        [4, 7n],
      ]),
    );
    expect(await balancesOf(t.db.kysely, 1)).toEqual({ ngls: 350n, busd: 0n, bnb: 0n, gdao: 7n });
  });

  it('passes the invariant checker, and the checker sees a tampered balance', async () => {
    const ok = await checkLedger(t.db);
    expect(ok.violations).toEqual([]);
    expect(ok.summary).toMatch(/^ledger ok: /);
    await t.db.kysely.updateTable('ledger_accounts').set({ balance: 351n }).where('id', '=', alice).execute();
    const bad = await checkLedger(t.db);
    expect(bad.ok).toBe(false);
    expect(bad.violations.join('\n')).toMatch(/sum of balances is zero[^\n]*asset ANGLS/);
    expect(bad.violations.join('\n')).toMatch(new RegExp(`account ${alice}: balance 351 but entries sum to 350`));
    await t.db.kysely.updateTable('ledger_accounts').set({ balance: 350n }).where('id', '=', alice).execute();
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
