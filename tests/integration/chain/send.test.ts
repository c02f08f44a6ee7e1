/**
 * `POST /api/wallet/send` + commit against a real dev chain, on both databases: the spec's texts for bad
 * input (nothing stored or moved), an internal send to another player's address (no chain, no gas,
 * concurrent commits move money once), a withdrawal that reaches the outside address on-chain and is
 * posted at finality, a crash between signing and broadcast that leaves exactly one transaction on-chain,
 * and a withdrawal that fails on-chain being voided and refunded. `checkLedger` after each.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { deployReverter, receipt, type TestChain, startChainServer, type ChainServer } from '../../support/chain';
import { openSocket } from '../../support/sockets';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { NOT_ACTIVATED } from '../../../src/server/domain/wallet/send';
import { WITHDRAWAL_FAILED } from '../../../src/server/chain/withdrawals';
import { createLedger, type Ledger } from '../../../src/server/ledger/index';
import { reconcile } from '../../../src/server/chain/reconcile';
import { HOT_WALLET_USDC } from '../../../src/server/chain/devChain';

const OUTSIDE = getAddress('0x00000000000000000000000000000000000c0ffe');
/** OUTSIDE with the case of one letter flipped: a failing EIP-55 checksum. */
const MISSPELT = (() => {
  const i = [...OUTSIDE].findIndex((ch, n) => n > 1 && /[a-fA-F]/.test(ch));
  const ch = OUTSIDE[i]!;
  return OUTSIDE.slice(0, i) + (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) + OUTSIDE.slice(i + 1);
})();

