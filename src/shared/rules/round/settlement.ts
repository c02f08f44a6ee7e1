/**
 * Round settlement (ECONOMY.md "The round"): a pure, deterministic function from the round's snapshot to
 * each eidol's result and the balanced ledger transfers that book it. Integer arithmetic only; the eidols
 * are settled in ascending id whatever order the snapshot lists them in, so a replay yields the same
 * transfers byte for byte. It imports nothing from the server, so the fairness page can run it too.
 * An eggtoplasm takes part for its XP only (README.md): no stake, no legs, no emission share.
 */
import { assertEconomyConfig, MAX_INCENSE_SLOTS, PPM } from './economyConfig';
import { addXp, ectoplasmRoundXp, roundXp } from './eidolProgress';
import { assertRisk, parseRisk, pow10, riskAtMostThreshold, THRESHOLD_SCALE } from './risk';
import type { Risk } from './risk';
import type { EidolSettlement, OwnerXp, Settlement, SettlementAccount, SettlementInput, SettlementLeg, SettlementTransfer, SnapshotEidol } from './settlementTypes';

/** Most Yieldy, whole percent. */
export const MAX_YIELDY = 10;

const POOL: SettlementAccount = { kind: 'system', name: 'mining_pool' };

/** One eidol's stake and claim before the round-wide cap. */
interface Staked {
  eidol: SnapshotEidol;
  risk: Risk;
  zone: 'bot' | 'top' | null;
  nominal: bigint;
  booked: bigint;
  claim: bigint;
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

  let nominalStakes = 0n, bookedStakes = 0n, losersStakes = 0n, claims = 0n;
  let participants = 0, winners = 0;
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const s = staked[i]!;
    if (s.zone === null) continue;
    participants += 1;
    nominalStakes += s.nominal;
    bookedStakes += s.booked;
    if (s.zone === 'bot') { winners += 1; claims += s.claim; } else losersStakes += s.booked;
  }

  // The pool banks the round: claims are capped at the losers' stakes less the fee plus c of the pool.
  const fee = ceilDiv(losersStakes * config.feePpm, PPM);
  const poolReserve = (poolBefore * config.poolClaimReservePpm) / PPM;
  const claimsCap = losersStakes - fee + poolReserve;
  const capped = claims > claimsCap;
  const paidClaim = (claim: bigint) => (capped ? (claim * claimsCap) / claims : claim);
  let claimsPaid = 0n;
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    if (staked[i]!.zone === 'bot') claimsPaid += paidClaim(staked[i]!.claim);
  }
  const poolAfterSettling = poolBefore + losersStakes - claimsPaid;

  // Emission after settling, shared pro rata to S; never more than the pool holds.
  let emission = 0n;
  if (nominalStakes > 0n) {
    const base = min(config.emissionCapUnits, (poolAfterSettling * config.emissionRatePpm) / PPM);
    emission = min(base << BigInt(incenseSlots), poolAfterSettling);
  }

  const eidols: EidolSettlement[] = [];
  const bets: SettlementTransfer[] = [], wins: SettlementTransfer[] = [], mined: SettlementTransfer[] = [];
  let emissionPaid = 0n;
  const ref = String(roundId);
  for (let i = 0; i < staked.length; i++) {
    if (i % SLICE_EIDOLS === SLICE_EIDOLS - 1) yield;
    const s = staked[i]!;
    const e = s.eidol;
    const claimPaid = s.zone === 'bot' ? paidClaim(s.claim) : 0n;
    const payout = s.zone === 'bot' ? s.booked + claimPaid : 0n;
    const share = nominalStakes > 0n ? (emission * s.nominal) / nominalStakes : 0n;
    emissionPaid += share;
    // One account object per eidol, shared by its legs: a million-eidol round allocates less.
    const account: SettlementAccount = { kind: 'eidol', id: e.id };
    if (s.zone !== null) pushLeg(bets, roundId, e.id, 'bet', account, POOL, s.booked, ref);
    pushLeg(wins, roundId, e.id, 'win', POOL, account, payout, ref);
    pushLeg(mined, roundId, e.id, 'mined', POOL, account, share, ref);

    const value = e.value - (s.zone === null ? 0n : s.booked) + payout + share;
    // An eggtoplasm fills its XP bar and stays one (no level-up, no hatching); inline: no extra object per eidol.
    const xpGained = e.type === 'ectoplasm' ? ectoplasmRoundXp(e.xp, e.level, config) : roundXp(e.type, s.zone === null ? 'none' : s.zone === 'bot' ? 'win' : 'loss', config);
    const progress = e.type === 'ectoplasm' ? { xp: e.xp + xpGained, level: e.level, type: e.type } : addXp({ xp: e.xp, level: e.level, type: e.type }, xpGained, config);
    eidols.push({
      id: e.id,
      owner: e.owner,
      zone: s.zone,
      nominalStake: s.nominal,
      bet: -s.booked,
      claim: s.claim,
      claimPaid,
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
      nominalStakes,
      bookedStakes,
      losersStakes,
      fee,
      poolReserve,
      claimsCap,
      claims,
      claimsPaid,
      capped,
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

/** Zone, S, s and G of one eidol: exact on r's decimal digits, each rounded down. */
function stakeOf(eidol: SnapshotEidol, thresholdUnits: bigint): Staked {
  assertEidol(eidol);
  const risk = typeof eidol.risk === 'string' ? parseRisk(eidol.risk) : eidol.risk;
  if (typeof eidol.risk !== 'string') assertRisk(risk);
  // An eggtoplasm never stakes, whatever risk it carries: it takes part for its XP only (and so mines nothing).
  if (risk.units === 0n || eidol.type === 'ectoplasm') return { eidol, risk, zone: null, nominal: 0n, booked: 0n, claim: 0n };
  const scale = pow10(risk.digits);
  const nominal = (risk.units * eidol.value) / scale;
  const booked = (nominal * BigInt(100 - eidol.yieldy)) / 100n;
  const wins = riskAtMostThreshold(risk, thresholdUnits);
  // G = S × r / (1 − r) = S × units / (10^digits − units); units < 10^digits, so never a division by 0.
  const claim = wins ? (nominal * risk.units) / (scale - risk.units) : 0n;
  return { eidol, risk, zone: wins ? 'bot' : 'top', nominal, booked, claim };
}

function pushLeg(out: SettlementTransfer[], roundId: number, eidolId: number, leg: SettlementLeg, debit: SettlementAccount, credit: SettlementAccount, amount: bigint, ref: string): void {
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
  if (!Number.isInteger(e.yieldy) || e.yieldy < 0 || e.yieldy > MAX_YIELDY) throw new Error(`eidol ${e.id}: yieldy ${e.yieldy} outside 0..${MAX_YIELDY}`);
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

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
