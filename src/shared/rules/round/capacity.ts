/**
 * The round's capacity (ECONOMY.md "The mining pool banks the round within a published capacity"): the pool
 * opens each round with capacity K = c × its balance, every participating eidol reserves its fair claim G
 * against K, and no eidol reserves more than m × K. Pure integer arithmetic on the risk's decimal digits,
 * shared by the join (which reserves), the settlement (which pays) and the simulator.
 */
import { PPM, type EconomyConfig } from './economyConfig';
import { pow10, type Risk } from './risk';

/** An eidol's stake S and fair claim G at a risk and value. */
export interface StakeAndClaim {
  /** S = r × V, rounded down. */
  stake: bigint;
  /** G = S × r / (1 − r), rounded down: what a win pays on top of S. */
  claim: bigint;
}

/** S = ⌊r × V⌋ and G = ⌊S × r / (1 − r)⌋, exact on r's digits (r < 1, so never a division by 0). */
export function stakeAndClaim(risk: Risk, value: bigint): StakeAndClaim {
  if (risk.units === 0n || value <= 0n) return { stake: 0n, claim: 0n };
  const scale = pow10(risk.digits);
  const stake = (risk.units * value) / scale;
  return { stake, claim: (stake * risk.units) / (scale - risk.units) };
}

/** G for a stake already fixed (a reservation's stake, or a value that fell below it). */
export function claimOfStake(risk: Risk, stake: bigint): bigint {
  if (risk.units === 0n || stake <= 0n) return 0n;
  const scale = pow10(risk.digits);
  return (stake * risk.units) / (scale - risk.units);
}

/** K = c × the mining pool's balance at the round's open, rounded down. */
export function roundCapacity(poolAtOpen: bigint, config: Pick<EconomyConfig, 'capacityPpm'>): bigint {
  return poolAtOpen <= 0n ? 0n : (poolAtOpen * config.capacityPpm) / PPM;
}

/** m × K, rounded down: the most one eidol may reserve in a round. */
export function eidolClaimLimit(capacity: bigint, config: Pick<EconomyConfig, 'eidolCapacityPpm'>): bigint {
  return (capacity * config.eidolCapacityPpm) / PPM;
}

/**
 * The largest risk at `digits` decimals whose claim on `value` is at most `room` (the smaller of what is
 * left of K, counting the eidol's own reservation as free, and m × K). 0 when even one unit does not fit.
 * G grows with r, so a binary search over the units finds it exactly.
 */
export function largestRiskThatFits(value: bigint, digits: number, room: bigint): Risk {
  let lo = 0n;
  let hi = pow10(digits) - 1n;
  if (room < 0n) return { units: 0n, digits };
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (stakeAndClaim({ units: mid, digits }, value).claim <= room) lo = mid;
    else hi = mid - 1n;
  }
  return { units: lo, digits };
}
