/**
 * Sweeps against a real dev chain, on both databases: a BNB deposit, a USDC deposit (gas topped up by the
 * hot wallet, not credited to anyone) and a faucet deposit of both end up at the hot wallet; further runs
 * sweep nothing twice; the players' ledger balances do not move, and reconcile still holds to the wei: the
 * BNB operator funds fell by exactly the gas the sweep transactions paid, nothing else changed.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erc20Abi, parseUnits, type Address, type Hash } from 'viem';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, type TestServer } from '../../support/server';
import { receipt, type TestChain, startChainServer, type ChainServer } from '../../support/chain';
import type { ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { createLedger } from '../../../src/server/ledger/index';
import { reconcile } from '../../../src/server/chain/reconcile';
import { createSweeper, sweepCursor } from '../../../src/server/chain/sweeps';

describe.each(dialectsFor(inject('pgAdminUrl')))('sweeps on %s', (dialect) => {
  let chain: TestChain;
  let mod: ChainModule;
  let s: TestServer;
  let up: ChainServer | undefined;
  beforeAll(async () => {
    up = await startChainServer(dialect, inject('pgAdminUrl'));
    ({ chain, mod, server: s } = up);
  });
  afterAll(async () => {
    await up?.close();
  });

  const usdc = () => chain.gateway.tokens.find((t) => t.asset === 'USDC')!;
  const usdcOf = (address: Address) =>
    chain.gateway.client.readContract({ address: usdc().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const bnbOf = (address: Address) => chain.gateway.client.getBalance({ address });
  const sweeps = () => s.testDb.db.kysely.selectFrom('chain_sweeps').selectAll().orderBy('created_at').execute();
  async function player(tag: string) {
    const p = await registerPlayer(s, tag);
    const address = (await p.client.get('/api/wallet')).body.data.address as Address;
    return { ...p, address };
  }
  const settle = async (hashes: Hash[]) => {
    for (const h of hashes) await receipt(chain, h);
    await chain.mine(2);
    await mod.scanNow();
  };

  it('moves BNB and USDC deposits to the hot wallet once, with the ledger and reconcile unchanged', { timeout: 120_000 }, async () => {
    const signer = chain.gateway.signer!;
    const hot = signer.hotWallet;
    const bnbOnly = await player('sweepbnb');
    const usdcOnly = await player('sweepusdc');
    const both = await player('sweepboth');
    const coin = await both.client.get('/api/test-coin');
    await settle([
      await signer.sendNative(bnbOnly.address, parseUnits('0.05', 18)),
      await signer.sendToken(usdc().address, usdcOnly.address, parseUnits('25', usdc().decimals)),
      coin.body.data.bnb_tx,
      coin.body.data.usdc_tx,
    ]);
    const players = [bnbOnly, usdcOnly, both];
    const ledgerBefore = await Promise.all(players.map((p) => s.ctx.balances(p.user.id)));
    expect(ledgerBefore.map((b) => [b.bnb, b.busd])).toEqual([
      [50_000_000n, 0n],
      [0n, 25_000_000n],
      [100_000_000n, 100_000_000n],
    ]);
    const before = await reconcile(s.testDb.db, chain.gateway);
    const hotUsdc0 = await usdcOf(hot);

    const marked = async () => {
      const names = players.map((p) => sweepCursor(p.user.id));
      return (await s.testDb.db.kysely.selectFrom('chain_cursors').select('name').where('name', 'in', names).execute()).length;
    };
    for (let i = 0; i < 12 && (await marked()) < players.length; i++) {
      await mod.sweepNow();
      await chain.mine(3);
      await mod.scanNow();
    }
    expect(await marked()).toBe(players.length);

    const rows = await sweeps();
    expect(rows.every((r) => r.status === 'done')).toBe(true);
    // The USDC-only address needed gas: one top-up from the hot wallet, then its token sweep.
    expect(rows.filter((r) => r.user_id === usdcOnly.user.id).map((r) => `${r.kind}:${r.asset}`)).toEqual(['topup:USDC', 'sweep:USDC']);
    expect(rows.filter((r) => r.user_id === both.user.id).map((r) => `${r.kind}:${r.asset}`)).toEqual(['sweep:USDC', 'sweep:BNB']);
    expect(rows.filter((r) => r.user_id === bnbOnly.user.id).map((r) => `${r.kind}:${r.asset}`)).toEqual(['sweep:BNB']);

    // Everything is at the hot wallet: native BNB to the wei, tokens whole.
    expect(await bnbOf(bnbOnly.address)).toBe(0n);
    expect(await bnbOf(both.address)).toBe(0n);
    expect(await usdcOf(usdcOnly.address)).toBe(0n);
    expect(await usdcOf(both.address)).toBe(0n);
    expect((await usdcOf(hot)) - hotUsdc0).toBe(parseUnits('125', 18));
    // The top-up was spent on gas but for the storage refund of the emptied token balance (below one transfer's gas).
    const tokenSweep = rows.find((r) => r.user_id === usdcOnly.user.id && r.kind === 'sweep')!;
    const tr = await receipt(chain, tokenSweep.tx_hash as Hash);
    expect(await bnbOf(usdcOnly.address)).toBe((BigInt(tokenSweep.gas_limit) - tr.gasUsed) * BigInt(tokenSweep.gas_price));

    // No ledger change: not for the players (the top-up was not credited), not for custody.
    expect(await Promise.all(players.map((p) => s.ctx.balances(p.user.id)))).toEqual(ledgerBefore);
    expect((await createLedger(s.testDb.db, s.clock).check()).violations).toEqual([]);
    let gasPaid = 0n;
    for (const r of rows) {
      const rc = await receipt(chain, r.tx_hash as Hash);
      gasPaid += rc.gasUsed * rc.effectiveGasPrice;
    }
    const after = await reconcile(s.testDb.db, chain.gateway);
    const [usdcBefore, bnbBefore] = before;
    const [usdcAfter, bnbAfter] = after;
    expect(usdcAfter).toEqual(usdcBefore);
    expect(bnbAfter!.liabilities).toBe(bnbBefore!.liabilities);
    expect(bnbAfter!.dust).toBe(bnbBefore!.dust);
    expect(bnbAfter!.onChain).toBe(bnbBefore!.onChain - gasPaid);
    expect(bnbAfter!.operatorFunds).toBe(bnbBefore!.operatorFunds - gasPaid);
    expect(after.every((r) => r.solvent && r.surplus === r.dust + r.operatorFunds)).toBe(true);

    // Further runs find nothing: no new row, no nonce used.
    const nonces = await Promise.all(
      [hot, bnbOnly.address, usdcOnly.address, both.address].map((a) => chain.gateway.client.getTransactionCount({ address: a })),
    );
    for (let i = 0; i < 3; i++) {
      expect(await mod.sweepNow()).toMatchObject({ sent: 0 });
      await chain.mine(3);
      await mod.scanNow();
    }
    expect((await sweeps()).length).toBe(rows.length);
    expect(
      await Promise.all(
        [hot, bnbOnly.address, usdcOnly.address, both.address].map((a) => chain.gateway.client.getTransactionCount({ address: a })),
      ),
    ).toEqual(nonces);
    console.info(`sweeps (${dialect}): ${rows.length} transactions, gas paid ${gasPaid} wei`);
  });

  it(
    'stores one transaction per step when two sweepers race, and sweeps a later deposit to a swept address',
    { timeout: 120_000 },
    async () => {
      const signer = chain.gateway.signer!;
      const p = await player('sweeprace');
      const run = async (hashes: Hash[]) => {
        await settle(hashes);
        const racers = [createSweeper(s.testDb.db, s.clock, chain.gateway), createSweeper(s.testDb.db, s.clock, chain.gateway)];
        const mark = () =>
          s.testDb.db.kysely
            .selectFrom('chain_cursors')
            .select('block_number')
            .where('name', '=', sweepCursor(p.user.id))
            .executeTakeFirst();
        const start = (await mark())?.block_number ?? -1;
        for (let i = 0; i < 8 && ((await mark())?.block_number ?? -1) === start; i++) {
          await Promise.all(racers.map((r) => r.step()));
          await chain.mine(3);
        }
        expect((await mark())!.block_number).toBeGreaterThan(start);
      };
      // Rows stored at one instant of the test clock have no order of their own: each round's are compared as a set.
      const steps = async (skip: Set<string>) =>
        (await sweeps())
          .filter((r) => r.user_id === p.user.id && !skip.has(r.tx_hash))
          .map((r) => `${r.kind}:${r.asset}:${r.status}`)
          .sort();
      await run([
        await signer.sendToken(usdc().address, p.address, parseUnits('7', 18)),
        await signer.sendNative(p.address, parseUnits('0.01', 18)),
      ]);
      const first = new Set((await sweeps()).map((r) => r.tx_hash));
      // The first round: the USDC (with the player's own BNB for gas), then the BNB.
      expect(await steps(new Set())).toEqual(['sweep:BNB:done', 'sweep:USDC:done']);
      await run([await signer.sendToken(usdc().address, p.address, parseUnits('3', 18))]);
      // The second round has no BNB left for gas: a top-up, then the USDC.
      expect(await steps(first)).toEqual(['sweep:USDC:done', 'topup:USDC:done']);
      expect(await chain.gateway.client.getTransactionCount({ address: p.address })).toBe(3);
      expect(await usdcOf(p.address)).toBe(0n);
      expect(await s.ctx.balances(p.user.id)).toMatchObject({ bnb: 10_000_000n, busd: 10_000_000n });
    },
  );
});
