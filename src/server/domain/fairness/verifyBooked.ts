/**
 * `npm run verify`'s work: a settled round recomputed from its published record and anchored to the
 * commitment (`verifyAnchored`, the same code the `/fairness` page runs: the previous round's own hash, the
 * listed chain's rule, each eidol's value continuity) AND compared with what the ledger booked for it, the transfers
 * `round:<id>:<eidol>:bet|win|mined` (amounts, accounts, codes), the snapshot's values against the balances
 * the ledger held before the round's first leg, and the round's stored totals and XP. Reads only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SettlementAccount, SettlementTransfer } from '../../../shared/rules/round/settlementTypes';
import { settlementTransferId } from '../../../shared/rules/round/settlement';
import { describeMismatch, type RoundVerification } from '../../../shared/rules/round/verifyRound';
import { verifyAnchored, type FairnessSource } from '../../../shared/rules/round/verifyAnchored';
import { loadChains } from './chainList';
import { thresholdDecimal } from '../../../shared/rules/fairness';
import { loadRoundDetail } from './roundDetail';

/** One way the ledger differs from the recomputation. */
export interface LedgerMismatch {
  /** The transfer id (`round:<id>:<eidol>:<leg>`), `snapshot` for a value the ledger did not hold, or the table (`rounds`, `round_entries`) of a stored figure. */
  transfer: string;
  /** The eidol concerned, or null for the mining pool. */
  eidolId: number | null;
  /** 'missing', 'unexpected', 'amount', 'debit', 'credit', 'code', 'kind', 'value_before' or 'pool_before'. */
  field: string;
  expected: string;
  booked: string;
}

/** The outcome: `unknown` when there is nothing to check (no such round, or not settled yet). */
export type BookedRoundReport =
  | { kind: 'unknown'; roundId: number }
  | {
      kind: 'checked';
      roundId: number;
      ok: boolean;
      verification: RoundVerification;
      /** The round's published hash (where a walk starts). */
      hash: string;
      /** Links from the round to its chain's terminal hash (for `--walk`); null when no listed chain holds it. */
      walkSteps: number | null;
      /** The listed chain's terminal hash, the walk's goal. */
      terminalHash: string | null;
      ledger: LedgerMismatch[];
      /** The round row's totals and each entry's XP (stored, not published) against the recomputation. */
      record: LedgerMismatch[];
      transfers: number;
      lines: string[];
    };

/** A booked transfer with its accounts' owners. */
interface BookedRow {
  id: string;
  kind: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: bigint;
  code: string;
  debit_kind: string;
  debit_owner: number;
  debit_name: string;
  debit_asset: string;
  credit_kind: string;
  credit_owner: number;
  credit_name: string;
  credit_asset: string;
}

/** An account as the recomputation names it and as the ledger stores it (`eidol <id> main ANGLS`). */
function accountText(a: SettlementAccount): string {
  return a.kind === 'eidol' ? `eidol ${a.id} main ANGLS` : `system 0 ${a.name} ANGLS`;
}

/** The legs a round books per eidol. */
const LEGS = ['bet', 'win', 'mined'] as const;

/** Ids per lookup: far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 900;

/** The eidol a round transfer id names (`round:12:7:win` → 7). */
function eidolOf(id: string): number | null {
  const n = Number(id.split(':')[2]);
  return Number.isSafeInteger(n) ? n : null;
}

