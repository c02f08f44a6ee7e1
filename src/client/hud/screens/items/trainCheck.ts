/**
 * The train screen's "check it yourself": recomputes an attempt in the browser with the shared rule
 * (src/shared/rules/transmuteRoll.ts), trusting nothing of the answer but the seeds: sha256 of the revealed
 * server seed must be the hash shown *before* the attempt (not the answer's own copy), and the roll from
 * the two seeds must give the outcome the server booked. Pure.
 */
import { verifyTraining, trainingDraw } from '../../../../shared/rules/training';
import type { TrainOutcome } from '../../../net/itemActionsApi';

/** What the check found. */
export type TrainCheck = { ok: true; roll: number; chancePercent: number; trained: boolean } | { ok: false; reason: string };

/** Recomputes `outcome` against `shownHash`, the commitment the screen showed before the attempt. */
export function checkTraining(shownHash: string, outcome: TrainOutcome): TrainCheck {
  const problem = verifyTraining({
    playerSeed: outcome.player_seed,
    attempt: outcome.attempt,
    seed: outcome.seed,
    seedHash: shownHash,
    experience: outcome.experience,
    nextLevelExperience: outcome.next_level_experience,
    trained: outcome.trained,
  });
  if (problem !== null) return { ok: false, reason: problem };
  const draw = trainingDraw(outcome.seed, outcome.player_seed, outcome.attempt, outcome.experience, outcome.next_level_experience);
  return { ok: true, roll: draw.roll, chancePercent: draw.chance, trained: draw.trained };
}

/** A roll in [0, 1) for reading: 6 decimals, cut (never rounded up across the chance). */
export function showRoll(roll: number): string {
  return (Math.floor(roll * 1e6) / 1e6).toFixed(6);
}
