/**
 * A settled round recomputed from what `GET /api/fairness/rounds/{id}` publishes, from the docs alone
 * (src/shared/rules/round/README.md's table, docs/economy.md's constants, fairness.ts's procedure).
 */
import { check, first52, hmacHex, raw, sha, units, type Check } from './bytes';

/** docs/economy.md's table, in ANGLS units and parts per million. */
export const CONSTANTS = { ppm: 1_000_000n, emissionRatePpm: 100n, emissionPerStakePpm: 1_000n, capUnits: 10_000n * 10n ** 8n };

/** A round entry as published (only the fields the recomputation reads). */
export interface PublishedEntry {
  eidol_id: number;
  risk: string;
  yieldy: number;
  type: string;
  value_before: string;
  zone: 'top' | 'bot' | null;
  stake: string;
  payout: string;
  mined: string;
  value_after: string;
  reserved_stake: string | null;
  sat_out: boolean;
  previous_round_id: number | null;
  movements: Array<{ version: number; amount: string; before: string; after: string }>;
}

/** A round's record as published. */
export interface PublishedRound {
  id: number;
  chain_id: number;
  hash: string;
  block_hash: string | null;
  threshold_units: string;
  incense_slots: number;
  pool_before: string;
  pool_after: string;
  entries: PublishedEntry[];
}

/** A chain as `GET /api/fairness` lists it. */
export interface PublishedChain {
  id: number;
  terminal_hash: string;
  salt: string;
  block_rule_from: number | null;
  first_round_id: number;
  length: number;
}

/** What the recomputation found for one entry. */
export interface Recomputed {
  id: number;
  zone: 'top' | 'bot' | null;
  stake: bigint;
  payout: bigint;
  mined: bigint;
  valueAfter: bigint;
}

const TWO52 = 1n << 52n;

/** r = p / q from the published decimal ("0", "0.3", up to 12 decimals). */
function riskOf(text: string): { p: bigint; q: bigint } {
  const m = /^0(?:\.(\d{1,12}))?$/.exec(text);
  if (!m) throw new Error(`risk "${text}" is not a decimal in [0, 1)`);
  const frac = m[1] ?? '';
  return { p: frac ? BigInt(frac) : 0n, q: 10n ** BigInt(frac.length) };
}

/** T's 52-bit units under the chain's rule: the block rule from block_rule_from on, the salt rule before it. */
export function thresholdOf(round: Pick<PublishedRound, 'id' | 'hash' | 'block_hash'>, chain: PublishedChain): bigint {
  const blockRule = chain.block_rule_from !== null && round.id >= chain.block_rule_from;
  if (blockRule) {
    if (!round.block_hash) throw new Error(`round ${round.id} is under the block rule but publishes no block hash`);
    return first52(hmacHex(raw(round.hash), raw(round.block_hash)));
  }
  return first52(hmacHex(Buffer.from(chain.salt, 'utf8'), raw(round.hash)));
}

