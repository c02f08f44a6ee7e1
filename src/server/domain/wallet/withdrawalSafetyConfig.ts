/**
 * Settings of withdrawal safety and the dev faucet (environment variables; README "Configuration").
 * Limits are per player and rolling 24 hours, by player level: the highest configured level at or below
 * the player's applies.
 */
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { parseUnits } from '../../../shared/money/parse';
import type { WireCurrency } from './walletInput';
import { LEDGER_CODE } from './walletInput';

/** Daily withdrawal limit of one level, in ledger units per wire currency. */
export type DailyLimit = Readonly<Record<WireCurrency, bigint>>;

/** Withdrawal safety and faucet settings. */
export interface WithdrawalSafetyConfig {
  /** A new address book entry is usable this long after it was first used (unless the second factor is given). */
  coolingOffMs: number;
  /** A committed withdrawal waits this long before it is signed: the window of the mail's freeze link. */
  holdMs: number;
  /** Daily limits by level, highest level first. */
  dailyLimits: ReadonlyArray<{ level: number; limit: DailyLimit }>;
  /** At most one dev faucet gift per player per this period. */
  faucetIntervalMs: number;
}

/** Default limits (decimal text per wire currency) by level. */
export const DEFAULT_DAILY_LIMITS =
  '1:busd=200,bnb=0.5,ngls=20000;2:busd=1000,bnb=2,ngls=100000;3:busd=5000,bnb=10,ngls=500000;4:busd=20000,bnb=40,ngls=2000000';

/**
 * Reads `level:currency=amount,…;level:…` (WITHDRAW_DAILY_LIMITS). A currency a level leaves out may not
 * be withdrawn at that level; level 1 must be present so every player has a limit.
 */
export function parseDailyLimits(text: string): WithdrawalSafetyConfig['dailyLimits'] {
  const out: { level: number; limit: DailyLimit }[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+)\s*:(.*)$/.exec(part);
    if (!m) throw new Error(`WITHDRAW_DAILY_LIMITS: "${part}" is not level:currency=amount,…`);
    const limit: Record<WireCurrency, bigint> = { busd: 0n, bnb: 0n, ngls: 0n };
    for (const pair of m[2]!
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [code = '', amount = ''] = pair.split('=').map((s) => s.trim());
      if (!(code in LEDGER_CODE)) throw new Error(`WITHDRAW_DAILY_LIMITS: unknown currency "${code}"`);
      const wire = code as WireCurrency;
      limit[wire] = parseUnits(amount, CURRENCY_ASSETS[LEDGER_CODE[wire]].scale);
    }
    out.push({ level: Number(m[1]), limit });
  }
  if (!out.some((l) => l.level <= 1)) throw new Error('WITHDRAW_DAILY_LIMITS must give level 1 a limit');
  return out.sort((a, b) => b.level - a.level);
}

/** The limit of a player at `level`. */
export function dailyLimitOf(cfg: WithdrawalSafetyConfig, level: number): DailyLimit {
  return (cfg.dailyLimits.find((l) => l.level <= level) ?? cfg.dailyLimits[cfg.dailyLimits.length - 1]!).limit;
}

function seconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback * 1000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n * 1000;
}

/** Reads the settings from `env`; throws with the variable's name on a bad value. */
export function loadWithdrawalSafety(env: NodeJS.ProcessEnv): WithdrawalSafetyConfig {
  return {
    coolingOffMs: seconds(env.WITHDRAW_COOLING_OFF_SECONDS, 24 * 3600, 'WITHDRAW_COOLING_OFF_SECONDS'),
    holdMs: seconds(env.WITHDRAW_HOLD_SECONDS, 600, 'WITHDRAW_HOLD_SECONDS'),
    dailyLimits: parseDailyLimits(env.WITHDRAW_DAILY_LIMITS || DEFAULT_DAILY_LIMITS),
    faucetIntervalMs: seconds(env.FAUCET_INTERVAL_SECONDS, 3600, 'FAUCET_INTERVAL_SECONDS'),
  };
}
