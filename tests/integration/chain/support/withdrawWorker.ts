/**
 * A child process that runs the withdrawal queue for the kill -9 test until it passes the named point
 * `target` (a WithdrawalPoint of withdrawals.ts): there it writes `at <point> <withdrawal id>` and kills
 * itself with SIGKILL, inside the step, with whatever the step had not written yet lost. When the queue
 * goes MAX_STEPS steps without passing the point it writes `missed <point>` and exits.
 * argv: <database: sqlite file or postgres url> <rpc url> <xpub> <usdc> <angls> <hot wallet key> <target>
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Address, Hex } from 'viem';
import { openPostgres, openSqlite } from '../../../../src/server/db/database';
import { systemClock } from '../../../../src/server/clock';
import { openChainGateway } from '../../../../src/server/chain/gateway';
import { createWithdrawalProcessor } from '../../../../src/server/chain/withdrawals';

const [location = '', rpcUrl, walletXpub, usdc, angls, hotKey, target] = process.argv.slice(2);
const MAX_STEPS = 20;
const db = location.startsWith('postgres') ? openPostgres(location, 2, () => {}) : openSqlite(location);
const gateway = await openChainGateway(
  {
    rpcUrl,
    devChainPort: 0,
    confirmations: 2,
    pollMs: 60_000,
    walletXpub,
    usdcAddress: usdc as Address,
    anglsAddress: angls as Address,
    hotWalletKey: hotKey as Hex,
    walletXprv: undefined,
  },
  os.tmpdir(),
  { info: () => {}, warn: () => {} },
);
const queue = createWithdrawalProcessor(db, systemClock, gateway, () => {}, {
  at: (point, id) => {
    if (point !== target) return;
    // Written synchronously: the line is out before the kill, which no handler or finally block outlives.
    fs.writeSync(1, `at ${point} ${id}\n`);
    process.kill(process.pid, 'SIGKILL');
  },
});
for (let i = 0; i < MAX_STEPS; i++) await queue.step();
fs.writeSync(1, `missed ${target}\n`);
await db.close();
await gateway.close();
