/**
 * The round's capacity as the server applies it (capacity.ts; ECONOMY.md "The mining pool banks the round
 * within a published capacity"): K = c × the pool at the open; carried-over eidols reserved at the open in
 * the order of their last join (one that does not fit sits the round out); then each join, first come
 * first served, reserves its claim G or is refused with the largest risk that fits now.
 */
import { eidolClaimLimit, largestRiskThatFits, roundCapacity, stakeAndClaim } from '../../../../shared/rules/round/capacity';
import type { EconomyConfig } from '../../../../shared/rules/round/economyConfig';
import type { Risk } from '../../../../shared/rules/round/risk';

/** One round's capacity book: what is left of K and the per-eidol limit m × K. */
export class CapacityBook {
  readonly capacity: bigint;
  readonly limit: bigint;
  left: bigint;

  constructor(poolAtOpen: bigint, config: EconomyConfig) {
    this.capacity = roundCapacity(poolAtOpen, config);
    this.limit = eidolClaimLimit(this.capacity, config);
    this.left = this.capacity;
  }

  /** The most one more reservation may claim now. */
  room(): bigint {
    return this.left < this.limit ? this.left : this.limit;
  }

  /** Reserves G of `risk` on `value`; the stake reserved, or undefined when G does not fit (nothing reserved). */
  reserve(risk: Risk, value: bigint): bigint | undefined {
    const { stake, claim } = stakeAndClaim(risk, value);
    if (claim > this.room()) return undefined;
    this.left -= claim;
    return stake;
  }

  /** The largest risk at `digits` decimals that would fit now (units 0 when none does). */
  largestFit(value: bigint, digits: number): Risk {
    return largestRiskThatFits(value, digits, this.room());
  }
}
