/**
 * `npm run sim`: the economy simulator CLI. Flags (or env SIM_ROUNDS, SIM_EIDOLS, SIM_SEED, SIM_INCENSE):
 * --rounds N --eidols N --seed TEXT --incense 0..3 --windows N, --refill (no compounding: every eidol starts
 * every round at the start value), and the round constants to try instead of economyConfig.ts's:
 * --fee-ppm N --reserve-ppm N --rate-ppm N --cap ANGLS. Exits 1 on a conservation/solvency breach.
 */
import { parseArgs } from 'node:util';
import { formatReport } from '../../src/server/domain/rounds/sim/format';
import { runSimulation } from '../../src/server/domain/rounds/sim/simulate';
import { ANGLS_UNIT, ECONOMY_CONFIG } from '../../src/shared/rules/round/economyConfig';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    eidols: { type: 'string' },
    seed: { type: 'string' },
    incense: { type: 'string' },
    windows: { type: 'string' },
    refill: { type: 'boolean' },
    'fee-ppm': { type: 'string' },
    'reserve-ppm': { type: 'string' },
    'rate-ppm': { type: 'string' },
    cap: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const int = (flag: string | undefined, env: string | undefined, fallback: number): number => {
  const text = flag ?? env;
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${text}`);
  return n;
};

if (values.help) {
  process.stdout.write(
    'npm run sim -- [--rounds N] [--eidols N] [--seed TEXT] [--incense 0..3] [--windows N] [--refill]\n' +
      '               [--fee-ppm N] [--reserve-ppm N] [--rate-ppm N] [--cap ANGLS]\n' +
      'Prints per-strategy income per unit staked (won = claims less stakes, mined = emission), the pool over\n' +
      'time and the Gini of final wealth; exits 1 on a conservation or solvency breach.\n',
  );
  process.exit(0);
}

const big = (text: string | undefined, fallback: bigint, unit = 1n): bigint => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`not a whole number: ${text}`);
  return BigInt(text) * unit;
};
const config = {
  ...ECONOMY_CONFIG,
  feePpm: big(values['fee-ppm'], ECONOMY_CONFIG.feePpm),
  poolClaimReservePpm: big(values['reserve-ppm'], ECONOMY_CONFIG.poolClaimReservePpm),
  emissionRatePpm: big(values['rate-ppm'], ECONOMY_CONFIG.emissionRatePpm),
  emissionCapUnits: big(values.cap, ECONOMY_CONFIG.emissionCapUnits, ANGLS_UNIT),
};

// Defaults: 60 eidols × 10,000 rounds takes ~3 s on a loaded 2-core machine.
const options = {
  rounds: int(values.rounds, process.env.SIM_ROUNDS, 10_000),
  eidols: int(values.eidols, process.env.SIM_EIDOLS, 60),
  seed: values.seed ?? process.env.SIM_SEED ?? 'crypto-aeon',
  incense: int(values.incense, process.env.SIM_INCENSE, 0),
  windows: int(values.windows, undefined, 10),
  refill: values.refill ?? false,
  config,
};
const started = performance.now();
try {
  process.stdout.write(`${formatReport(runSimulation(options))}\n`);
  process.stdout.write(`(${Math.round(performance.now() - started)} ms)\n`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
