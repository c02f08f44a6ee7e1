/**
 * The chain gateway against a real embedded dev chain, on both databases: `GET /api/wallet` (EIP-55,
 * stable, distinct, 401 logged out), `GET /api/test-coin` and the deposit watcher crediting each deposit
 * exactly once after finality (also when a watcher restarts, a range is read twice, or two scans race),
 * nothing for a foreign token or a failed transfer; `checkLedger` after each.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { erc20Abi, getAddress, parseEther, parseUnits, type Address } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';
import { outsideWallet, receipt, type TestChain, startChainServer, type ChainServer } from '../../support/chain';
import { chainModule, TEST_COIN_REFUSED, TEST_COIN_SENT, type ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { createDepositWatcher } from '../../../src/server/chain/depositWatcher';
import { openChainGateway } from '../../../src/server/chain/gateway';
import { TOKEN_ARTIFACTS } from '../../../src/server/chain/contracts';
import { createLedger, type Ledger } from '../../../src/server/ledger/index';
import type { ServerMessage } from '../../../src/shared/api/socket';

describe.each(dialectsFor(inject('pgAdminUrl')))('chain wallet on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let ledger: Ledger;
  const sockets: Socket[] = [];
  let up: ChainServer | undefined;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ chain, mod, server: s } = up);
    ledger = createLedger(s.testDb.db, s.clock);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await up?.close();
  });

  const ledgerOk = async () => expect((await ledger.check()).violations).toEqual([]);
  const balances = async (userId: number) => {
    const b = await s.ctx.balances(userId);
    return { bnb: b.bnb, busd: b.busd, ngls: b.ngls };
  };
  const walletOf = async (client: ReturnType<TestServer['client']>) => (await client.get('/api/wallet')).body.data.address as Address;
  const usdc = () => chain.gateway.tokens.find((t) => t.asset === 'USDC')!;

  it('answers every logged-in player their own EIP-55 address from the first call, the same each time; 401 logged out', async () => {
    const a = await registerPlayer(s, 'wa');
    const b = await registerPlayer(s, 'wb');
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.client.get('/api/wallet')));
    for (const res of answers) expect(res.status).toBe(200);
    const address = answers[0]!.body.data.address as string;
    expect(answers[0]!.body).toEqual({ success: true, data: { address } });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(getAddress(address)).toBe(address);
    expect(address).not.toBe(address.toLowerCase());
    expect(new Set(answers.map((r) => r.body.data.address))).toEqual(new Set([address]));
    expect(address).toBe(chain.gateway.deposits.addressOf(a.user.id));
    const other = await walletOf(b.client);
    expect(other).not.toBe(address);
    const rows = await s.testDb.db.kysely
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('user_id', 'in', [a.user.id, b.user.id])
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.address)).toEqual([address.toLowerCase(), other.toLowerCase()]);
    const anon = await s.client().get('/api/wallet');
    expect(anon.status).toBe(401);
    expect(anon.body.success).toBe(false);
  });

  it('test coin arrives on-chain and is credited once after finality, with transaction_update; rereads, a second watcher and racing scans credit nothing more', async () => {
    const p = await registerPlayer(s, 'tc');
    const received: ServerMessage[] = [];
    const socket = connect(s.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: p.client.cookieHeader() } });
    sockets.push(socket);
    socket.on('message', (m: ServerMessage) => received.push(m));
    socket.send({ method: 'sync', token: p.user.ws_auth_token });
    await expect.poll(() => received.some((m) => m.event === 'subscribe' && m.success === true)).toBe(true);

    const res = await p.client.get('/api/test-coin');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEST_COIN_SENT);
    for (const h of [res.body.data.bnb_tx, res.body.data.usdc_tx]) expect((await receipt(chain, h)).status).toBe('success');
    const address = await walletOf(p.client);
    expect(await chain.gateway.client.getBalance({ address })).toBe(parseEther('0.1'));
    expect(
      await chain.gateway.client.readContract({ address: usdc().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    ).toBe(parseUnits('100', 18));

    // Not final yet: the USDC transfer's block has no confirmations.
    expect(await mod.scanNow()).toEqual([]);
    expect(await balances(p.user.id)).toEqual({ bnb: 0n, busd: 0n, ngls: 0n });
    await chain.mine(2);
    const credited = await mod.scanNow();
    expect(credited.map((c) => [c.asset, c.amount])).toEqual(
      expect.arrayContaining([
        ['USDC', 100_000_000n],
        ['BNB', 100_000_000n],
      ]),
    );
    expect(credited).toHaveLength(2);
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 100_000_000n, ngls: 0n });
    await expect.poll(() => received.filter((m) => m.event === 'transaction_update').length).toBe(2);
    expect(received.find((m) => m.event === 'transaction_update' && m.currency === 'busd')).toMatchObject({
      type: 'deposit',
      status: 'success',
      amount: '100',
    });

    // The same blocks read again (cursor moved back), by a second watcher, and by two racing scans.
    const cursor = await s.testDb.db.kysely.selectFrom('chain_cursors').selectAll().executeTakeFirstOrThrow();
    const back = Math.max(0, cursor.block_number - 5);
    await s.testDb.db.kysely
      .updateTable('chain_cursors')
      .set({ block_number: back, block_hash: (await chain.gateway.client.getBlock({ blockNumber: BigInt(back) })).hash })
      .execute();
    const again = createDepositWatcher(s.testDb.db, s.clock, chain.gateway);
    const raced = await Promise.all([again.scan(), mod.scanNow(), createDepositWatcher(s.testDb.db, s.clock, chain.gateway).scan()]);
    expect(raced.flat()).toEqual([]);
    expect(await balances(p.user.id)).toEqual({ bnb: 100_000_000n, busd: 100_000_000n, ngls: 0n });
    const rows = await s.testDb.db.kysely
      .selectFrom('chain_deposits')
      .select(['asset', 'amount', 'log_index'])
      .where('user_id', '=', p.user.id)
      .orderBy('asset')
      .execute();
    expect(rows).toEqual([
      { asset: 'BNB', amount: 100_000_000n, log_index: -1 },
      { asset: 'USDC', amount: 100_000_000n, log_index: expect.any(Number) },
    ]);
    await ledgerOk();
  });

  it('credits nothing for a foreign token, a failed token transfer or money to an unknown address; counts dust below a ledger unit as custody', async () => {
    const p = await registerPlayer(s, 'fx');
    const address = await walletOf(p.client);
    const outside = await outsideWallet(chain, `0x${'5a'.repeat(31)}${dialect === 'sqlite' ? '01' : '02'}`, parseEther('1'));
    // A token that is not ours, with the same name and Transfer event.
    const deploy = await outside.wallet.deployContract({ ...TOKEN_ARTIFACTS.TestUSDC, args: [outside.address, parseUnits('1000', 18)] });
    const foreign = (await receipt(chain, deploy)).contractAddress!;
    const sent = await outside.wallet.writeContract({
      address: foreign,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits('50', 18)],
    });
    expect((await receipt(chain, sent)).status).toBe('success');
    // Our USDC from a wallet that has none: mined, reverted, no log.
    const failed = await outside.wallet.writeContract({
      address: usdc().address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 1n],
      gas: 100_000n,
    });
    expect((await receipt(chain, failed)).status).toBe('reverted');
    // BNB to an address no player owns.
    await receipt(chain, await outside.wallet.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 1000n }));
    // 1.5 gwei: one ledger unit of BNB plus half a unit of dust.
    await receipt(chain, await outside.wallet.sendTransaction({ to: address, value: 1_500_000_000n }));
    await chain.mine(2);
    const credited = await mod.scanNow();
    expect(credited.map((c) => [c.userId, c.asset, c.amount])).toEqual([[p.user.id, 'BNB', 1n]]);
    expect(await balances(p.user.id)).toEqual({ bnb: 1n, busd: 0n, ngls: 0n });
    const row = await s.testDb.db.kysely
      .selectFrom('chain_deposits')
      .select(['chain_amount', 'dust'])
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ chain_amount: '1500000000', dust: '500000000' });
    await ledgerOk();
  });

  it('credits nothing for a deposit undone by a reorg before finality, and the replacement once', async () => {
    const p = await registerPlayer(s, 'rg');
    const address = await walletOf(p.client);
    const rpc = (method: string, params: unknown[] = []) => chain.gateway.client.request({ method, params } as never) as Promise<unknown>;
    const snapshot = await rpc('evm_snapshot');
    await receipt(chain, await chain.gateway.signer!.sendNative(address, parseEther('0.5')));
    expect(await mod.scanNow()).toEqual([]);
    // The block is dropped (a reorg of depth 1 < CHAIN_CONFIRMATIONS), and another deposit takes its place.
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await receipt(chain, await chain.gateway.signer!.sendNative(address, parseEther('0.2')));
    await chain.mine(2);
    const credited = await mod.scanNow();
    expect(credited.map((c) => [c.userId, c.asset, c.amount])).toEqual([[p.user.id, 'BNB', 200_000_000n]]);
    expect(await balances(p.user.id)).toEqual({ bnb: 200_000_000n, busd: 0n, ngls: 0n });
    // A block the watcher took as final changed after all (a reorg deeper than the finality depth):
    // it stops and says so instead of crediting on a chain it no longer trusts.
    const cursor = await s.testDb.db.kysely.selectFrom('chain_cursors').selectAll().executeTakeFirstOrThrow();
    await s.testDb.db.kysely
      .updateTable('chain_cursors')
      .set({ block_hash: `0x${'ab'.repeat(32)}` })
      .execute();
    await chain.mine(1);
    await expect(mod.scanNow()).rejects.toThrow(/changed after it was final/);
    await s.testDb.db.kysely.updateTable('chain_cursors').set({ block_hash: cursor.block_hash }).execute();
    expect(await mod.scanNow()).toEqual([]);
    await ledgerOk();
  });

  it('refuses test coin on a chain that is not the embedded dev chain', async () => {
    const dev = chain.gateway.dev!;
    const external = await openChainGateway(
      {
        rpcUrl: dev.rpcUrl,
        devChainPort: 0,
        confirmations: 2,
        pollMs: 60_000,
        walletXpub: dev.keys.depositXpub,
        usdcAddress: dev.usdc,
        anglsAddress: dev.angls,
        hotWalletKey: dev.keys.hotWalletKey,
        walletXprv: undefined,
      },
      chain.dataDir,
      { info: () => {}, warn: () => {} },
    );
    const other = await startTestServer(dialect, inject('pgAdminUrl'), { routes: [chainModule(external).routes] });
    try {
      const p = await registerPlayer(other, 'ext');
      const res = await p.client.get('/api/test-coin');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: TEST_COIN_REFUSED });
      expect((await p.client.get('/api/wallet')).body.data.address).toBe(dev.keys.depositXpub && external.deposits.addressOf(p.user.id));
    } finally {
      await other.close();
      await external.close();
    }
  });
});