/** Verifies settled round `roundId` against its detail and the ledger; never writes. */
export async function verifyBookedRound(k: Kysely<Database>, roundId: number): Promise<BookedRoundReport> {
  const detail = await loadRoundDetail(k, roundId);
  if (!detail) return { kind: 'unknown', roundId };
  const anchored = await verifyAnchored(databaseSource(k), roundId);
  const verification = anchored.verification!;

  // Every transfer the round could have booked: the three legs of each published entry (plus any the replay
  // expects), looked up by primary key in chunks, so the cost follows the round, not the ledger, and no
  // collation can bend a prefix match. A stray transfer for an eidol the round did not list is not looked for.
  const expected = new Map<string, SettlementTransfer>((verification.settlement?.transfers ?? []).map((t) => [t.id, t]));
  const ids = [
    ...new Set([...detail.entries.flatMap((e) => LEGS.map((leg) => settlementTransferId(roundId, e.eidol_id, leg))), ...expected.keys()]),
  ];
  const booked: BookedRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await k
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select([
        't.id',
        't.kind',
        't.amount',
        't.code',
        't.debit_account_id',
        't.credit_account_id',
        'd.owner_kind as debit_kind',
        'd.owner_id as debit_owner',
        'd.name as debit_name',
        'd.asset as debit_asset',
        'c.owner_kind as credit_kind',
        'c.owner_id as credit_owner',
        'c.name as credit_name',
        'c.asset as credit_asset',
      ])
      .where('t.id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    booked.push(...rows);
  }
  booked.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

  const ledger: LedgerMismatch[] = [];
  const bookedIds = new Set<string>();
  for (const row of booked) {
    bookedIds.add(row.id);
    const want = expected.get(row.id);
    const eidolId = eidolOf(row.id);
    if (!want) {
      ledger.push({ transfer: row.id, eidolId, field: 'unexpected', expected: 'no such transfer', booked: `${row.amount}` });
      continue;
    }
    const debit = `${row.debit_kind} ${row.debit_owner} ${row.debit_name} ${row.debit_asset}`;
    const credit = `${row.credit_kind} ${row.credit_owner} ${row.credit_name} ${row.credit_asset}`;
    const diffs: [string, string, string][] = [
      ['kind', 'posted', row.kind],
      ['amount', want.amount.toString(), BigInt(row.amount).toString()],
      ['debit', accountText(want.debit), debit],
      ['credit', accountText(want.credit), credit],
      ['code', want.code, row.code],
    ];
    for (const [field, e, b] of diffs) if (e !== b) ledger.push({ transfer: row.id, eidolId, field, expected: e, booked: b });
  }
  for (const [id, want] of expected) {
    if (!bookedIds.has(id))
      ledger.push({ transfer: id, eidolId: eidolOf(id), field: 'missing', expected: want.amount.toString(), booked: 'nothing' });
  }
  ledger.push(...(await snapshotAgainstLedger(k, booked, verification.settlement?.transfers[0]?.id, detail.entries, detail.pool_before)));
  const record = await recordAgainstReplay(k, roundId, verification);

  const lines = reportLines(roundId, verification, ledger, record, booked.length);
  const ok = verification.ok && ledger.length === 0 && record.length === 0;
  return {
    kind: 'checked',
    roundId,
    ok,
    verification,
    hash: detail.hash,
    walkSteps: anchored.walkSteps,
    terminalHash: anchored.chain?.terminal_hash ?? null,
    ledger,
    record,
    transfers: booked.length,
    lines,
  };
}

/** The published record read straight from the database, through the same loaders the API answers with. */
export function databaseSource(k: Kysely<Database>): FairnessSource {
  return { chains: () => loadChains(k), round: (id) => loadRoundDetail(k, id) };
}