describe.each(dialectsFor(inject('pgAdminUrl')))('wallet send on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let ledger: Ledger;
  let up: ChainServer | undefined;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ chain, mod, server: s } = up);
    ledger = createLedger(s.testDb.db, s.clock);
  });
  afterAll(async () => {
    await up?.close();
  });

  const ledgerOk = async () => expect((await ledger.check()).violations).toEqual([]);
  const usdcToken = () => chain.gateway.tokens.find((t) => t.asset === 'USDC')!;
  const usdcOnChain = (address: Address) =>
    chain.gateway.client.readContract({ address: usdcToken().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const balances = async (userId: number) => {
    const b = await s.ctx.balances(userId);
    return { bnb: b.bnb, busd: b.busd };
  };
  /** A player funded by the faucet (credited after finality) and activated. */
  async function funded(tag: string) {
    const p = await registerPlayer(s, tag);
    const coin = await p.client.get('/api/test-coin');
    for (const h of [coin.body.data.bnb_tx, coin.body.data.usdc_tx]) await receipt(chain, h);
    await chain.mine(2);
    await mod.scanNow();
    await s.testDb.db.kysely.updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', p.user.id).execute();
    const address = (await p.client.get('/api/wallet')).body.data.address as Address;
    return { ...p, address };
  }
  const send = (client: ReturnType<TestServer['client']>, body: Record<string, unknown>) => client.post('/api/wallet/send', body);
  const commit = (client: ReturnType<TestServer['client']>, id: string) => client.post(`/api/transactions/${id}/commit`, {});
  /** Mines to finality and runs the queue until `id` leaves `broadcast`. */
  async function finalise() {
    await chain.mine(2);
    return mod.withdrawNow();
  }

  it('answers the spec\u2019s texts for bad input and refuses unactivated players, storing and moving nothing', async () => {
    const p = await funded('sv');
    const count = async () =>
      (await s.testDb.db.kysely.selectFrom('transactions').select('id').where('user_id', '=', p.user.id).execute()).length;
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [{ to_address: '0x123', amount: '1', currency: 'busd' }, 'Specify a valid address', { to_address: ['Specify a valid address'] }],
      [{ to_address: MISSPELT, amount: '1', currency: 'busd' }, 'Specify a valid address', { to_address: ['Specify a valid address'] }],
      [{ to_address: OUTSIDE, amount: '0', currency: 'busd' }, 'Specify correct amount', { amount: ['Specify correct amount.'] }],
      [{ to_address: OUTSIDE, amount: '99.6', currency: 'busd' }, 'Insufficent USDC balance', { amount: ['Insufficent USDC balance.'] }],
      [{ to_address: OUTSIDE, amount: '1', currency: 'ngls' }, 'Insufficent ANGLS balance', { amount: ['Insufficent ANGLS balance.'] }],
      [{ to_address: p.address, amount: '1', currency: 'busd' }, 'Specify a valid address', { to_address: ['Specify a valid address'] }],
    ];
    for (const [body, message, errors] of cases) {
      const res = await send(p.client, body);
      expect([body, res.status, res.body]).toEqual([body, 422, { success: false, message, errors }]);
    }
    await s.testDb.db.kysely.updateTable('users').set({ start_pack: 0 }).where('id', '=', p.user.id).execute();
    const locked = await send(p.client, { to_address: OUTSIDE, amount: '1', currency: 'busd' });
    expect([locked.status, locked.body]).toEqual([403, { success: false, message: NOT_ACTIVATED }]);
    expect((await s.client().post('/api/wallet/send', {})).status).toBe(401);
    expect(await count()).toBe(0);
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 100_000_000n });
    await ledgerOk();
  });

  it('sends to another player\u2019s deposit address inside the ledger: no gas, no chain, once under racing commits', async () => {
    const a = await funded('ia');
    const b = await funded('ib');
    const heard = await openSocket('ws', s.url, { cookie: b.client.cookieHeader() });
    heard.send({ method: 'sync', token: b.user.ws_auth_token });
    await heard.next('subscribe');
    const pre = await send(a.client, { to_address: b.address.toLowerCase(), amount: '12,5', currency: 'busd', gas: '0.5' });
    expect(pre.status).toBe(200);
    expect(pre.body.data.precalcData.fee).toEqual({ bnb: '0.000000000', ngls: '0.00000000', busd: '0.000000' });
    // The confirm step says "to a player" from this.
    expect(pre.body.data.precalcData.destination).toBe('player');
    const id = pre.body.data.transaction.id as string;
    const head = await chain.gateway.client.getBlockNumber();
    const commits = await Promise.all(Array.from({ length: 8 }, () => commit(a.client, id)));
    expect(commits.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(commits[0]!.body.data.transaction.status).toBe('success');
    expect(await balances(a.user.id)).toEqual({ bnb: 100_000_000n, busd: 87_500_000n });
    expect(await balances(b.user.id)).toEqual({ bnb: 100_000_000n, busd: 112_500_000n });
    expect(await chain.gateway.client.getBlockNumber()).toBe(head);
    // The recipient hears it once, as a receive, so their wallet refetches its balances.
    expect(await heard.next('transaction_update')).toMatchObject({ id, type: 'receive', status: 'success', message: null });
    expect(heard.received.filter((m) => m.event === 'transaction_update')).toHaveLength(1);
    heard.close();
    await ledgerOk();
  });

  it('withdraws to an outside address: reserved with gas, on-chain once (also after a crash between signing and broadcast), posted at finality', async () => {
    const p = await funded('wd');
    const before = await usdcOnChain(OUTSIDE);
    const pre = await send(p.client, { to_address: OUTSIDE, amount: '10', currency: 'busd', gas: '0.5' });
    expect(pre.body.data.precalcData.fee.busd).toBe('0.500000');
    // The confirm step says "on-chain withdrawal" from this.
    expect(pre.body.data.precalcData.destination).toBe('chain');
    const id = pre.body.data.transaction.id as string;
    const commits = await Promise.all(Array.from({ length: 6 }, () => commit(p.client, id)));
    expect(commits.map((r) => [r.status, r.body.data.transaction.status])).toEqual(Array(6).fill([200, 'pending']));
    expect(await s.testDb.db.kysely.selectFrom('chain_withdrawals').select('id').where('user_id', '=', p.user.id).execute()).toEqual([
      { id },
    ]);
    // Reserved: 10 + 0.5 gas no longer spendable.
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 89_500_000n });

    // The crash: bytes and nonce stored, then the process died before (or while) broadcasting. The chain
    // is put back to before the broadcast and the row to `signed`.
    const hot = chain.gateway.signer!.hotWallet;
    const rpc = (method: string, params: unknown[] = []) => chain.gateway.client.request({ method, params } as never) as Promise<unknown>;
    const snapshot = await rpc('evm_snapshot');
    const nonceBefore = await chain.gateway.client.getTransactionCount({ address: hot });
    expect((await mod.withdrawNow())!.signed).toBe(1);
    const row = await s.testDb.db.kysely.selectFrom('chain_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'broadcast', nonce: nonceBefore, chain_amount: parseUnits('10', 18).toString() });
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await s.testDb.db.kysely.updateTable('chain_withdrawals').set({ status: 'signed' }).where('id', '=', id).execute();
    await mod.withdrawNow(); // re-sends the stored bytes
    await mod.withdrawNow(); // and again: already known, nothing new
    expect((await receipt(chain, row.tx_hash as `0x${string}`)).status).toBe('success');
    expect(await chain.gateway.client.getTransactionCount({ address: hot })).toBe(nonceBefore + 1);
    expect(await usdcOnChain(OUTSIDE)).toBe(before + parseUnits('10', 18));

    const step = await finalise();
    expect(step!.done).toEqual([id]);
    expect(
      await s.testDb.db.kysely.selectFrom('transactions').select(['status', 'message']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'success', message: null });
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 89_500_000n });
    expect((await finalise())!.done).toEqual([]);
    expect(await usdcOnChain(OUTSIDE)).toBe(before + parseUnits('10', 18));
    await ledgerOk();
  });

  it('refuses at commit, with the spec’s text, a send the balance no longer covers', async () => {
    const p = await funded('twice');
    const first = await send(p.client, { to_address: OUTSIDE, amount: '60', currency: 'busd' });
    const second = await send(p.client, { to_address: OUTSIDE, amount: '60', currency: 'busd' });
    expect((await commit(p.client, first.body.data.transaction.id)).status).toBe(200);
    const refused = await commit(p.client, second.body.data.transaction.id);
    expect([refused.status, refused.body]).toEqual([422, { success: false, message: 'Insufficent USDC balance' }]);
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 39_500_000n });
    await mod.withdrawNow();
    expect((await finalise())!.done).toEqual([first.body.data.transaction.id]);
    await ledgerOk();
  });

  it('voids and refunds a withdrawal that fails on-chain', async () => {
    const p = await funded('wf');
    // A contract that reverts every payment (the zero address, which ERC-20 refuses, is refused before this).
    const reverter = await deployReverter(chain);
    const pre = await send(p.client, { to_address: reverter, amount: '0.01', currency: 'bnb' });
    expect(pre.body.data.precalcData.address_has_code).toBe(true);
    const id = pre.body.data.transaction.id as string;
    expect((await commit(p.client, id)).body.data.transaction.status).toBe('pending');
    expect(await balances(p.user.id)).toEqual({ bnb: 89_500_000n, busd: 100_000_000n });
    await mod.withdrawNow();
    const step = await finalise();
    expect(step!.failed).toEqual([id]);
    expect(
      await s.testDb.db.kysely.selectFrom('transactions').select(['status', 'message']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'fail', message: WITHDRAWAL_FAILED });
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 100_000_000n });
    await ledgerOk();
  });

  it('reconciles to the unit: USDC custody minus what players are owed is exactly the hot wallet’s funding; BNB covers players', async () => {
    const rows = await reconcile(s.testDb.db, chain.gateway);
    const usdc = rows.find((r) => r.asset === 'USDC')!;
    // Every USDC deposit here came from the faucet: the operator's money given to players.
    const deposits = await s.testDb.db.kysely.selectFrom('chain_deposits').select('chain_amount').where('asset', '=', 'USDC').execute();
    const given = deposits.reduce((sum, d) => sum + BigInt(d.chain_amount), 0n);
    expect(usdc).toMatchObject({ pendingOut: 0n, dust: 0n, surplus: HOT_WALLET_USDC - given, solvent: true });
    expect(usdc.liabilities).toBeGreaterThan(0n);
    const bnb = rows.find((r) => r.asset === 'BNB')!;
    expect(bnb.solvent).toBe(true);
    expect(bnb.operatorFunds).toBeLessThan(parseUnits('1000000', 18)); // the hot wallet's genesis BNB, less gas paid
    expect(bnb.operatorFunds).toBeGreaterThan(parseUnits('999999', 18));
  });
});