/** The settlement of the published snapshot with T = u / 2^52: every entry's zone, S, payout, share, value after; the pool after. */
export function recompute(round: PublishedRound, u: bigint): { entries: Recomputed[]; poolAfter: bigint } {
  const sorted = [...round.entries].sort((a, b) => a.eidol_id - b.eidol_id);
  let poolAfterSettling = units(round.pool_before);
  let stakes = 0n,
    weights = 0n;
  const rows = sorted.map((e) => {
    const { p, q } = riskOf(e.risk);
    const value = units(e.value_before);
    if (p === 0n || e.type === 'ectoplasm' || e.sat_out) return { e, value, zone: null, stake: 0n, claim: 0n, weight: 0n };
    const full = (p * value) / q;
    const stake = e.reserved_stake !== null && units(e.reserved_stake) < full ? units(e.reserved_stake) : full;
    const zone: 'top' | 'bot' = p * TWO52 <= u * q ? 'bot' : 'top';
    const claim = zone === 'bot' ? (stake * p) / (q - p) : 0n;
    const weight = stake * BigInt(100 + e.yieldy);
    stakes += stake;
    weights += weight;
    poolAfterSettling += zone === 'top' ? stake : -claim;
    return { e, value, zone, stake, claim, weight };
  });
  let emission = 0n;
  if (weights > 0n) {
    const { ppm, emissionRatePpm, emissionPerStakePpm, capUnits } = CONSTANTS;
    let base = capUnits;
    if ((poolAfterSettling * emissionRatePpm) / ppm < base) base = (poolAfterSettling * emissionRatePpm) / ppm;
    if ((stakes * emissionPerStakePpm) / ppm < base) base = (stakes * emissionPerStakePpm) / ppm;
    emission = base << BigInt(round.incense_slots);
    if (emission > poolAfterSettling) emission = poolAfterSettling;
  }
  // ⌊E × w / Σw⌋, then one unit each to the largest remainders E × w mod Σw, ties by ascending id.
  const shares = rows.map((r) => (weights > 0n ? (emission * r.weight) / weights : 0n));
  let left = emission - shares.reduce((a, b) => a + b, 0n);
  const order = rows
    .map((r, i) => ({ i, rem: weights > 0n ? (emission * r.weight) % weights : 0n }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  const entries = rows.map((r, i) => {
    const payout = r.zone === 'bot' ? r.stake + r.claim : 0n;
    return {
      id: r.e.eidol_id,
      zone: r.zone,
      stake: r.stake,
      payout,
      mined: shares[i]!,
      valueAfter: r.value - r.stake + payout + shares[i]!,
    };
  });
  return { entries, poolAfter: poolAfterSettling - shares.reduce((a, b) => a + b, 0n) };
}

/**
 * Every check of one round. `previousHash` is the previous round's hash read from that round's OWN record
 * (or the chain's terminal hash for its first round), never the previous_hash beside this round.
 * `previousValues` maps a round id to its entries' value_after by eidol, for the continuity check.
 */
export function checkRound(
  round: PublishedRound,
  chain: PublishedChain,
  previousHash: string,
  previousValues: Map<number, Map<number, string>>,
): Check[] {
  const out: Check[] = [];
  out.push(
    check(`round ${round.id}: chain link`, () =>
      round.chain_id === chain.id && round.id >= chain.first_round_id && round.id < chain.first_round_id + chain.length
        ? sha(raw(round.hash)).toString('hex') === previousHash.replace(/^0x/, '') || `sha256(hash) is not ${previousHash}`
        : `round ${round.id} is not a position of chain ${chain.id}`,
    ),
  );
  let u = -1n;
  out.push(
    check(`round ${round.id}: T`, () => {
      u = thresholdOf(round, chain);
      return u.toString() === round.threshold_units || `recomputed ${u}, published ${round.threshold_units}`;
    }),
  );
  out.push(
    check(`round ${round.id}: settlement`, () => {
      if (u < 0n) return 'no T to settle with';
      const r = recompute(round, u);
      const bad: string[] = [];
      const byId = new Map(round.entries.map((e) => [e.eidol_id, e]));
      for (const x of r.entries) {
        const e = byId.get(x.id)!;
        const want = [x.zone, x.stake.toString(), x.payout.toString(), x.mined.toString(), x.valueAfter.toString()];
        const got = [e.zone, e.stake, e.payout, e.mined, e.value_after];
        const names = ['zone', 'stake', 'payout', 'mined', 'value_after'];
        names.forEach((n, i) => {
          if (want[i] !== got[i]) bad.push(`eidol ${x.id} ${n}: recomputed ${want[i]}, published ${got[i]}`);
        });
      }
      if (r.poolAfter.toString() !== round.pool_after) bad.push(`pool after: recomputed ${r.poolAfter}, published ${round.pool_after}`);
      return bad.length === 0 || bad.join('; ');
    }),
  );
  out.push(
    check(`round ${round.id}: continuity`, () => {
      const bad: string[] = [];
      for (const e of round.entries) {
        let value = '0';
        if (e.previous_round_id !== null) {
          const v = previousValues.get(e.previous_round_id)?.get(e.eidol_id);
          if (v === undefined) {
            bad.push(`eidol ${e.eidol_id}: round ${e.previous_round_id} has no entry of it`);
            continue;
          }
          value = v;
        }
        let version: number | null = null;
        for (const m of e.movements) {
          if (m.before !== value || (units(m.before) + BigInt(m.amount)).toString() !== m.after)
            bad.push(`eidol ${e.eidol_id}: movement ${m.version} does not follow`);
          if (version !== null && m.version !== version + 1) bad.push(`eidol ${e.eidol_id}: version ${m.version} after ${version}`);
          version = m.version;
          value = m.after;
        }
        if (value !== e.value_before) bad.push(`eidol ${e.eidol_id}: value before ${e.value_before}, carried ${value}`);
      }
      return bad.length === 0 || bad.join('; ');
    }),
  );
  return out;
}
