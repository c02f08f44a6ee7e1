/**
 * The invariant queries behind `checkLedger`: each returns the rows that break one invariant (at most
 * LIMIT of them), in SQL that runs unchanged on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

const LIMIT = 50;

/** A named invariant and the query listing its violations, each row rendered as a message. */
export interface Invariant {
  /** Short stable name (tests and tools refer to it). */
  key: string;
  name: string;
  query: RawBuilder<Record<string, unknown>>;
  describe(row: Record<string, unknown>): string;
}

const unresolvedPending = sql`
  select * from ledger_transfers p where p.kind = 'pending'
    and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)`;

/** Every invariant of the ledger (see README.md). */
export const INVARIANTS: Invariant[] = [
  {
    key: 'sum',
    name: 'per-asset sum of balances is zero, debits pending equal credits pending',
    query: sql`select * from (
        select asset, sum(balance) as sum_balance, sum(debits_pending) as debits_pending,
          sum(credits_pending) as credits_pending from ledger_accounts group by asset) x
      where sum_balance <> 0 or debits_pending <> credits_pending limit ${LIMIT}`,
    describe: (r) =>
      `asset ${r.asset}: sum of balances ${r.sum_balance}, debits pending ${r.debits_pending} vs credits pending ${r.credits_pending}`,
  },
  {
    key: 'fold',
    name: 'each balance is the fold of its entries and its version the entry count',
    query: sql`select a.id, a.balance, a.version, coalesce(e.sum_amount, 0) as sum_amount, coalesce(e.n, 0) as n,
        coalesce(e.top_version, 0) as top_version
      from ledger_accounts a left join (select account_id, sum(amount) as sum_amount, count(*) as n,
        max(account_version) as top_version from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.sum_amount, 0) or a.version <> coalesce(e.n, 0) or a.version <> coalesce(e.top_version, 0)
      limit ${LIMIT}`,
    describe: (r) =>
      `account ${r.id}: balance ${r.balance} but entries sum to ${r.sum_amount}; version ${r.version} but ${r.n} entries (last version ${r.top_version})`,
  },
  {
    key: 'chain',
    name: 'entries form an unbroken running chain per account',
    query: sql`select * from (
        select account_id, account_version, transfer_id, before_balance, after_balance, amount,
          lag(after_balance) over (partition by account_id order by account_version) as prev_balance,
          row_number() over (partition by account_id order by account_version) as rn
        from ledger_entries) x
      where before_balance + amount <> after_balance or coalesce(prev_balance, 0) <> before_balance or rn <> account_version
      limit ${LIMIT}`,
    describe: (r) =>
      `account ${r.account_id} entry v${r.account_version} (${r.transfer_id}): before ${r.before_balance} + ${r.amount} → ${r.after_balance}, previous after ${r.prev_balance ?? 0}, position ${r.rn}`,
  },
  {
    key: 'sign',
    name: 'no forbidden negative (or positive) balance, now or in any entry',
    query: sql`select a.id, a.flags, a.balance, a.debits_pending, a.credits_pending, 'now' as at_version from ledger_accounts a
        where ((a.flags & 1) <> 0 and a.balance - a.debits_pending < 0) or ((a.flags & 2) <> 0 and a.balance + a.credits_pending > 0)
      union all
      select a.id, a.flags, e.after_balance as balance, 0 as debits_pending, 0 as credits_pending,
          cast(e.account_version as varchar(16)) as at_version
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where ((a.flags & 1) <> 0 and e.after_balance < 0) or ((a.flags & 2) <> 0 and e.after_balance > 0)
      limit ${LIMIT}`,
    describe: (r) =>
      `account ${r.id} (flags ${r.flags}) at version ${r.at_version}: balance ${r.balance}, debits pending ${r.debits_pending}, credits pending ${r.credits_pending}`,
  },
  {
    key: 'resolved-once',
    name: 'each pending transfer is resolved at most once',
    query: sql`select pending_id, count(*) as n from ledger_transfers where pending_id is not null
      group by pending_id having count(*) > 1 limit ${LIMIT}`,
    describe: (r) => `pending ${r.pending_id} resolved ${r.n} times`,
  },
  {
    key: 'resolution',
    name: 'each resolution matches its pending transfer and posts at most its amount',
    query: sql`select r.id, r.kind, r.amount, r.pending_id, p.kind as pending_kind, p.amount as pending_amount
      from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
      where (r.kind in ('post', 'void', 'expire')) <> (r.pending_id is not null)
        or (r.pending_id is not null and (p.id is null or p.kind <> 'pending' or r.amount > p.amount
          or r.debit_account_id <> p.debit_account_id or r.credit_account_id <> p.credit_account_id
          or r.asset <> p.asset or (r.kind <> 'post' and r.amount <> p.amount)))
      limit ${LIMIT}`,
    describe: (r) =>
      `${r.kind} ${r.id} of ${r.pending_id ?? '(none)'}: amount ${r.amount} against pending ${r.pending_kind ?? 'missing'} of ${r.pending_amount ?? '-'}`,
  },
  {
    key: 'pending-columns',
    name: 'pending amounts of each account equal its unresolved pending transfers',
    query: sql`select a.id, a.debits_pending, a.credits_pending, coalesce(d.sum_amount, 0) as open_debits_pending,
        coalesce(c.sum_amount, 0) as open_credits_pending
      from ledger_accounts a
      left join (select debit_account_id as account_id, sum(amount) as sum_amount from (${unresolvedPending}) u group by debit_account_id) d
        on d.account_id = a.id
      left join (select credit_account_id as account_id, sum(amount) as sum_amount from (${unresolvedPending}) u group by credit_account_id) c
        on c.account_id = a.id
      where a.debits_pending <> coalesce(d.sum_amount, 0) or a.credits_pending <> coalesce(c.sum_amount, 0)
      limit ${LIMIT}`,
    describe: (r) =>
      `account ${r.id}: debits pending ${r.debits_pending} (open ${r.open_debits_pending}), credits pending ${r.credits_pending} (open ${r.open_credits_pending})`,
  },
  {
    key: 'open-pendings',
    name: 'the open pendings list exactly the unresolved pending transfers, with their deadlines',
    query: sql`select 'missing or wrong deadline' as what, u.id from (${unresolvedPending}) u
        left join ledger_open_pendings o on o.transfer_id = u.id where o.transfer_id is null or o.expires_at <> u.expires_at
      union all
      select 'not an unresolved pending' as what, o.transfer_id as id from ledger_open_pendings o
        left join ledger_transfers p on p.id = o.transfer_id and p.kind = 'pending'
        where p.id is null or exists (select 1 from ledger_transfers r where r.pending_id = o.transfer_id)
      limit ${LIMIT}`,
    describe: (r) => `open pending ${r.id}: ${r.what}`,
  },
  {
    key: 'entries',
    name: 'each transfer has exactly its entries: two balanced ones when it moves money, none otherwise',
    query: sql`select * from (
        select t.id, t.kind, t.amount, count(e.account_id) as n,
          sum(case when e.account_id = t.debit_account_id and e.amount = -t.amount then 1 else 0 end) as debit_ok,
          sum(case when e.account_id = t.credit_account_id and e.amount = t.amount then 1 else 0 end) as credit_ok
        from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
        group by t.id, t.kind, t.amount) x
      where (kind in ('posted', 'post') and (n <> 2 or debit_ok <> 1 or credit_ok <> 1))
        or (kind not in ('posted', 'post') and n <> 0)
      limit ${LIMIT}`,
    describe: (r) => `${r.kind} ${r.id} of ${r.amount}: ${r.n} entries (debit ok ${r.debit_ok}, credit ok ${r.credit_ok})`,
  },
  {
    key: 'orphans',
    name: 'entries belong to stored transfers and accounts; transfers join stored accounts of their asset',
    query: sql`select 'entry' as what, e.transfer_id as id from ledger_entries e
        left join ledger_transfers t on t.id = e.transfer_id left join ledger_accounts a on a.id = e.account_id
        where t.id is null or a.id is null
      union all
      select 'transfer' as what, t.id from ledger_transfers t
        left join ledger_accounts d on d.id = t.debit_account_id left join ledger_accounts c on c.id = t.credit_account_id
        where d.id is null or c.id is null or d.asset <> t.asset or c.asset <> t.asset
      limit ${LIMIT}`,
    describe: (r) => `${r.what} ${r.id}: orphan (no such transfer or account) or asset mismatch`,
  },
];

/** Counts for the summary line. */
export async function ledgerCounts(k: Kysely<Database>) {
  const { rows } = await sql<{ accounts: number; transfers: number; entries: number; assets: number }>`
    select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transfers) as transfers,
      (select count(*) from ledger_entries) as entries, (select count(distinct asset) from ledger_accounts) as assets`.execute(k);
  return rows[0]!;
}
