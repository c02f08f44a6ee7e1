/**
 * How much room the round has for one eidol (ECONOMY.md "The mining pool banks the round within a published
 * capacity"), from `GET /api/game`: what is left of K (the eidol's own claim counts as free, as the server
 * counts it when the eidol re-joins), at most m × K, and the largest risk — and angle — whose fair claim fits
 * it now. The eidol screen shows it before the player lets go, and whether a staking eidol sits the round out.
 */
import type { EidolView, GameView } from '../../../shared/api/game';
import { largestRiskThatFits } from '../../../shared/rules/round/capacity';
import { pow10, type Risk } from '../../../shared/rules/round/risk';
import { anglsUnits } from './numbers';
import { MAX_ANGLE } from './riskAngle';

/** The round's room as one eidol sees it (ANGLS units). */
export interface EidolRoom {
  capacity: bigint;
  left: bigint;
  /** The claim this eidol holds now (0 when none). */
  held: bigint;
  /** What this eidol may reserve: min(left + held, m × K). */
  room: bigint;
  /** The largest risk at the eidol's precision whose claim fits `room`. */
  maxRisk: Risk;
  /** The same as an angle, degrees. */
  maxAngle: number;
  /** Staking (risk > 0) without a claim held: it sits this round out until it joins at a risk that fits. */
  sitsOut: boolean;
}

/** The room of `eidol` in `game` at `digits` risk decimals; null when the server publishes no capacity. */
export function eidolRoom(game: GameView, eidol: EidolView, digits: number): EidolRoom | null {
  if (game.capacity === undefined || game.capacity_left === undefined || game.capacity_per_eidol === undefined) return null;
  const capacity = anglsUnits(game.capacity);
  const left = anglsUnits(game.capacity_left);
  const claim = game.reserved_claims?.[String(eidol.id)];
  const held = claim === undefined ? 0n : anglsUnits(claim);
  const perEidol = anglsUnits(game.capacity_per_eidol);
  const free = left + held;
  const room = free < perEidol ? free : perEidol;
  const maxRisk = largestRiskThatFits(anglsUnits(eidol.value), digits, room);
  return {
    capacity,
    left,
    held,
    room,
    maxRisk,
    maxAngle: (Number(maxRisk.units) / Number(pow10(digits))) * MAX_ANGLE,
    sitsOut: eidol.type !== 'ectoplasm' && eidol.risk !== '0' && claim === undefined,
  };
}

/** An angle as the screen writes it: one decimal. */
export function degreesText(theta: number): string {
  return theta.toFixed(1);
}
