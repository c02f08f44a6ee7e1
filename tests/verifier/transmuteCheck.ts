/** A transmutation attempt recomputed from src/server/domain/gdao/README.md, "Checking an attempt yourself". */
import { check, first52, hmacHex, raw, sha, type Check } from './bytes';

/** An attempt as the train answer or the history publishes it. */
export interface PublishedAttempt {
  seed: string;
  seed_hash: string;
  player_seed: string;
  attempt: number;
  experience: number;
  next_level_experience: number;
  trained: boolean;
  roll: number | null;
}

/** The roll's 52-bit units and whether the attempt succeeds, from the revealed seed and the player's seed. */
export function rollOf(a: Pick<PublishedAttempt, 'seed' | 'player_seed' | 'attempt' | 'experience' | 'next_level_experience'>): {
  units: bigint;
  trained: boolean;
} {
  if (!/^[0-9a-f]{64}$/.test(a.seed)) throw new Error('the revealed seed is not 32 bytes of hex');
  const mac = hmacHex(raw(a.seed), Buffer.from(`${a.player_seed}:${a.attempt}`, 'utf8'));
  const u = first52(mac);
  const next = BigInt(a.next_level_experience);
  const x = BigInt(Math.min(a.experience, a.next_level_experience));
  return { units: u, trained: u * 100n * next < (20n * next + 80n * x) * (1n << 52n) };
}

/** The commitment seen BEFORE the attempt (`shownHash`) against the revealed seed, and the roll against the booked outcome. */
export function checkAttempt(a: PublishedAttempt, shownHash: string): Check[] {
  const name = `transmutation attempt ${a.attempt}`;
  return [
    check(
      `${name}: commitment`,
      () => sha(raw(a.seed)).toString('hex') === shownHash || `sha256(seed) is not the commitment ${shownHash} shown before`,
    ),
    check(`${name}: roll`, () => {
      const r = rollOf(a);
      if (a.roll !== null && a.roll !== Number(r.units) / 2 ** 52)
        return `roll recomputed ${Number(r.units) / 2 ** 52}, published ${a.roll}`;
      return (
        r.trained === a.trained || `the roll says ${r.trained ? 'success' : 'failure'}, published ${a.trained ? 'success' : 'failure'}`
      );
    }),
  ];
}
