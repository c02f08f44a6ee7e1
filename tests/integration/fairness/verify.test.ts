/**
 * `npm run verify`: a round settled and booked the way the scheduler books one verifies; a booked transfer
 * altered afterwards (or a snapshot value the ledger never held) fails naming the eidol; an unsettled or
 * unknown round cannot be checked. Both databases; the CLI itself (exit codes, lines) on SQLite.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { manualClock } from '../../../src/server/clock';
import { verifyBookedRound } from '../../../src/server/domain/fairness/verifyBooked';
import { createLedger, eidolAccount, systemAccount, transferBatch } from '../../../src/server/ledger/index';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { destroyQuietly } from '../ledger/support/teardown';
import { TEST_CHAIN, buildSettledRound } from './support/settledRound';

let t: TestDb | undefined;
afterEach(async () => {
  await destroyQuietly(t);
  t = undefined;
});

describe.each(dialectsFor(inject('pgAdminUrl')))('verify a booked round (%s)', (dialect) => {
  it('verifies an honest round, then names the eidol whose booked transfer was altered', async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    const { roundId, eidolIds, emptyRoundId, openRoundId } = await buildSettledRound(t.db, manualClock());
    const k = t.db.kysely;

    const honest = await verifyBookedRound(k, roundId);
    expect(honest.kind).toBe('checked');
    if (honest.kind !== 'checked') return;
    expect(honest.ledger).toEqual([]);
    expect(honest.record).toEqual([]);
    expect(honest.verification.mismatches).toEqual([]);
    expect(honest.ok).toBe(true);
    // The round has winners and losers, so every leg kind is compared.
    const zones = honest.verification.entries.map((e) => e.expected?.zone);
    expect(zones).toContain('bot');
    expect(zones).toContain('top');
    expect(honest.transfers).toBe(honest.verification.settlement!.transfers.length);
    expect(honest.lines.at(-1)).toBe(`round ${roundId} verified`);
    expect(await verifyBookedRound(k, emptyRoundId)).toMatchObject({ kind: 'checked', ok: true, transfers: 0 });
    expect(await verifyBookedRound(k, openRoundId)).toEqual({ kind: 'unknown', roundId: openRoundId });
    expect(await verifyBookedRound(k, 999)).toEqual({ kind: 'unknown', roundId: 999 });

    // A booked win one unit larger than the rules pay: the ledger disagrees, the published detail does not.
    const winner = honest.verification.entries.find((e) => e.expected?.zone === 'bot')!.eidolId;
    await sql`update ledger_transfers set amount = amount + 1 where id = ${`round:${roundId}:${winner}:win`}`.execute(k);
    const altered = await verifyBookedRound(k, roundId);
    expect(altered.kind === 'checked' && altered.ok).toBe(false);
    if (altered.kind !== 'checked') return;
    expect(altered.verification.ok).toBe(true);
    expect(altered.ledger).toEqual([
      expect.objectContaining({ transfer: `round:${roundId}:${winner}:win`, eidolId: winner, field: 'amount' }),
    ]);
    expect(altered.lines.join('\n')).toContain(`round:${roundId}:${winner}:win (eidol ${winner}) amount`);
    expect(altered.lines.at(-1)).toBe(`round ${roundId} NOT verified: 1 mismatch`);

    // A stored round total or XP gain that the rules do not give.
    await sql`update rounds set winners = winners + 1 where id = ${roundId}`.execute(k);
    await sql`update round_entries set xp_gained = 7 where round_id = ${roundId} and eidol_id = ${eidolIds[1]!}`.execute(k);
    const stored = await verifyBookedRound(k, roundId);
    expect(stored.kind === 'checked' && stored.record.map((m) => [m.transfer, m.field, m.eidolId])).toEqual([
      ['rounds', 'winners', null],
      ['round_entries', 'xp_gained', eidolIds[1]],
    ]);

    // A published snapshot value the ledger never held (and the results published to match it).
    const victim = eidolIds[0]!;
    await sql`update round_entries set value_before = value_before + 100 where round_id = ${roundId} and eidol_id = ${victim}`.execute(k);
    const snap = await verifyBookedRound(k, roundId);
    expect(snap.kind === 'checked' && snap.ledger.some((m) => m.field === 'value_before' && m.eidolId === victim)).toBe(true);

    // A leg the rules never book: a win paid to a loser, booked through the ledger like any other.
    const loser = honest.verification.entries.find((e) => e.expected?.zone === 'top')!.eidolId;
    const ledger = createLedger(t.db, manualClock());
    await ledger.run(async (tx) => {
      const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
      await transferBatch(tx, [
        {
          id: `round:${roundId}:${loser}:win`,
          debit: pool,
          credit: await eidolAccount(tx, loser),
          amount: 5n,
          code: 'win',
          ref: String(roundId),
        },
      ]);
    });
    const stray = await verifyBookedRound(k, roundId);
    expect(stray.kind === 'checked' && stray.ledger.find((m) => m.transfer === `round:${roundId}:${loser}:win`)).toMatchObject({
      field: 'unexpected',
      eidolId: loser,
    });
  });
});

describe('npm run verify (the CLI, SQLite)', () => {
  const cli = path.resolve('src/server/domain/fairness/verifyCli.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');
  const run = (file: string, ...args: string[]) =>
    spawnSync(tsx, [cli, ...args], { env: { ...process.env, DATA_DIR: path.dirname(file), DATABASE_URL: '' }, encoding: 'utf8' });

  it('exits 0 with one line per check, 1 on a mismatch, 2 when the round cannot be checked', async () => {
    t = await createTestDb('sqlite');
    const { roundId, openRoundId } = await buildSettledRound(t.db, manualClock());
    // The CLI opens `aeon.sqlite` in DATA_DIR: the test database's file under that name.
    const dir = path.dirname(t.location);
    const file = path.join(dir, 'aeon.sqlite');
    await t.db.close();
    const fs = await import('node:fs');
    fs.renameSync(t.location, file);
    const reopened = (await import('../../../src/server/db/database')).openSqlite(file);
    t = { ...t, db: reopened, location: file };

    const ok = run(file, String(roundId));
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const lines = ok.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^round ${roundId}: 6 entries, T = 0\\.\\d+ \\(\\d+/2\\^52\\)$`));
    expect(lines.filter((l) => l.startsWith('ok  '))).toHaveLength(7);
    expect(lines.at(-1)).toBe(`round ${roundId} verified`);
    // --walk hashes from the round down to its chain's terminal hash (round 2: two links).
    const walked = run(file, String(roundId), '--walk');
    expect(walked.status).toBe(0);
    expect(walked.stdout).toContain(
      `ok   walk: 2 link(s) from round ${roundId}'s hash reach the chain's terminal hash ${TEST_CHAIN.terminalHash}`,
    );

    expect(run(file, String(openRoundId)).status).toBe(2);
    expect(run(file, 'twelve').status).toBe(2);

    await sql`update ledger_transfers set amount = amount - 1 where id like ${`round:${roundId}:%:bet`}`.execute(reopened.kysely);
    const bad = run(file, String(roundId));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/FAIL ledger/);
    expect(bad.stdout).toMatch(/round:2:\d+:bet \(eidol \d+\) amount: expected \d+, booked \d+/);
  });
});
