/**
 * A child process that runs sweep steps in a loop until it is killed, for the sweep kill -9 test.
 * argv: <database: sqlite file or postgres url> <rpc url> <xpub> <usdc> <angls> <hot wallet key> <xprv>
 * Writes `ready` (synchronously) once it is about to run its first step.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Address, Hex } from 'viem';
import { openPostgres, openSqlite } from '../../../../src/server/db/database';
import { systemClock } from '../../../../src/server/clock';
import { openChainGateway } from '../../../../src/server/chain/gateway';
import { createSweeper } from '../../../../src/server/chain/sweeps';

const [location = '', rpcUrl, walletXpub, usdc, angls, hotKey, xprv] = process.argv.slice(2);
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
    walletXprv: xprv,
  },
  os.tmpdir(),
  { info: () => {}, warn: () => {} },
);
const sweeper = createSweeper(db, systemClock, gateway);
fs.writeSync(1, 'ready\n');
for (;;) await sweeper.step();
