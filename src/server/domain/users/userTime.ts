/** Times on the wire: UTC "YYYY-MM-DD HH:MM:SS" (FACTS.md). */

/** Formats epoch milliseconds as UTC "YYYY-MM-DD HH:MM:SS"; null stays null. */
export function wireTime(ms: number | null): string | null {
  if (ms === null) return null;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