/** The round row's stored totals and each entry's stored XP gain against the replayed settlement. */
async function recordAgainstReplay(k: Kysely<Database>, roundId: number, v: RoundVerification): Promise<LedgerMismatch[]> {
  const s = v.settlement;
  if (!s) return [];
  const row = await k.selectFrom('rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
  const t = s.totals;
  const pairs: [string, string, string][] = [
    ['participants', String(t.participants), String(row.participants)],
    ['winners', String(t.winners), String(row.winners)],
    // No fee is taken on a round's stakes any more (ECONOMY.md): the column must hold 0.
    ['round_fee', '0', row.round_fee.toString()],
    ['claims_paid', t.claimsPaid.toString(), row.claims_paid.toString()],
    ['emission_paid', t.emissionPaid.toString(), row.emission_paid.toString()],
    ['nominal_stakes', t.stakes.toString(), row.nominal_stakes.toString()],
  ];
  const out: LedgerMismatch[] = pairs
    .filter(([, e, b]) => e !== b)
    .map(([field, expected, booked]) => ({ transfer: 'rounds', eidolId: null, field, expected, booked }));
  const xp = await k.selectFrom('round_entries').select(['eidol_id', 'xp_gained']).where('round_id', '=', roundId).execute();
  const gained = new Map(s.eidols.map((e) => [e.id, e.xpGained]));
  for (const e of xp) {
    const want = gained.get(e.eidol_id);
    if (want !== undefined && want !== e.xp_gained)
      out.push({ transfer: 'round_entries', eidolId: e.eidol_id, field: 'xp_gained', expected: String(want), booked: String(e.xp_gained) });
  }
  return out;
}

/**
 * The snapshot's inputs against the ledger: each eidol's `value_before` is its account's balance before its
 * first leg of this round, and `pool_before` the mining pool's before the round's first transfer (the batch
 * books in order). Eidols without a leg (r = 0, no emission) left no trace to compare.
 */
async function snapshotAgainstLedger(
  k: Kysely<Database>,
  booked: readonly BookedRow[],
  firstTransfer: string | undefined,
  entries: readonly { eidol_id: number; value_before: string }[],
  poolBefore: string,
): Promise<LedgerMismatch[]> {
  type EntryRow = {
    owner_kind: string;
    owner_id: number;
    name: string;
    account_id: number;
    account_version: number;
    before_balance: bigint;
    transfer_id: string;
  };
  const read = (accounts: readonly number[], transfers: readonly string[]): Promise<EntryRow[]> =>
    k
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.owner_kind', 'a.owner_id', 'a.name', 'e.account_id', 'e.account_version', 'e.before_balance', 'e.transfer_id'])
      .where('e.account_id', 'in', accounts)
      .where('e.transfer_id', 'in', transfers)
      .execute();
  // Entries have no index on transfer_id: they are reached through their accounts (the primary key's first
  // column). Eidol accounts hold a few entries per round; the pool's whole history is read once, for one id.
  const rows: EntryRow[] = [];
  for (let i = 0; i < booked.length; i += CHUNK) {
    const chunk = booked.slice(i, i + CHUNK);
    const eidolAccounts = [
      ...new Set(
        chunk.flatMap((t) => [
          t.debit_kind === 'eidol' ? t.debit_account_id : null,
          t.credit_kind === 'eidol' ? t.credit_account_id : null,
        ]),
      ),
    ];
    const accounts = eidolAccounts.filter((a): a is number => a !== null);
    if (accounts.length > 0)
      rows.push(
        ...(await read(
          accounts,
          chunk.map((t) => t.id),
        )),
      );
  }
  const opening = booked.find((t) => t.id === firstTransfer);
  if (opening)
    rows.push(...(await read([opening.debit_kind === 'system' ? opening.debit_account_id : opening.credit_account_id], [opening.id])));
  rows.sort((x, y) => x.account_id - y.account_id || x.account_version - y.account_version);
  const first = new Map<string, { before: bigint; transfer: string }>();
  for (const r of rows) {
    const key = r.owner_kind === 'eidol' ? `eidol:${r.owner_id}` : `${r.owner_kind}:${r.name}`;
    if (!first.has(key)) first.set(key, { before: BigInt(r.before_balance), transfer: r.transfer_id });
  }
  const out: LedgerMismatch[] = [];
  for (const e of entries) {
    const seen = first.get(`eidol:${e.eidol_id}`);
    if (seen && seen.before.toString() !== e.value_before) {
      out.push({
        transfer: 'snapshot',
        eidolId: e.eidol_id,
        field: 'value_before',
        expected: e.value_before,
        booked: `${seen.before} before ${seen.transfer}`,
      });
    }
  }
  const pool = first.get('system:mining_pool');
  if (pool && pool.before.toString() !== poolBefore) {
    out.push({
      transfer: 'snapshot',
      eidolId: null,
      field: 'pool_before',
      expected: poolBefore,
      booked: `${pool.before} before ${pool.transfer}`,
    });
  }
  return out;
}

/** A ledger or record mismatch as one line. */
export function describeLedgerMismatch(m: LedgerMismatch): string {
  const who = m.eidolId === null ? (m.transfer === 'rounds' ? 'the round' : 'the mining pool') : `eidol ${m.eidolId}`;
  return `${m.transfer} (${who}) ${m.field}: expected ${m.expected}, booked ${m.booked}`;
}

const CHECK_TEXT = {
  chain: "chain: sha256(hash) = the previous round's own hash (or the listed chain's terminal hash)",
  threshold: 'threshold: first 52 bits of HMAC-SHA256(hash, block hash) (salt rule: HMAC-SHA256(salt, hash)) = published T',
  settlement: "settlement: every entry's zone, stake, payout, mined and value after replayed",
  pool: 'pool: mining pool after the round replayed',
  continuity: 'continuity: each value before = its value after where it last played + its movements since',
} as const;

/** The CLI's lines: the round, one line per check (with its mismatches under it), and the verdict. */
function reportLines(
  roundId: number,
  v: RoundVerification,
  ledger: readonly LedgerMismatch[],
  record: readonly LedgerMismatch[],
  transfers: number,
): string[] {
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'FAIL');
  const lines: string[] = [];
  const t = v.thresholdUnits === null ? 'unreadable' : `${thresholdDecimal(BigInt(v.thresholdUnits))} (${v.thresholdUnits}/2^52)`;
  lines.push(`round ${roundId}: ${v.entries.length} entries, T = ${t}`);
  for (const c of v.checks) {
    lines.push(`${mark(c.ok)} ${CHECK_TEXT[c.name]}`);
    for (const m of c.mismatches) lines.push(`     ${describeMismatch(m)}`);
  }
  lines.push(
    `${mark(ledger.length === 0)} ledger: ${transfers} booked transfers round:${roundId}:* = the recomputed ones, snapshot = balances before the round`,
  );
  for (const m of ledger) lines.push(`     ${describeLedgerMismatch(m)}`);
  lines.push(`${mark(record.length === 0)} record: the round's stored totals and each entry's XP = the recomputed ones`);
  for (const m of record) lines.push(`     ${describeLedgerMismatch(m)}`);
  const count = v.mismatches.length + ledger.length + record.length;
  lines.push(count === 0 ? `round ${roundId} verified` : `round ${roundId} NOT verified: ${count} mismatch${count === 1 ? '' : 'es'}`);
  return lines;
}
