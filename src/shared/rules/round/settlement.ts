/**
 * Round settlement (ECONOMY.md "The round"): a pure, deterministic function from the round's snapshot to
 * each eidol's result and the balanced ledger transfers that book it. Integer arithmetic decides every amount;
 * the eidols are settled in ascending id whatever order the snapshot lists them in, so a replay yields the
 * same transfers byte for byte. It imports nothing from the server, so the fairness page can run it too.
 * The capacity rule: claims were reserved against the round's capacity before the lock, so every winner is
 * paid S + G in full and no fee is taken. An eggtoplasm, or an eidol that sat out, takes part for its XP only.
 */
import { assertEconomyConfig, MAX_INCENSE_SLOTS, PPM } from './economyConfig';
import { addXp, ectoplasmRoundXp, roundXp } from './eidolProgress';
import { claimOfStake, stakeAndClaim } from './capacity';
import { assertRisk, parseRisk, riskAtMostThreshold, THRESHOLD_BITS, THRESHOLD_SCALE } from './risk';
import type {
  EidolSettlement,
  OwnerXp,
  Settlement,
  SettlementAccount,
  SettlementInput,
  SettlementLeg,
  SettlementTransfer,
  SnapshotEidol,
} from './settlementTypes';

/** Most Yieldy, whole percent. */
export const MAX_YIELDY = 10;

const POOL: SettlementAccount = { kind: 'system', name: 'mining_pool' };

/** One eidol's part in the round: its zone, stake S, claim G (winners) and emission weight S × (100 + Yieldy). */
interface Staked {
  eidol: SnapshotEidol;
  zone: 'bot' | 'top' | null;
  stake: bigint;
  claim: bigint;
  weight: bigint;
}

/** Eidols between two pauses of `settleRoundSliced` (one slice takes a few milliseconds). */
const SLICE_EIDOLS = 1024;

/** Settles one round; throws on an invalid snapshot rather than booking anything doubtful. */
export function settleRound(input: SettlementInput): Settlement {
  const steps = settlementSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same settlement as `settleRound`, computed in slices: `pause` is awaited between slices (a server
 * hands the event loop a turn there, so a round of 10^5 eidols never blocks it for long). The result is
 * identical byte for byte: the same steps run in the same order, only interrupted.
 */
export async function settleRoundSliced(input: SettlementInput, pause: () => Promise<void>): Promise<Settlement> {
  const steps = settlementSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The settlement as a generator: it yields every SLICE_EIDOLS eidols of each pass and returns the result. */
function* settlementSteps(input: SettlementInput): Generator<void, Settlement> {
  const { config, poolBefore, roundId, thresholdUnits, incenseSlots } = input;
  assertRoundInput(input);
  // Snapshots arrive in ascending id already (the query orders them): sorting is then skipped, not needed.
  const ordered = isAscending(input.eidols) ? input.eidols : [...input.eidols].sort((a, b) => a.id - b.id);
  const staked: Staked[] = new Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    staked[i] = stakeOf(ordered[i]!, thresholdUnits);
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
  }
  assertUniqueIds(staked);

  let stakes = 0n,
    losersStakes = 0n,
    claimsPaid = 0n,
    weights = 0n;
  let participants = 0,
    winners = 0,
    satOut = 0;
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const s = staked[i]!;
    if (s.eidol.satOut === true) satOut += 1;
    if (s.zone === null) continue;
    participants += 1;
    stakes += s.stake;
    weights += s.weight;
    if (s.zone === 'bot') {
      winners += 1;
      claimsPaid += s.claim;
    } else losersStakes += s.stake;
  }

  // Winners are paid G in full, always: the round's capacity (capacity.ts, reserved at the join and the open)
  // is what keeps the claims within the pool. A snapshot that breaks it is refused, never booked short.
  const poolAfterSettling = poolBefore + losersStakes - claimsPaid;
  if (poolAfterSettling < 0n)
    throw new Error(`round ${roundId}: claims ${claimsPaid} exceed the pool ${poolBefore} plus the losers' stakes ${losersStakes}`);

  // Emission after settling, bounded per unit staked (y) so a thin round never pays a lone stake the whole of it.
  let emission = 0n;
  if (weights > 0n) {
    const base = min(
      min(config.emissionCapUnits, (poolAfterSettling * config.emissionRatePpm) / PPM),
      (stakes * config.emissionPerStakePpm) / PPM,
    );
    emission = min(base << BigInt(incenseSlots), poolAfterSettling);
  }
  const shares = yield* emissionShares(staked, emission, weights);

  const eidols: EidolSettlement[] = [];
  const bets: SettlementTransfer[] = [],
    wins: SettlementTransfer[] = [],
    mined: SettlementTransfer[] = [];
  let emissionPaid = 0n;
  const ref = String(roundId);
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const s = staked[i]!;
    const e = s.eidol;
    const payout = s.zone === 'bot' ? s.stake + s.claim : 0n;
    const share = shares[i]!;
    emissionPaid += share;
    // One account object per eidol, shared by its legs: a million-eidol round allocates less.
    const account: SettlementAccount = { kind: 'eidol', id: e.id };
    if (s.zone !== null) pushLeg(bets, roundId, e.id, 'bet', account, POOL, s.stake, ref);
    pushLeg(wins, roundId, e.id, 'win', POOL, account, payout, ref);
    pushLeg(mined, roundId, e.id, 'mined', POOL, account, share, ref);

    const value = e.value - s.stake + payout + share;
    // An eggtoplasm fills its XP bar and stays one (no level-up, no hatching); inline: no extra object per eidol.
    const xpGained =
      e.type === 'ectoplasm'
        ? ectoplasmRoundXp(e.xp, e.level, config)
        : roundXp(e.type, s.zone === null ? 'none' : s.zone === 'bot' ? 'win' : 'loss', config);
    const progress =
      e.type === 'ectoplasm'
        ? { xp: e.xp + xpGained, level: e.level, type: e.type }
        : addXp({ xp: e.xp, level: e.level, type: e.type }, xpGained, config);
    eidols.push({
      id: e.id,
      owner: e.owner,
      zone: s.zone,
      stake: s.stake,
      bet: -s.stake,
      claim: s.claim,
      payout,
      emission: share,
      valueBefore: e.value,
      value,
      xpGained,
      xp: progress.xp,
      level: progress.level,
      type: progress.type,
      hatched: e.type === 'egg' && progress.type === 'eidol',
      topValue: max(e.topValue, value),
      noLossValue: e.noLossValue,
    });
  }

  return {
    roundId,
    thresholdUnits,
    eidols,
    owners: yield* ownersXp(eidols),
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
    // Bets first, then wins, then emission: the pool stays ≥ 0 after every single transfer of the batch.
    transfers: yield* concat([bets, wins, mined]),
  };
}

