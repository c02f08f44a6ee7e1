/**
 * The body of `POST /api/oogles/{id}/train`: optional `seed_hash` (the commitment the player was shown) and
 * optional `player_seed` (mixed into the roll). The original product's client posts an empty body, so a
 * missing player seed takes DEFAULT_PLAYER_SEED; one sent malformed is refused before anything is read.
 */
import { DEFAULT_PLAYER_SEED, playerSeedProblem } from '../../../shared/rules/transmuteRoll';
import { ErrorBag } from '../errors';
import { PLAYER_SEED_CHARSET, PLAYER_SEED_LENGTH, PLAYER_SEED_TYPE } from './gdaoTexts';

/** What an attempt was asked with. */
export interface TrainingInput {
  /** The commitment the client showed; the attempt is refused against any other. */
  shownHash?: string;
  /** The player's seed, or DEFAULT_PLAYER_SEED when none was sent. */
  playerSeed: string;
}

const PROBLEM_TEXTS = { type: PLAYER_SEED_TYPE, length: PLAYER_SEED_LENGTH, charset: PLAYER_SEED_CHARSET } as const;

/** Reads the request body; throws a 422 with `errors.player_seed` for a malformed seed. */
export function trainingInputOf(body: unknown): TrainingInput {
  const b = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const problem = playerSeedProblem(b.player_seed);
  if (problem !== null && problem !== 'missing') {
    const bag = new ErrorBag(['player_seed']);
    bag.add('player_seed', PROBLEM_TEXTS[problem]);
    bag.throwIfAny();
  }
  return {
    ...(typeof b.seed_hash === 'string' ? { shownHash: b.seed_hash } : {}),
    playerSeed: problem === 'missing' ? DEFAULT_PLAYER_SEED : (b.player_seed as string),
  };
}
