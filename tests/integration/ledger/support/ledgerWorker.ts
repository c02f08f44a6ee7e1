/**
 * A child process that hammers the ledger, for the crash and race tests. It writes one line per event to
 * stdout with a synchronous write (a line the parent reads was out of this process before any kill):
 *   ready | begin <key> <id,id,…> | ack <key> | reject <key> <code> | done <json>
 * Modes (argv): crash <dialect> <location> <seed> <accounts,…> [retry <seed:k>]
 *               race <dialect> <location> <seed> <accounts,…> <count>
 */
import fs from 'node:fs';
import { openPostgres, openSqlite, type Db, type DialectName } from '../../../../src/server/db/database';
import { systemClock } from '../../../../src/server/clock';
import { createLedger, isLedgerError, type TransferInput } from '../../../../src/server/ledger/index';
import { crashBatch } from './crashBatches';

const say = (line: string) => fs.writeSync(1, `${line}\n`);

async function crash(db: Db, seed: number, accounts: number[], retry: string | undefined) {
  const ledger = createLedger(db, systemClock);
  const submit = async (batchSeed: number, k: number) => {
    const key = `${batchSeed}:${k}`;
    const batch = crashBatch(batchSeed, k, accounts);
    say(`begin ${key} ${batch.map((t) => t.id).join(',')}`);
    try {
      await ledger.transferBatch(batch);
      say(`ack ${key}`);
    } catch (err) {
      if (!isLedgerError(err)) throw err;
      say(`reject ${key} ${err.code}`);
    }
  };
  say('ready');
  if (retry) {
    const [s, k] = retry.split(':').map(Number);
    await submit(s!, k!);
  }
  for (let k = 0; k < 1_000_000; k++) await submit(seed, k);
}

async function race(db: Db, seed: number, accounts: number[], count: number) {
  const ledger = createLedger(db, systemClock);
  const outcomes: Record<string, number> = {};
  say('ready');
  for (let i = 0; i < count; i++) {
    // Every worker drains the same accounts in rings of both directions: double spends and lock cycles.
    const n = accounts.length;
    const a = (seed + i) % n;
    const dir = i % 2 === 0 ? 1 : n - 1;
    // Uneven legs make balances random-walk, so small accounts run dry and spends must be refused.
    const x = BigInt(1 + ((i * 7 + seed * 13) % 17));
    const y = BigInt(1 + ((i * 11 + seed * 5) % 17));
    const batch: TransferInput[] = [
      { id: `race-${seed}-${i}-a`, debit: accounts[a]!, credit: accounts[(a + dir) % n]!, amount: x, code: 'race' },
      { id: `race-${seed}-${i}-b`, debit: accounts[(a + dir) % n]!, credit: accounts[(a + 2 * dir) % n]!, amount: y, code: 'race' },
    ];
    const outcome = await ledger.transferBatch(batch).then(
      () => 'ok',
      (e) => (isLedgerError(e) ? e.code : `error:${(e as Error).message}`),
    );
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  say(`done ${JSON.stringify(outcomes)}`);
}

async function main() {
  const [mode, dialect, location, seedText, accountsText, extra, extra2] = process.argv.slice(2);
  const db = (dialect as DialectName) === 'postgres' ? openPostgres(location!, 4) : openSqlite(location!);
  const accounts = accountsText!.split(',').map(Number);
  try {
    if (mode === 'crash') await crash(db, Number(seedText), accounts, extra === 'retry' ? extra2 : undefined);
    else await race(db, Number(seedText), accounts, Number(extra));
  } finally {
    await db.close();
  }
}

await main();
