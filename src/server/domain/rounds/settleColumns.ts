/**
 * The shared settlement (`settleRound`, ECONOMY.md "The round") computed over the snapshot's columns, for
 * the booking: the same integer arithmetic through the same helpers, the same order (ascending id), the
 * same emission shares to the unit, with results in typed arrays instead of an object per eidol, per
 * transfer and per amount. `settleRound` stays the rule: the fairness page, the verifier and the simulator
 * run it, and tests settle random snapshots both ways and compare every eidol, transfer and balance.
 */
import { assertEconomyConfig, MAX_INCENSE_SLOTS, PPM, type EconomyConfig } from '../../../shared/rules/round/economyConfig';
import { addXp, ectoplasmRoundXp, roundXp } from '../../../shared/rules/round/eidolProgress';
import { claimOfStake, stakeAndClaim } from '../../../shared/rules/round/capacity';
import { parseRisk, riskAtMostThreshold, THRESHOLD_BITS, THRESHOLD_SCALE, type Risk } from '../../../shared/rules/round/risk';
import { MAX_YIELDY } from '../../../shared/rules/round/settlement';
import type { RoundTotals } from '../../../shared/rules/round/settlementTypes';
import { ECTOPLASM, EGG, type SnapshotColumns } from './snapshotColumns';
import { sortedInRuns } from '../../sortInRuns';

/** Zone codes: a winner (r ≤ T), a loser, or no part (r = 0, an eggtoplasm, an eidol that sat out). */
export const BOT = 1,
  TOP = 0,
  NO_ZONE = -1;

/** Each eidol's result, row-aligned with the snapshot's columns. */
export interface SettledColumns {
  zone: Int8Array;
  /** S, the `bet` leg (0 without part). */
  stake: BigInt64Array;
  /** G, paid to winners on top of S. */
  claim: BigInt64Array;
  /** The `win` leg: S + G for winners, else 0. */
  payout: BigInt64Array;
  /** The `mined` leg: the emission share. */
  share: BigInt64Array;
  xpGained: Int32Array;
  xp: Float64Array;
  level: Int32Array;
  /** TYPE_NAMES code after the round. */
  type: Uint8Array;
  hatched: Uint8Array;
  totals: RoundTotals;
  /** Every participant's owner once, ascending, and the XP their eidols gained (aligned). */
  owners: Float64Array;
  ownerXp: Float64Array;
}

/** What settling needs besides the snapshot (as `SettlementInput`). */
export interface ColumnsInput {
  roundId: number;
  thresholdUnits: bigint;
  poolBefore: bigint;
  incenseSlots: number;
  config: EconomyConfig;
}

/** Settles the snapshot's columns, pausing every few thousand eidols; throws where `settleRound` throws. */
export async function settleColumns(s: SnapshotColumns, input: ColumnsInput, pause: () => Promise<void>): Promise<SettledColumns> {
  const { config, poolBefore, roundId, thresholdUnits, incenseSlots } = input;
  assertInput(input);
  const n = s.n;
  const risks: Risk[] = s.risks.map((text) => parseRisk(text));
  const zone = new Int8Array(n).fill(NO_ZONE);
  const stake = new BigInt64Array(n),
    claim = new BigInt64Array(n),
    payout = new BigInt64Array(n),
    share = new BigInt64Array(n);

  let stakes = 0n,
    losersStakes = 0n,
    claimsPaid = 0n,
    weights = 0n;
  let participants = 0,
    winners = 0,
    satOut = 0;
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 4095) await pause();
    assertRow(s, i);
    if (s.satOut[i] === 1) satOut += 1;
    const risk = risks[s.risk[i]!]!;
    if (risk.units === 0n || s.type[i] === ECTOPLASM || s.satOut[i] === 1) continue;
    const full = stakeAndClaim(risk, s.value[i]!).stake;
    const reserved = s.reservedStake[i]!;
    const S = s.reserved[i] === 1 && reserved < full ? reserved : full;
    const wins = riskAtMostThreshold(risk, thresholdUnits);
    stake[i] = S;
    participants += 1;
    stakes += S;
    weights += S * BigInt(100 + s.yieldy[i]!);
    if (wins) {
      const G = claimOfStake(risk, S);
      zone[i] = BOT;
      claim[i] = G;
      payout[i] = S + G;
      winners += 1;
      claimsPaid += G;
    } else {
      zone[i] = TOP;
      losersStakes += S;
    }
  }

  const poolAfterSettling = poolBefore + losersStakes - claimsPaid;
  if (poolAfterSettling < 0n)
    throw new Error(`round ${roundId}: claims ${claimsPaid} exceed the pool ${poolBefore} plus the losers' stakes ${losersStakes}`);
  let emission = 0n;
  if (weights > 0n) {
    const base = min(
      min(config.emissionCapUnits, (poolAfterSettling * config.emissionRatePpm) / PPM),
      (stakes * config.emissionPerStakePpm) / PPM,
    );
    emission = min(base << BigInt(incenseSlots), poolAfterSettling);
  }
  await emissionShares(s, stake, share, emission, weights, pause);

  const xpGained = new Int32Array(n),
    level = new Int32Array(n),
    type = new Uint8Array(n),
    hatched = new Uint8Array(n);
  const xp = new Float64Array(n);
  let emissionPaid = 0n;
  for (let i = 0; i < n; i++) {
    emissionPaid += share[i]!;
    const t = s.type[i]!;
    if (t === ECTOPLASM) {
      // An eggtoplasm fills its XP bar and stays one (no level-up, no hatching).
      const gained = ectoplasmRoundXp(s.xp[i]!, s.level[i]!, config);
      xpGained[i] = gained;
      xp[i] = s.xp[i]! + gained;
      level[i] = s.level[i]!;
      type[i] = t;
    } else {
      const name = t === EGG ? 'egg' : 'eidol';
      const gained = roundXp(name, zone[i] === NO_ZONE ? 'none' : zone[i] === BOT ? 'win' : 'loss', config);
      const p = addXp({ xp: s.xp[i]!, level: s.level[i]!, type: name }, gained, config);
      xpGained[i] = gained;
      xp[i] = p.xp;
      level[i] = p.level;
      type[i] = p.type === 'egg' ? EGG : 1;
      hatched[i] = t === EGG && p.type === 'eidol' ? 1 : 0;
    }
    if ((i & 4095) === 4095) await pause();
  }
  const { owners, ownerXp } = await ownersXp(s, xpGained, pause);
  return {
    zone,
    stake,
    claim,
    payout,
    share,
    xpGained,
    xp,
    level,
    type,
    hatched,
    owners,
    ownerXp,
    totals: {
      participants,
      winners,
      losers: participants - winners,
      satOut,
      stakes,
      losersStakes,
      claimsPaid,
      poolAfterSettling,
      emission,
      emissionPaid,
      poolBefore,
      poolAfter: poolAfterSettling - emissionPaid,
    },
  };
}

