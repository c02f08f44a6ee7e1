/**
 * What the fairness record publishes for value continuity (ECONOMY.md "What must be shown"): for each entry
 * of a round, the round its eidol last played and its account's ledger movements in between (feeds,
 * extracts, pops…), so a verifier checks value_after there + Σ movements = value_before here, link by link
 * of the account's running balance, trusting nothing else.
 *
 * A round's snapshot point in an account is found from its own legs (`round:<id>:<eidol>:<leg>`, booked right
 * after the snapshot) when it has any; an eidol without a leg (an egg at r = 0, a sit-out) is placed by time
 * (its round's booking time), and among movements stamped in that very millisecond by the balance the
 * snapshot read.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LedgerEntriesTable } from '../../db/tables/ledger';

/** One published movement of an eidol's account. */
export interface Movement {
  version: number;
  transfer_id: string;
  code: string;
  amount: string;
  before: string;
  after: string;
}

/** What an entry of the round needs to be placed: its eidol and the values its snapshot read and its booking left. */
export interface ContinuityEntry {
  eidol_id: number;
  value_before: bigint;
}

/** Per eidol: the round it last played before this one, and the movements since. */
export interface Continuity {
  previousRoundId: number | null;
  movements: Movement[];
}

/** Ids per lookup: far below both databases' bound-parameter limits. */
const CHUNK = 900;

/** A ledger entry of an eidol's account as read here, with its transfer's code. */
type AccountEntry = Pick<
  LedgerEntriesTable,
  'account_version' | 'transfer_id' | 'amount' | 'before_balance' | 'after_balance' | 'created_at'
> & { code: string };

/**
 * The version of `entries` (an account's, in version order) at round `roundId`'s snapshot (`side` 'before':
 * before its legs) or after its booking ('after'); `balance` is the value the round recorded there.
 */
function versionAt(
  entries: readonly AccountEntry[],
  eidolId: number,
  roundId: number,
  settledAt: number,
  balance: bigint,
  side: 'before' | 'after',
): number {
  const prefix = `round:${roundId}:${eidolId}:`;
  const legs = entries.filter((e) => e.transfer_id.startsWith(prefix)).map((e) => e.account_version);
  if (legs.length > 0) return side === 'before' ? Math.min(...legs) - 1 : Math.max(...legs);
  let strictlyBefore = 0,
    atOrBefore = 0;
  for (const e of entries) {
    if (e.created_at < settledAt) strictlyBefore = e.account_version;
    if (e.created_at <= settledAt) atOrBefore = e.account_version;
  }
  // Movements of the booking's own millisecond may lie either side of it: the balance the round read decides.
  for (let v = strictlyBefore; v <= atOrBefore; v++) {
    const at = v === 0 ? 0n : entries.find((e) => e.account_version === v)?.after_balance;
    if (at === balance) return v;
  }
  return strictlyBefore;
}

/** The continuity of every entry of settled round `roundId` (booked at `settledAt`). */
export async function loadContinuity(
  k: Kysely<Database>,
  roundId: number,
  settledAt: number,
  entries: readonly ContinuityEntry[],
): Promise<Map<number, Continuity>> {
  const out = new Map<number, Continuity>();
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    const ids = chunk.map((e) => e.eidol_id);
    const previous = await k
      .selectFrom('round_entries as e')
      .innerJoin('rounds as r', 'r.id', 'e.round_id')
      .select(['e.eidol_id', 'e.round_id', 'e.value_after', 'r.settled_at'])
      .where('e.eidol_id', 'in', ids)
      .where('e.round_id', '=', (eb) =>
        eb
          .selectFrom('round_entries as p')
          .select((p) => p.fn.max('p.round_id').as('m'))
          .whereRef('p.eidol_id', '=', 'e.eidol_id')
          .where('p.round_id', '<', roundId),
      )
      .execute();
    const prevOf = new Map(previous.map((p) => [p.eidol_id, p]));
    const accounts = await k
      .selectFrom('ledger_accounts')
      .select(['id', 'owner_id'])
      .where('owner_kind', '=', 'eidol')
      .where('name', '=', 'main')
      .where('asset', '=', 'ANGLS')
      .where('owner_id', 'in', ids)
      .execute();
    const accountOf = new Map(accounts.map((a) => [a.owner_id, a.id]));
    // Only what can lie between the oldest previous booking of the chunk and this round's booking is read.
    const from = chunk.some((e) => !prevOf.has(e.eidol_id)) ? 0 : Math.min(...previous.map((p) => p.settled_at ?? 0));
    const rows =
      accounts.length === 0
        ? []
        : await k
            .selectFrom('ledger_entries as le')
            .innerJoin('ledger_transfers as t', 't.id', 'le.transfer_id')
            .select([
              'le.account_id',
              'le.account_version',
              'le.transfer_id',
              'le.amount',
              'le.before_balance',
              'le.after_balance',
              'le.created_at',
              't.code',
            ])
            .where(
              'le.account_id',
              'in',
              accounts.map((a) => a.id),
            )
            .where('le.created_at', '>=', from)
            .where('le.created_at', '<=', settledAt)
            .orderBy('le.account_id')
            .orderBy('le.account_version')
            .execute();
    const byAccount = new Map<number, AccountEntry[]>();
    for (const r of rows) {
      const list = byAccount.get(r.account_id) ?? [];
      list.push({ ...r, amount: BigInt(r.amount), before_balance: BigInt(r.before_balance), after_balance: BigInt(r.after_balance) });
      byAccount.set(r.account_id, list);
    }
    for (const e of chunk) {
      const prev = prevOf.get(e.eidol_id);
      const account = accountOf.get(e.eidol_id);
      const list = account === undefined ? [] : (byAccount.get(account) ?? []);
      const start = prev ? versionAt(list, e.eidol_id, prev.round_id, prev.settled_at ?? 0, BigInt(prev.value_after), 'after') : 0;
      const end = versionAt(list, e.eidol_id, roundId, settledAt, e.value_before, 'before');
      out.set(e.eidol_id, {
        previousRoundId: prev?.round_id ?? null,
        movements: list
          .filter((m) => m.account_version > start && m.account_version <= end)
          .map((m) => ({
            version: m.account_version,
            transfer_id: m.transfer_id,
            code: m.code,
            amount: m.amount.toString(),
            before: m.before_balance.toString(),
            after: m.after_balance.toString(),
          })),
      });
    }
  }
  return out;
}
