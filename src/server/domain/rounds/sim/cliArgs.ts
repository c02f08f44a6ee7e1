/**
 * The simulator CLI's flags (`npm run sim`, `npm run sim:check`): parsed and checked here, so a bad argument
 * is a usage line and exit code 2, never a stack.
 */
import { parseArgs } from 'node:util';
import {
  ANGLS_UNIT,
  assertEconomyConfig,
  ECONOMY_CONFIG,
  MAX_INCENSE_SLOTS,
  type EconomyConfig,
} from '../../../../shared/rules/round/economyConfig';

/** The usage line both commands print on a bad argument or `--help`. */
export const SIM_USAGE =
  'usage: npm run sim[:check] -- [--setting TEXT] [--rounds N] [--replicas N] [--seed TEXT] [--incense 0..3] [--refill]\n' +
  '                              [--c-ppm N] [--m-ppm N] [--y-ppm N] [--rate-ppm N] [--cap ANGLS] [--short]';

/** A parsed command line. */
export interface SimArgs {
  config: EconomyConfig;
  seed: string;
  /** Only settings whose name contains this text. */
  setting?: string;
  rounds?: number;
  replicas?: number;
  incense: number;
  refill: boolean;
  short: boolean;
  help: boolean;
}

/** The flags, or the reason they are wrong (the caller prints it with the usage line and exits 2). */
export function parseSimArgs(argv: readonly string[]): { ok: true; args: SimArgs } | { ok: false; error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        setting: { type: 'string' },
        rounds: { type: 'string' },
        replicas: { type: 'string' },
        seed: { type: 'string' },
        incense: { type: 'string' },
        refill: { type: 'boolean' },
        short: { type: 'boolean' },
        help: { type: 'boolean' },
        'c-ppm': { type: 'string' },
        'm-ppm': { type: 'string' },
        'y-ppm': { type: 'string' },
        'rate-ppm': { type: 'string' },
        cap: { type: 'string' },
      },
    }));
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const errors: string[] = [];
  const count = (name: string, text: string | undefined, min: number, max: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      errors.push(`--${name} must be a whole number in ${min}..${max}, not "${text}"`);
      return undefined;
    }
    return Number(text);
  };
  const big = (name: string, text: string | undefined, fallback: bigint, unit = 1n): bigint => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text)) {
      errors.push(`--${name} must be a whole number ≥ 0, not "${text}"`);
      return fallback;
    }
    return BigInt(text) * unit;
  };
  const config: EconomyConfig = {
    ...ECONOMY_CONFIG,
    capacityPpm: big('c-ppm', values['c-ppm'], ECONOMY_CONFIG.capacityPpm),
    eidolCapacityPpm: big('m-ppm', values['m-ppm'], ECONOMY_CONFIG.eidolCapacityPpm),
    emissionPerStakePpm: big('y-ppm', values['y-ppm'], ECONOMY_CONFIG.emissionPerStakePpm),
    emissionRatePpm: big('rate-ppm', values['rate-ppm'], ECONOMY_CONFIG.emissionRatePpm),
    emissionCapUnits: big('cap', values.cap, ECONOMY_CONFIG.emissionCapUnits, ANGLS_UNIT),
  };
  try {
    assertEconomyConfig(config);
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  }
  const args: SimArgs = {
    config,
    seed: values.seed ?? 'crypto-aeon',
    setting: values.setting,
    rounds: count('rounds', values.rounds, 1, 10_000_000),
    replicas: count('replicas', values.replicas, 1, 10_000),
    incense: count('incense', values.incense, 0, MAX_INCENSE_SLOTS) ?? 0,
    refill: values.refill ?? false,
    short: values.short ?? false,
    help: values.help ?? false,
  };
  return errors.length > 0 ? { ok: false, error: errors.join('; ') } : { ok: true, args };
}