/**
 * Each eidol's share of the emission E by weight w (index-aligned with `staked`): ⌊E × w / Σw⌋, then one
 * unit each to the largest fractional remainders (ties: ascending eidol id, i.e. index order) until Σ = E.
 * The remainders are ranked by a 52-bit float key first (a native typed-array sort: a comparator sort of
 * 10^5 bigints would hold the event loop), and only the eidols whose key equals the cut-off key are ranked
 * exactly; the key is monotone in the remainder, so the choice is exact.
 */
function* emissionShares(staked: readonly Staked[], emission: bigint, weights: bigint): Generator<void, bigint[]> {
  const shares: bigint[] = new Array<bigint>(staked.length).fill(0n);
  if (emission === 0n || weights === 0n) return shares;
  const rems: bigint[] = new Array<bigint>(staked.length).fill(0n);
  const keys = new Float64Array(staked.length);
  let left = emission;
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const w = staked[i]!.weight;
    if (w === 0n) continue;
    const product = emission * w;
    const share = product / weights;
    shares[i] = share;
    left -= share;
    const rem = product - share * weights;
    rems[i] = rem;
    keys[i] = Number((rem << THRESHOLD_BITS) / weights);
  }
  // left < the number of eidols with a remainder > 0 (Σ remainders = left × Σw, each < Σw), so none at 0 gets a unit.
  if (left === 0n) return shares;
  const sorted = keys.slice().sort();
  yield;
  const cut = sorted[sorted.length - Number(left)]!;
  const tied: number[] = [];
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    if (keys[i]! > cut) {
      shares[i]! += 1n;
      left -= 1n;
    } else if (keys[i] === cut) tied.push(i);
  }
  // A stable sort over ascending indexes: equal remainders keep ascending id (and a run of equals costs one pass).
  tied.sort((a, b) => (rems[a]! > rems[b]! ? -1 : rems[a]! < rems[b]! ? 1 : 0));
  for (let j = 0; j < Number(left); j++) shares[tied[j]!]! += 1n;
  return shares;
}

/** The transfer id of one leg: `round:<round id>:<eidol id>:<leg>`. */
export function settlementTransferId(roundId: number, eidolId: number, leg: SettlementLeg): string {
  return `round:${roundId}:${eidolId}:${leg}`;
}

