/**
 * mulberry32: a small, fast, deterministic pseudo-random generator for generated art and reproducible
 * tests. Not cryptographic: game outcomes never use it (they come from the committed fairness hash chain).
 */

/** A generator of floats in [0, 1) from a 32-bit seed; the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
