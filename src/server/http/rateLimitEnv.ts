/** The auth rate limits from the environment: `RATE_LIMIT_FACTOR` scales every limit (default 1). */
import { DEFAULT_RATE_LIMITS, scaledRateLimits, type AuthRateLimits } from './rateLimit';

/** Default limits, multiplied by RATE_LIMIT_FACTOR when it is set (e.g. 100 for end-to-end runs). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): AuthRateLimits {
  const raw = env.RATE_LIMIT_FACTOR;
  if (raw === undefined || raw === '') return DEFAULT_RATE_LIMITS;
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`RATE_LIMIT_FACTOR must be a positive number, got "${raw}"`);
  return scaledRateLimits(factor);
}