/** Σ XP gained per owner, ascending owner id (owners whose eidols gained nothing are left out). */
function* ownersXp(eidols: readonly EidolSettlement[]): Generator<void, OwnerXp[]> {
  const byOwner = new Map<number, number>();
  for (let i = 0; i < eidols.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const e = eidols[i]!;
    if (e.xpGained > 0) byOwner.set(e.owner, (byOwner.get(e.owner) ?? 0) + e.xpGained);
  }
  // Owner ids sorted natively as a typed array (a comparator sort of 10^5 pairs is one long step).
  const sorted = Float64Array.from(byOwner.keys()).sort();
  if (sorted.length > SLICE_EIDOLS) yield;
  const out: OwnerXp[] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    out[i] = { owner: sorted[i]!, xpGained: byOwner.get(sorted[i]!)! };
  }
  return out;
}

/** The arrays one after the other, yielding between slices. */
function* concat<T>(parts: readonly (readonly T[])[]): Generator<void, T[]> {
  const out: T[] = [];
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
      out.push(part[i]!);
    }
  }
  return out;
}

/**
 * Zone, S, G and weight of one eidol, exact on r's decimal digits, each rounded down. S = min(⌊r × V⌋, the
 * stake it reserved), so a value that grew after the reservation never claims more than K holds for it.
 */
function stakeOf(eidol: SnapshotEidol, thresholdUnits: bigint): Staked {
  assertEidol(eidol);
  const risk = typeof eidol.risk === 'string' ? parseRisk(eidol.risk) : eidol.risk;
  if (typeof eidol.risk !== 'string') assertRisk(risk);
  // An eggtoplasm never stakes, whatever risk it carries: it takes part for its XP only (and so mines nothing).
  // A carried-over eidol that did not fit the capacity sits the round out the same way.
  if (risk.units === 0n || eidol.type === 'ectoplasm' || eidol.satOut === true)
    return { eidol, zone: null, stake: 0n, claim: 0n, weight: 0n };
  const full = stakeAndClaim(risk, eidol.value).stake;
  const stake = eidol.reservedStake !== undefined && eidol.reservedStake < full ? eidol.reservedStake : full;
  const wins = riskAtMostThreshold(risk, thresholdUnits);
  const weight = stake * BigInt(100 + eidol.yieldy);
  return { eidol, zone: wins ? 'bot' : 'top', stake, claim: wins ? claimOfStake(risk, stake) : 0n, weight };
}

function pushLeg(
  out: SettlementTransfer[],
  roundId: number,
  eidolId: number,
  leg: SettlementLeg,
  debit: SettlementAccount,
  credit: SettlementAccount,
  amount: bigint,
  ref: string,
): void {
  if (amount > 0n) out.push({ id: settlementTransferId(roundId, eidolId, leg), debit, credit, amount, code: leg, ref });
}

function assertRoundInput(input: SettlementInput): void {
  assertEconomyConfig(input.config);
  if (!Number.isSafeInteger(input.roundId) || input.roundId < 0) throw new Error(`bad round id ${input.roundId}`);
  if (input.thresholdUnits < 0n || input.thresholdUnits >= THRESHOLD_SCALE) throw new Error('thresholdUnits outside [0, 2^52)');
  if (input.poolBefore < 0n) throw new Error('mining pool balance is negative');
  if (!Number.isInteger(input.incenseSlots) || input.incenseSlots < 0 || input.incenseSlots > MAX_INCENSE_SLOTS) {
    throw new Error(`incense slots ${input.incenseSlots} outside 0..${MAX_INCENSE_SLOTS}`);
  }
}

function assertEidol(e: SnapshotEidol): void {
  if (!Number.isSafeInteger(e.id) || e.id < 0) throw new Error(`bad eidol id ${e.id}`);
  if (e.value < 0n) throw new Error(`eidol ${e.id}: negative value`);
  if (e.reservedStake !== undefined && e.reservedStake < 0n) throw new Error(`eidol ${e.id}: negative reserved stake`);
  if (!Number.isInteger(e.yieldy) || e.yieldy < 0 || e.yieldy > MAX_YIELDY)
    throw new Error(`eidol ${e.id}: yieldy ${e.yieldy} outside 0..${MAX_YIELDY}`);
  if (!Number.isSafeInteger(e.xp) || e.xp < 0 || !Number.isInteger(e.level) || e.level < 0) throw new Error(`eidol ${e.id}: bad xp/level`);
  if (e.type !== 'egg' && e.type !== 'eidol' && e.type !== 'ectoplasm') throw new Error(`eidol ${e.id}: bad type ${String(e.type)}`);
}

function isAscending(eidols: readonly SnapshotEidol[]): boolean {
  for (let i = 1; i < eidols.length; i++) if (eidols[i]!.id <= eidols[i - 1]!.id) return false;
  return true;
}

function assertUniqueIds(sorted: readonly Staked[]): void {
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]?.eidol.id === sorted[i - 1]?.eidol.id) throw new Error(`eidol ${sorted[i]?.eidol.id} listed twice`);
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
