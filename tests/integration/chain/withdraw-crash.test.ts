/**
 * kill -9 of the process running the withdrawal queue at each named point of a withdrawal's way
 * (withdrawals.ts WithdrawalPoint: bytes stored but not sent, sent but not marked, re-sent after a crash,
 * inside the settlement, settled but not told), each run asserting it died exactly there: in the end every
 * withdrawal is on the chain exactly once (the hot wallet's nonce moved by exactly their number), each
 * reached its address, the ledger posted each once and `checkLedger` holds. Both databases.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erc20Abi, getAddress, parseUnits } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { receipt, type TestChain, startChainServer, type ChainServer, bundleWorker } from '../../support/chain';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { createLedger } from '../../../src/server/ledger/index';
import type { WithdrawalPoint } from '../../../src/server/chain/withdrawals';

const DEST = getAddress('0x00000000000000000000000000000000000dea11');
const COUNT = 6;
/**
 * Where each run dies, in order; each is reachable from what the runs before it left: a signed row to
 * re-send, a queued row to sign, a broadcast row final after the blocks mined between runs.
 */
const SCHEDULE: readonly WithdrawalPoint[] = ['signed', 'resent', 'sent', 'resent', 'signed', 'settling', 'settled', 'settling', 'settled'];

describe.each(dialectsFor(inject('pgAdminUrl')))('withdrawals under kill -9 on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let worker: string;
  let up: ChainServer | undefined;
  beforeAll(async () => {
    worker = await bundleWorker('withdrawWorker', dialect);
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ chain, mod, server: s } = up);
  });
  afterAll(async () => {
    await up?.close();
  });

  it('leaves every withdrawal on-chain exactly once and the ledger consistent', { timeout: 480_000 }, async () => {
    const p = await registerPlayer(s, 'kill');
    const coin = await p.client.get('/api/test-coin');
    for (const h of [coin.body.data.bnb_tx, coin.body.data.usdc_tx]) await receipt(chain, h);
    await chain.mine(2);
    await mod.scanNow();
    await s.testDb.db.kysely.updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', p.user.id).execute();
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const pre = await p.client.post('/api/wallet/send', { to_address: DEST, amount: '1', currency: 'busd' });
      const id = pre.body.data.transaction.id as string;
      expect((await p.client.post(`/api/transactions/${id}/commit`, {})).body.data.transaction.status).toBe('pending');
      ids.push(id);
    }
    const hot = chain.gateway.signer!.hotWallet;
    const nonce0 = await chain.gateway.client.getTransactionCount({ address: hot });
    const dev = chain.gateway.dev!;
    const args = [s.testDb.location, dev.rpcUrl, dev.keys.depositXpub, dev.usdc, dev.angls, dev.keys.hotWalletKey];
    const states = () =>
      s.testDb.db.kysely.selectFrom('chain_withdrawals').select(['id', 'status']).where('user_id', '=', p.user.id).execute();

    const reached: string[] = [];
    for (const target of SCHEDULE) {
      const child = spawn(process.execPath, [worker, ...args, target], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      let line = '';
      for await (const l of createInterface({ input: child.stdout })) line = l;
      expect(await exited, `the run aimed at ${target} ended with "${line}"`).toBe('SIGKILL');
      reached.push(line.split(' ')[1] ?? line);
      console.info(`withdraw kill -9 (${dialect}): run ${reached.length}: ${line}`);
      await chain.mine(2);
    }
    expect(reached).toEqual(SCHEDULE);
    // Whatever the kills left (queued, signed, broadcast), the queue finishes in this process.
    for (let i = 0; i < 10 && (await states()).some((r) => r.status !== 'done'); i++) {
      await mod.withdrawNow();
      await chain.mine(2);
    }
    expect((await states()).map((r) => r.status)).toEqual(Array(COUNT).fill('done'));
    expect(await chain.gateway.client.getTransactionCount({ address: hot })).toBe(nonce0 + COUNT);
    expect(
      await chain.gateway.client.readContract({
        address: chain.gateway.tokens[0]!.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [DEST],
      }),
    ).toBe(parseUnits(String(COUNT), 18));
    const rows = await s.testDb.db.kysely
      .selectFrom('chain_withdrawals')
      .select(['nonce', 'tx_hash'])
      .where('user_id', '=', p.user.id)
      .execute();
    expect(new Set(rows.map((r) => r.nonce)).size).toBe(COUNT);
    for (const r of rows) expect((await receipt(chain, r.tx_hash as `0x${string}`)).status).toBe('success');
    expect(await s.ctx.balances(p.user.id)).toMatchObject({ busd: 100_000_000n - BigInt(COUNT) * 1_500_000n });
    expect((await createLedger(s.testDb.db, s.clock).check()).violations).toEqual([]);
    console.info(`withdraw kill -9 (${dialect}): died at ${reached.join(', ')}`);
  });
});
