/**
 * kill -9 of the process running the sweeps, at random moments (while signing, between the stored bytes
 * and the broadcast, while following them), over and over: in the end every deposit address is empty,
 * each of its nonces went to one stored sweep (none signed twice), the hot wallet paid one top-up per
 * token sweep that needed gas, the players' ledger balances did not move and reconcile's BNB operator funds
 * fell by exactly the gas paid. Both databases.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erc20Abi, parseUnits, type Address, type Hash } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { receipt, type TestChain, startChainServer, type ChainServer, bundleWorker } from '../../support/chain';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { reconcile } from '../../../src/server/chain/reconcile';
import { sweepCursor } from '../../../src/server/chain/sweeps';

const PLAYERS = 4;
const KILLS = 10;

describe.each(dialectsFor(inject('pgAdminUrl')))('sweeps under kill -9 on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let worker: string;
  let up: ChainServer | undefined;
  beforeAll(async () => {
    worker = await bundleWorker('sweepWorker', dialect);
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ chain, mod, server: s } = up);
  });
  afterAll(async () => {
    await up?.close();
  });

  it('sweeps every deposit address exactly once whatever the kills', { timeout: 240_000 }, async () => {
    const { gateway } = chain;
    const signer = gateway.signer!;
    const hot = signer.hotWallet;
    const usdc = gateway.tokens.find((t) => t.asset === 'USDC')!;
    const usdcOf = (address: Address) =>
      gateway.client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
    // Half the players get USDC only (their sweep needs a top-up), half BNB and USDC.
    const players: { id: number; address: Address }[] = [];
    const hashes: Hash[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await registerPlayer(s, `crash${i}`);
      const address = (await p.client.get('/api/wallet')).body.data.address as Address;
      players.push({ id: p.user.id, address });
      hashes.push(await signer.sendToken(usdc.address, address, parseUnits(String(10 + i), usdc.decimals)));
      if (i % 2 === 1) hashes.push(await signer.sendNative(address, parseUnits('0.02', 18)));
    }
    for (const h of hashes) await receipt(chain, h);
    await chain.mine(2);
    await mod.scanNow();
    const ledgerBefore = await Promise.all(players.map((p) => s.ctx.balances(p.id)));
    const before = await reconcile(s.testDb.db, gateway);
    const hotNonce0 = await gateway.client.getTransactionCount({ address: hot });
    const hotUsdc0 = await usdcOf(hot);

    const dev = gateway.dev!;
    const args = [s.testDb.location, dev.rpcUrl, dev.keys.depositXpub, dev.usdc, dev.angls, dev.keys.hotWalletKey, dev.keys.depositXprv];
    const statuses = new Set<string>();
    for (let run = 0; run < KILLS; run++) {
      const child = spawn(process.execPath, [worker, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      for await (const line of createInterface({ input: child.stdout })) {
        if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), Math.random() * 80);
      }
      await exited;
      for (const r of await s.testDb.db.kysely.selectFrom('chain_sweeps').select('status').execute()) statuses.add(r.status);
      await chain.mine(1);
      await mod.scanNow();
    }
    const marked = async () =>
      (
        await s.testDb.db.kysely
          .selectFrom('chain_cursors')
          .select('name')
          .where(
            'name',
            'in',
            players.map((p) => sweepCursor(p.id)),
          )
          .execute()
      ).length;
    for (let i = 0; i < 20 && (await marked()) < PLAYERS; i++) {
      await mod.sweepNow();
      await chain.mine(3);
      await mod.scanNow();
    }
    expect(await marked()).toBe(PLAYERS);

    const rows = await s.testDb.db.kysely.selectFrom('chain_sweeps').selectAll().execute();
    expect(rows.every((r) => r.status === 'done')).toBe(true);
    for (const p of players) {
      expect(await usdcOf(p.address)).toBe(0n);
      const mine = rows.filter((r) => r.user_id === p.id && r.kind === 'sweep');
      // Every nonce of the deposit address went to one stored sweep, each asset swept once.
      expect(await gateway.client.getTransactionCount({ address: p.address })).toBe(mine.length);
      expect(mine.map((r) => r.asset).sort()).toEqual(p.id === players[1]!.id || p.id === players[3]!.id ? ['BNB', 'USDC'] : ['USDC']);
    }
    for (const p of players.filter((_, i) => i % 2 === 1)) expect(await gateway.client.getBalance({ address: p.address })).toBe(0n);
    const topups = rows.filter((r) => r.kind === 'topup');
    expect(topups.map((r) => r.user_id).sort()).toEqual(
      players
        .filter((_, i) => i % 2 === 0)
        .map((p) => p.id)
        .sort(),
    );
    expect(await gateway.client.getTransactionCount({ address: hot })).toBe(hotNonce0 + topups.length);
    expect((await usdcOf(hot)) - hotUsdc0).toBe(parseUnits(String(10 * PLAYERS + (PLAYERS * (PLAYERS - 1)) / 2), usdc.decimals));

    expect(await Promise.all(players.map((p) => s.ctx.balances(p.id)))).toEqual(ledgerBefore);
    let gasPaid = 0n;
    for (const r of rows) {
      const rc = await receipt(chain, r.tx_hash as Hash);
      gasPaid += rc.gasUsed * rc.effectiveGasPrice;
    }
    const after = await reconcile(s.testDb.db, gateway);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.operatorFunds).toBe(before[1]!.operatorFunds - gasPaid);
    expect(after[1]!.liabilities).toBe(before[1]!.liabilities);
    console.info(
      `sweep kill -9 (${dialect}): ${KILLS} kills, ${rows.length} transactions, states seen between kills: ${[...statuses].sort().join(', ')}`,
    );
  });
});
