/**
 * `npm run reconcile`: on-chain custody against ledger liabilities per asset, the difference explained
 * (reconcile.ts). Reads DATA_DIR / DATABASE_URL and CHAIN_RPC_URL; without it, the dev chain the running
 * server holds on DEV_CHAIN_PORT. Writes nothing; exits 1 when custody does not cover liabilities.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { CURRENCY_ASSETS, formatUnitsTrimmed } from '../../shared/money/index';
import { loadChainConfig } from './chainConfig';
import { runningDevChain } from './devChain';
import { openChainGateway, NATIVE_DECIMALS } from './gateway';
import { reconcile } from './reconcile';

const config = loadConfig();
const file = path.join(config.dataDir, 'aeon.sqlite');
if (!config.databaseUrl && !fs.existsSync(file)) {
  console.error(`reconcile failed: no database at ${file} (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
const base = loadChainConfig(process.env, config);
const cfg = base.rpcUrl ? base : { ...base, ...runningDevChain(config.dataDir, config.devChainPort) };
const db = openDatabase(config);
const gateway = await openChainGateway(cfg, config.dataDir, { info: () => {}, warn: (m) => console.warn(m) });
try {
  const rows = await reconcile(db, gateway);
  for (const r of rows) {
    const decimals = gateway.tokens.find((t) => t.asset === r.asset)?.decimals ?? NATIVE_DECIMALS;
    const chain = (v: bigint) => formatUnitsTrimmed(v, decimals);
    const ledger = (v: bigint) => formatUnitsTrimmed(v, CURRENCY_ASSETS[r.asset].scale);
    console.info(
      `${r.asset}: on-chain ${chain(r.onChain)} | owed to players ${ledger(r.liabilities)} (of which leaving ${ledger(r.pendingOut)}) | ` +
        `surplus ${chain(r.surplus)} = dust ${chain(r.dust)} + operator funds ${chain(r.operatorFunds)} | ${r.solvent ? 'solvent' : 'SHORT'}`,
    );
  }
  process.exitCode = rows.every((r) => r.solvent) ? 0 : 1;
} catch (err) {
  console.error(`reconcile failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
} finally {
  await gateway.close();
  await db.close();
}
