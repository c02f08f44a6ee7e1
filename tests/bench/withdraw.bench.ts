/**
 * `npm run bench:withdraw`: against a real embedded dev chain, on SQLite (and PostgreSQL at TEST_PG_URL /
 * DATABASE_URL when reachable; BENCH_DIALECTS=sqlite for one): withdrawals precalculated and committed
 * through the API per second, signed + stored + broadcast per second by the queue, settled at finality
 * per second, and deposits credited per second with the credit latency after finality (one scan; in
 * production add up to CHAIN_POLL_MS). Each figure has a baseline from the same run: the bare chain work
 * (the hot wallet signing and broadcasting the same number of plain transfers, with no ledger or queue;
 * one `eth_getLogs` over the deposits' blocks) and the ratio to it. Prints `BENCH <name> <value> <unit>` lines.
 */
import { getAddress, parseAbiItem, parseUnits } from 'viem';
import pg from 'pg';
import type { DialectName } from '../../src/server/db/database';
import { registerPlayer, startTestServer } from '../support/server';
import { receipt, startTestChain } from '../support/chain';
import { chainModule } from '../../src/server/http/routes/walletRoutes';
import { printRatio } from './ratioLine';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const WITHDRAWALS = Math.max(10, Math.round(100 * SCALE));
const DEPOSITS = Math.max(10, Math.round(100 * SCALE));
const PG_ADMIN = process.env.TEST_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The ERC-20 Transfer event. */
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const DEST = getAddress('0x00000000000000000000000000000000000be4c0');

const bench = (name: string, value: number, unit: string) => console.info(`BENCH ${name} ${value.toFixed(value < 10 ? 3 : 0)} ${unit}`);

async function run(dialect: DialectName): Promise<void> {
  const chain = await startTestChain({ confirmations: 2 });
  const mod = chainModule(chain.gateway);
  const s = await startTestServer(dialect, PG_ADMIN, { routes: [mod.routes] });
  try {
    await mod.scanNow();
    const p = await registerPlayer(s, 'bench');
    const address = (await p.client.get('/api/wallet')).body.data.address;
    const usdc = chain.gateway.tokens.find((t) => t.asset === 'USDC')!;
    await receipt(chain, await chain.gateway.signer!.sendNative(address, parseUnits('1', 18)));
    await receipt(chain, await chain.gateway.signer!.sendToken(usdc.address, address, parseUnits(String(WITHDRAWALS), 18)));
    await chain.mine(2);
    await mod.scanNow();
    await s.testDb.db.kysely.updateTable('users').set({ start_gas: 1, start_pack: 1 }).where('id', '=', p.user.id).execute();

    let t = performance.now();
    for (let i = 0; i < WITHDRAWALS; i++) {
      const pre = await p.client.post('/api/wallet/send', { to_address: DEST, amount: '0.001', currency: 'bnb' });
      if (pre.status !== 200) throw new Error(`send refused: ${pre.text}`);
      await p.client.post(`/api/transactions/${pre.body.data.transaction.id}/commit`, {});
    }
    bench(`${dialect}.withdraw.precalc+commit`, WITHDRAWALS / ((performance.now() - t) / 1000), 'per s');

    t = performance.now();
    let signed = 0;
    for (let i = 0; i < 1000 && signed < WITHDRAWALS; i++) signed += (await mod.withdrawNow())!.signed;
    const queued = WITHDRAWALS / ((performance.now() - t) / 1000);
    bench(`${dialect}.withdraw.sign+store+broadcast`, queued, 'per s');
    // Baseline: the same number of transfers signed and broadcast straight from the hot wallet.
    t = performance.now();
    for (let i = 0; i < WITHDRAWALS; i++) await chain.gateway.signer!.sendNative(DEST, 1n);
    const bare = WITHDRAWALS / ((performance.now() - t) / 1000);
    bench(`${dialect}.baseline.sign+broadcast`, bare, 'per s');
    printRatio(`${dialect}.ratio.withdraw-queue/baseline`, queued, bare, 'per s');
    await chain.mine(2);
    t = performance.now();
    let done = 0;
    for (let i = 0; i < 1000 && done < WITHDRAWALS; i++) {
      const step = (await mod.withdrawNow())!;
      done += step.done.length + step.failed.length;
    }
    bench(`${dialect}.withdraw.settle-at-finality`, WITHDRAWALS / ((performance.now() - t) / 1000), 'per s');

    const from = (await chain.gateway.client.getBlockNumber()) + 1n;
    for (let i = 0; i < DEPOSITS; i++) await chain.gateway.signer!.sendToken(usdc.address, address, parseUnits('1', 18));
    const to = await chain.gateway.client.getBlockNumber();
    await chain.mine(2);
    // Baseline: reading the same blocks' Transfer logs, the floor of any scan.
    t = performance.now();
    await chain.gateway.client.getLogs({ address: usdc.address, event: TRANSFER, fromBlock: from, toBlock: to });
    const floorMs = performance.now() - t;
    t = performance.now();
    let credited = 0;
    for (let i = 0; i < 1000 && credited < DEPOSITS; i++) credited += (await mod.scanNow()).length;
    const ms = performance.now() - t;
    bench(`${dialect}.deposit.credit-after-finality`, ms, `ms for ${DEPOSITS} deposits`);
    bench(`${dialect}.deposit.credited`, DEPOSITS / (ms / 1000), 'per s');
    bench(`${dialect}.baseline.getLogs`, floorMs, `ms for ${DEPOSITS} deposits`);
    printRatio(`${dialect}.ratio.credit/getLogs`, ms, floorMs, 'ms');
  } finally {
    await s.close();
    await chain.close();
  }
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const only = process.env.BENCH_DIALECTS?.split(',');
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (only && !only.includes(dialect)) continue;
  if (dialect === 'postgres' && !(await pgReachable())) {
    console.info('BENCH postgres skipped: unreachable');
    continue;
  }
  await run(dialect);
}