/**
 * `settleRound`'s emission shares into `share`: ⌊E × w / Σw⌋, then one unit each to the largest remainders
 * (ties: ascending id) until Σ = E, ranked by the same 52-bit float key and, at the cut-off key only, exactly.
 * A remainder is recomputed where it is needed instead of kept per eidol.
 */
async function emissionShares(
  s: SnapshotColumns,
  stake: BigInt64Array,
  share: BigInt64Array,
  emission: bigint,
  weights: bigint,
  pause: () => Promise<void>,
): Promise<void> {
  if (emission === 0n || weights === 0n) return;
  const n = s.n;
  const keys = new Float64Array(n);
  const weight = (i: number) => stake[i]! * BigInt(100 + s.yieldy[i]!);
  let left = emission;
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 4095) await pause();
    const w = weight(i);
    if (w === 0n) continue;
    const product = emission * w;
    const q = product / weights;
    share[i] = q;
    left -= q;
    keys[i] = Number(((product - q * weights) << THRESHOLD_BITS) / weights);
  }
  if (left === 0n) return;
  const sorted = await sortedInRuns(keys, pause);
  const cut = sorted[sorted.length - Number(left)]!;
  const tied: number[] = [];
  for (let i = 0; i < n; i++) {
    if (keys[i]! > cut) {
      share[i]! += 1n;
      left -= 1n;
    } else if (keys[i] === cut) tied.push(i);
    if ((i & 8191) === 8191) await pause();
  }
  const rems = tied.map((i) => emission * weight(i) - share[i]! * weights);
  const order = tied.map((_, j) => j);
  // Larger remainder first; equal remainders keep ascending id (tied is in ascending index).
  order.sort((a, b) => (rems[a]! > rems[b]! ? -1 : rems[a]! < rems[b]! ? 1 : a - b));
  for (let j = 0; j < Number(left); j++) share[tied[order[j]!]!]! += 1n;
}

/** Each participant's owner once, ascending, with the XP their eidols gained: sorted in runs, then summed by binary search. */
async function ownersXp(
  s: SnapshotColumns,
  xpGained: Int32Array,
  pause: () => Promise<void>,
): Promise<{ owners: Float64Array; ownerXp: Float64Array }> {
  const sorted = await sortedInRuns(s.owner, pause);
  let u = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[u++] = sorted[i]!;
  const owners = sorted.slice(0, u);
  const ownerXp = new Float64Array(u);
  for (let i = 0; i < s.n; i++) {
    if ((i & 8191) === 8191) await pause();
    if (xpGained[i] === 0) continue;
    const o = s.owner[i]!;
    let lo = 0,
      hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (owners[mid]! < o) lo = mid + 1;
      else hi = mid;
    }
    ownerXp[lo]! += xpGained[i]!;
  }
  return { owners, ownerXp };
}

function assertInput(input: ColumnsInput): void {
  assertEconomyConfig(input.config);
  if (!Number.isSafeInteger(input.roundId) || input.roundId < 0) throw new Error(`bad round id ${input.roundId}`);
  if (input.thresholdUnits < 0n || input.thresholdUnits >= THRESHOLD_SCALE) throw new Error('thresholdUnits outside [0, 2^52)');
  if (input.poolBefore < 0n) throw new Error('mining pool balance is negative');
  if (!Number.isInteger(input.incenseSlots) || input.incenseSlots < 0 || input.incenseSlots > MAX_INCENSE_SLOTS) {
    throw new Error(`incense slots ${input.incenseSlots} outside 0..${MAX_INCENSE_SLOTS}`);
  }
}

/** `settleRound`'s checks of one eidol, plus ascending unique ids (the snapshot is read in id order). */
function assertRow(s: SnapshotColumns, i: number): void {
  const id = s.id[i]!;
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`bad eidol id ${id}`);
  if (i > 0 && id <= s.id[i - 1]!) throw new Error(`eidol ${id} out of ascending order or listed twice`);
  if (s.value[i]! < 0n) throw new Error(`eidol ${id}: negative value`);
  if (s.reserved[i] === 1 && s.reservedStake[i]! < 0n) throw new Error(`eidol ${id}: negative reserved stake`);
  if (s.yieldy[i]! > MAX_YIELDY) throw new Error(`eidol ${id}: yieldy ${s.yieldy[i]} outside 0..${MAX_YIELDY}`);
  if (!Number.isSafeInteger(s.xp[i]!) || s.xp[i]! < 0 || s.level[i]! < 0) throw new Error(`eidol ${id}: bad xp/level`);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
