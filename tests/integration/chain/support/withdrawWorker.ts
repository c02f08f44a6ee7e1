/**
 * A child process that runs the withdrawal queue in a loop until it is killed, for the kill -9 test.
 * argv: <database: sqlite file or postgres url> <rpc url> <xpub> <usdc> <angls> <hot wallet key>
 * Writes `ready` (synchronously) once it is about to run its first step.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Address, Hex } from 'viem';
import { openPostgres, openSqlite } from '../../../../src/server/db/database';
import { systemClock } from '../../../../src/server/clock';
import { openChainGateway } from '../../../../src/server/chain/gateway';
import { createWithdrawalProcessor } from '../../../../src/server/chain/withdrawals';

const [location = '', rpcUrl, walletXpub, usdc, angls, hotKey] = process.argv.slice(2);
const db = location.startsWith('postgres') ? openPostgres(location, 2, () => {}) : openSqlite(location);
const gateway = await openChainGateway(
  { rpcUrl, devChainPort: 0, confirmations: 2, pollMs: 60_000, walletXpub, usdcAddress: usdc as Address, anglsAddress: angls as Address, hotWalletKey: hotKey as Hex, walletXprv: undefined },
  os.tmpdir(),
  { info: () => {}, warn: () => {} },
);
const queue = createWithdrawalProcessor(db, systemClock, gateway, () => {});
fs.writeSync(1, 'ready\n');
for (;;) await queue.step();
