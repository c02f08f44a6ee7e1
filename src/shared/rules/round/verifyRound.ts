/**
 * Recomputes a published round (`GET /api/fairness/rounds/{id}`) from its data and the rules: the chain
 * link, the threshold (from hash and block hash, or hash and salt under the salt rule), and `settleRound`
 * replayed on the entries' snapshot. Given an anchor (the previous round's hash read from THAT round's own
 * record, or the chain's terminal hash, and the rule the chains listing gives), the link and the rule are
 * the anchor's; without one they come from the same response, which proves only that the response is
 * consistent with itself — `fairnessAnchored.ts` builds the anchor, and the `/fairness` page and
 * `npm run verify` use that. Pure: it trusts no published result and never throws on malformed input (a
 * field it cannot read is itself a mismatch).
 */
import type { FairRoundDetail } from '../../api/game';
import {
  blockThresholdUnits,
  isBlockHash,
  isRoundHash,
  nextChainHash,
  thresholdDecimal,
  thresholdUnits,
  type RoundHash,
} from '../fairness';
import { ECONOMY_CONFIG, type EconomyConfig } from './economyConfig';
import { settleRound } from './settlement';
import type { Settlement, SnapshotEidol } from './settlementTypes';

/** How T is keyed: by the block after the lock, or (rounds before the block rule) by the chain's salt. */
export type ThresholdRule = 'block' | 'salt';

/** What the round is checked against, from outside its own response. */
export interface RoundAnchor {
  /** The previous round's hash as its own record publishes it, or the chain's terminal hash for a first round. */
  previousHash: RoundHash;
  /** The rule the chains listing gives this round. */
  rule: ThresholdRule;
}

/** One published value that differs from the recomputation. */
export interface VerifyMismatch {
  /** The published field: 'hash', 'threshold_units', 'threshold', 'pool_after', or an entry's 'zone', 'stake', 'payout', 'mined', 'value_after'. */
  field: string;
  /** The entry's eidol, or null for a round-wide field. */
  eidolId: number | null;
  /** What the rules give (or what a readable field must look like). */
  expected: string;
  published: string;
}

/** The checks of a round, in the order they are shown. */
export type VerifyCheckName = 'chain' | 'threshold' | 'settlement' | 'pool' | 'continuity';

/** One check's verdict; `mismatches` are the ones found at its place. */
export interface VerifyCheck {
  name: VerifyCheckName;
  ok: boolean;
  mismatches: VerifyMismatch[];
}

/** One entry as published next to its recomputation (money as ANGLS-unit integer strings). */
export interface VerifiedEntry {
  eidolId: number;
  risk: string;
  ok: boolean;
  published: EntryResult;
  /** Null when the snapshot could not be replayed at all. */
  expected: EntryResult | null;
}

/** The result fields of one entry that the replay recomputes. */
export interface EntryResult {
  zone: 'bot' | 'top' | null;
  stake: string;
  payout: string;
  mined: string;
  value_after: string;
}

/** The whole report: `ok` only when every check holds. */
export interface RoundVerification {
  roundId: number;
  ok: boolean;
  /** T's numerator over 2^52 recomputed from hash and salt (null when the hash or salt is unreadable). */
  thresholdUnits: string | null;
  checks: VerifyCheck[];
  /** Every mismatch of every check, in check order. */
  mismatches: VerifyMismatch[];
  entries: VerifiedEntry[];
  /** The replayed settlement (its transfers are what the ledger must have booked); null if it could not run. */
  settlement: Settlement | null;
}

const INTEGER = /^(0|[1-9]\d*)$/;

