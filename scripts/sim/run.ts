/** What `npm run sim` and `npm run sim:check` share: parse the flags, run the settings, print the report. */
import { checkEconomy, type CheckFailure } from '../../src/server/domain/rounds/sim/check';
import { parseSimArgs, SIM_USAGE } from '../../src/server/domain/rounds/sim/cliArgs';
import { formatRun } from '../../src/server/domain/rounds/sim/format';
import { allSettings, runSetting } from '../../src/server/domain/rounds/sim/settings';

/** Runs the simulator on `argv`; `short` forces the short sizes. Returns the check's failures, or exits 2 on bad flags. */
export function runCli(argv: readonly string[], short: boolean): CheckFailure[] {
  const parsed = parseSimArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n${SIM_USAGE}\n`);
    process.exit(2);
  }
  const a = parsed.args;
  if (a.help) {
    process.stdout.write(`${SIM_USAGE}\n`);
    process.exit(0);
  }
  const settings = allSettings().filter((s) => a.setting === undefined || s.name.includes(a.setting));
  if (settings.length === 0) {
    process.stderr.write(`no setting matches "${a.setting}"\n${SIM_USAGE}\n`);
    process.exit(2);
  }
  const reports = settings.map((s) => {
    process.stderr.write(`${s.name}…\n`);
    return runSetting(s, {
      seed: a.seed,
      config: a.config,
      short: short || a.short,
      incense: a.incense,
      refill: a.refill,
      rounds: a.rounds,
      replicas: a.replicas,
    });
  });
  const failures = checkEconomy(reports);
  process.stdout.write(`${formatRun(a.config, a.seed, reports, failures)}\n`);
  return failures;
}