/** Recomputes round `detail` under `config` (the production constants unless a test passes others). */
export function verifyRound(detail: FairRoundDetail, config: EconomyConfig = ECONOMY_CONFIG, anchor?: RoundAnchor): RoundVerification {
  const round = (field: string, expected: string, published: string): VerifyMismatch => ({ field, eidolId: null, expected, published });

  // 1. The chain: sha256 of the revealed hash's raw bytes is the previous round's hash (or the terminal hash).
  const chain: VerifyMismatch[] = [];
  const previous = anchor ? anchor.previousHash : detail.previous_hash;
  const previousText = anchor ? `previous round's own hash ${previous}` : `previous_hash ${previous}`;
  if (!isRoundHash(detail.hash)) chain.push(round('hash', '64 lowercase hex digits', detail.hash));
  else if (!isRoundHash(previous) || nextChainHash(detail.hash) !== previous) {
    chain.push(round('hash', `sha256(hash) = ${nextChainHash(detail.hash)}`, previousText));
  }

  // 2. The threshold: first 52 bits of HMAC-SHA256(hash, block hash) — or (salt, hash) under the salt rule — recomputed.
  const threshold: VerifyMismatch[] = [];
  let units: bigint | null = null;
  const rule: ThresholdRule = anchor ? anchor.rule : detail.block_hash === null || detail.block_hash === undefined ? 'salt' : 'block';
  if (rule === 'block') {
    if (isRoundHash(detail.hash) && isBlockHash(detail.block_hash)) units = blockThresholdUnits(detail.hash, detail.block_hash);
    else
      threshold.push(
        round(
          'block_hash',
          'HMAC-SHA256(hash, block hash): needs a round hash and a block hash (0x + 64 lowercase hex)',
          String(detail.block_hash),
        ),
      );
  } else if (isRoundHash(detail.hash) && typeof detail.salt === 'string' && detail.salt.length > 0) {
    units = thresholdUnits(detail.hash, detail.salt);
  } else {
    threshold.push(round('threshold_units', 'HMAC-SHA256(salt, hash): needs a round hash and a non-empty salt', detail.threshold_units));
  }
  if (units !== null) {
    if (detail.threshold_units !== units.toString()) threshold.push(round('threshold_units', units.toString(), detail.threshold_units));
    const decimal = thresholdDecimal(units);
    if (detail.threshold !== decimal) threshold.push(round('threshold', decimal, detail.threshold));
  }

  // 3. The settlement replayed on the published snapshot with the recomputed threshold.
  const settlementMismatches: VerifyMismatch[] = [];
  const pool: VerifyMismatch[] = [];
  let settlement: Settlement | null = null;
  const snapshot = readSnapshot(detail, settlementMismatches);
  const poolBefore = readUnits(detail.pool_before);
  if (poolBefore === null) settlementMismatches.push(round('pool_before', 'an integer of ANGLS units', detail.pool_before));
  if (units !== null && snapshot !== null && poolBefore !== null) {
    try {
      settlement = settleRound({
        roundId: detail.id,
        thresholdUnits: units,
        eidols: snapshot,
        poolBefore,
        incenseSlots: detail.incense_slots,
        config,
      });
    } catch (err) {
      settlementMismatches.push(round('entries', 'a snapshot settlement accepts', err instanceof Error ? err.message : String(err)));
    }
  }

  const byId = new Map(settlement?.eidols.map((e) => [e.id, e]));
  const entries: VerifiedEntry[] = detail.entries.map((entry) => {
    const published: EntryResult = {
      zone: entry.zone,
      stake: entry.stake,
      payout: entry.payout,
      mined: entry.mined,
      value_after: entry.value_after,
    };
    const s = byId.get(entry.eidol_id);
    const expected: EntryResult | null = s
      ? {
          zone: s.zone,
          stake: (-s.bet).toString(),
          payout: s.payout.toString(),
          mined: s.emission.toString(),
          value_after: s.value.toString(),
        }
      : null;
    let ok = expected !== null;
    if (expected) {
      for (const field of ['zone', 'stake', 'payout', 'mined', 'value_after'] as const) {
        if (expected[field] !== published[field]) {
          ok = false;
          settlementMismatches.push({
            field,
            eidolId: entry.eidol_id,
            expected: String(expected[field]),
            published: String(published[field]),
          });
        }
      }
    }
    return { eidolId: entry.eidol_id, risk: entry.risk, ok, published, expected };
  });

  if (settlement) {
    const after = settlement.totals.poolAfter.toString();
    if (detail.pool_after !== after) pool.push(round('pool_after', after, detail.pool_after));
  } else {
    pool.push(round('pool_after', 'a replayed settlement', detail.pool_after));
  }

  const checks: VerifyCheck[] = [
    { name: 'chain', ok: chain.length === 0, mismatches: chain },
    { name: 'threshold', ok: threshold.length === 0, mismatches: threshold },
    { name: 'settlement', ok: settlementMismatches.length === 0 && settlement !== null, mismatches: settlementMismatches },
    { name: 'pool', ok: pool.length === 0, mismatches: pool },
  ];
  return {
    roundId: detail.id,
    ok: checks.every((c) => c.ok),
    thresholdUnits: units === null ? null : units.toString(),
    checks,
    mismatches: checks.flatMap((c) => c.mismatches),
    entries,
    settlement,
  };
}

/** A published integer of units, or null when it is not one (no sign, exponent or fraction). */
function readUnits(text: string): bigint | null {
  return typeof text === 'string' && INTEGER.test(text) ? BigInt(text) : null;
}

/** The settlement's snapshot from the published entries; unreadable fields become mismatches (and null). */
function readSnapshot(detail: FairRoundDetail, out: VerifyMismatch[]): SnapshotEidol[] | null {
  const snapshot: SnapshotEidol[] = [];
  let readable = true;
  for (const e of detail.entries) {
    const money = {
      value_before: readUnits(e.value_before),
      top_value_before: readUnits(e.top_value_before),
      no_loss_value: readUnits(e.no_loss_value),
    };
    for (const [field, v] of Object.entries(money)) {
      if (v === null) {
        readable = false;
        out.push({ field, eidolId: e.eidol_id, expected: 'an integer of ANGLS units', published: String(e[field as keyof typeof money]) });
      }
    }
    // reserved_stake and sat_out came with the capacity rule: a record without them had neither.
    const reserved = e.reserved_stake === null || e.reserved_stake === undefined ? undefined : readUnits(e.reserved_stake);
    if (reserved === null) {
      readable = false;
      out.push({
        field: 'reserved_stake',
        eidolId: e.eidol_id,
        expected: 'an integer of ANGLS units or null',
        published: String(e.reserved_stake),
      });
    }
    if (money.value_before === null || money.top_value_before === null || money.no_loss_value === null || reserved === null) continue;
    // The owner is not published and does not change any eidol's result (only the per-owner XP sums).
    snapshot.push({
      id: e.eidol_id,
      owner: 0,
      value: money.value_before,
      risk: e.risk,
      yieldy: e.yieldy,
      type: e.type,
      xp: e.xp,
      level: e.level,
      topValue: money.top_value_before,
      noLossValue: money.no_loss_value,
      ...(reserved === undefined ? {} : { reservedStake: reserved }),
      ...(e.sat_out === true ? { satOut: true } : {}),
    });
  }
  return readable ? snapshot : null;
}

/** A mismatch as one line: `payout of eidol 12: expected 150, published 151`. */
export function describeMismatch(m: VerifyMismatch): string {
  const where = m.eidolId === null ? m.field : `${m.field} of eidol ${m.eidolId}`;
  return `${where}: expected ${m.expected}, published ${m.published}`;
}
