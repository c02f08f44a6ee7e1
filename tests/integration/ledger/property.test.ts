/**
 * Model-based property test: random operation sequences run against the real ledger and the in-memory
 * model; after every step the outcomes and balances must agree and `checkLedger` must hold.
 * Reproduce a failure with LEDGER_SEED=<printed seed>; LEDGER_PROPERTY_RUNS scales the run count.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { destroyQuietly } from './support/teardown';
import { createTestDb, dialectsFor, type TestDb } from '../../support/testDb';
import { manualClock } from '../../../src/server/clock';
import {
  checkLedger,
  createLedger,
  ensureAccount,
  getAccount,
  isLedgerError,
  type Ledger,
  type TransferInput,
} from '../../../src/server/ledger/index';
import { LedgerModel, type Op } from './support/model';

const ACCOUNTS = 5;
const seed = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.LEDGER_PROPERTY_RUNS ?? 80);

/** A generated step: an operation, or a replay of an earlier one (an exact retry). */
type Step = Op | { t: 'retry'; back: number };

function opArb(): fc.Arbitrary<Step> {
  // Small id spaces per role: retries, collisions (same id, other fields) and resolutions of existing
  // pendings all happen often.
  const ids = (p: string, n: number) => fc.integer({ min: 0, max: n - 1 }).map((k) => `${p}${k}`);
  const moveId = ids('m', 8);
  const pendingId = ids('p', 5);
  const resolutionId = ids('r', 8);
  const pair = fc
    .tuple(fc.integer({ min: 0, max: ACCOUNTS - 1 }), fc.integer({ min: 1, max: ACCOUNTS - 1 }))
    .map(([from, k]) => ({ from, to: (from + k) % ACCOUNTS }));
  const amount = fc.bigInt({ min: 1n, max: 300n });
  const move = fc.record({ id: moveId, pair, amount }).map(({ id, pair, amount }) => ({ t: 'move' as const, id, ...pair, amount }));
  return fc.oneof(
    { weight: 5, arbitrary: move },
    {
      weight: 2,
      arbitrary: fc
        .uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 4 })
        .chain((ns) =>
          fc
            .tuple(...ns.map((n) => fc.record({ pair, amount }).map(({ pair, amount }) => ({ id: `m${n}`, ...pair, amount }))))
            .map((moves) => ({ t: 'batch' as const, moves })),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ id: pendingId, pair, amount, timeoutMs: fc.constantFrom(1000, 5000) })
        .map(({ id, pair, amount, timeoutMs }) => ({ t: 'pending' as const, id, ...pair, amount, timeoutMs })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          id: resolutionId,
          pendingId: fc.oneof({ weight: 4, arbitrary: pendingId }, { weight: 1, arbitrary: moveId }),
          amount: fc.option(amount, { nil: undefined }),
        })
        .map(({ id, pendingId, amount }) =>
          amount === undefined ? { t: 'post' as const, id, pendingId } : { t: 'post' as const, id, pendingId, amount },
        ),
    },
    { weight: 2, arbitrary: fc.record({ id: resolutionId, pendingId }).map((r) => ({ t: 'void' as const, ...r })) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 5 }).map((back) => ({ t: 'retry' as const, back })) },
    { weight: 2, arbitrary: fc.constantFrom(600, 2000).map((ms) => ({ t: 'tick' as const, ms })) },
    { weight: 1, arbitrary: fc.constant({ t: 'expire' as const }) },
  );
}

describe.each(dialectsFor(inject('pgAdminUrl')))('ledger model on %s', (dialect) => {
  let t: TestDb;
  let ledger: Ledger;
  const clock = manualClock();
  let run = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect, inject('pgAdminUrl'));
    ledger = createLedger(t.db, clock);
  });
  afterAll(() => destroyQuietly(t));

  it('agrees with the BigInt model after every step, and every invariant holds', async () => {
    const seen: Record<string, number> = {};
    console.info(`[ledger property] ${dialect} seed=${seed} runs=${numRuns} (LEDGER_SEED=${seed} reproduces)`);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb(), { minLength: 5, maxLength: 40 }), async (steps) => {
        run += 1;
        const prefix = `r${run}-`;
        // Fresh accounts and id space per run; account 0 is an issuing source (a `genesis`: it may go
        // negative, never positive).
        const ids = await ledger.run(async (tx) => {
          const out: number[] = [];
          for (let i = 0; i < ACCOUNTS; i++) {
            out.push(
              await ensureAccount(tx, { ownerKind: 'system', ownerId: run, name: i === 0 ? 'genesis' : `prop${i}`, asset: 'ANGLS' }),
            );
          }
          return out;
        });
        const model = new LedgerModel(ACCOUNTS, clock.now());
        // Fund the holders from the source so that most operations have money to move.
        const funding: Op = { t: 'batch', moves: ids.slice(1).map((_, i) => ({ id: `fund${i}`, from: 0, to: i + 1, amount: 500n })) };
        const toInput = (o: Op): TransferInput[] => {
          switch (o.t) {
            case 'move':
              return [{ id: prefix + o.id, debit: ids[o.from]!, credit: ids[o.to]!, amount: o.amount, code: 'prop' }];
            case 'batch':
              return o.moves.map((m) => ({ id: prefix + m.id, debit: ids[m.from]!, credit: ids[m.to]!, amount: m.amount, code: 'prop' }));
            case 'pending':
              return [
                {
                  kind: 'pending',
                  id: prefix + o.id,
                  debit: ids[o.from]!,
                  credit: ids[o.to]!,
                  amount: o.amount,
                  timeoutMs: o.timeoutMs,
                  code: 'prop',
                },
              ];
            case 'post':
              return [{ kind: 'post', id: prefix + o.id, pendingId: prefix + o.pendingId, amount: o.amount }];
            case 'void':
              return [{ kind: 'void', id: prefix + o.id, pendingId: prefix + o.pendingId }];
            default:
              return [];
          }
        };
        const done: Op[] = [];
        for (const [step, generated] of [funding, ...steps].entries()) {
          // A retry replays an earlier transfer operation exactly (as a client repeating a request).
          const o: Op =
            generated.t === 'retry'
              ? (done.filter((d) => d.t !== 'tick' && d.t !== 'expire').at(-1 - generated.back) ?? { t: 'expire' })
              : generated;
          done.push(o);
          const expected = model.apply(o);
          let actual = 'ok';
          if (o.t === 'tick') clock.advance(o.ms);
          else if (o.t === 'expire') await ledger.expire();
          else {
            actual = await ledger.transferBatch(toInput(o)).then(
              (rs) => rs.map((r) => (r.created ? 'ok' : 'exists')).join(','),
              (e) => (isLedgerError(e) ? e.code : `unexpected: ${e}`),
            );
          }
          const where = `run ${run} step ${step} ${JSON.stringify(o, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
          expect(actual, where).toBe(expected);
          for (const o of expected.split(',')) seen[o] = (seen[o] ?? 0) + 1;
          for (const [i, id] of ids.entries()) {
            const a = (await getAccount(t.db.kysely, id))!;
            const m = model.accounts[i]!;
            expect([a.balance, a.debitsPending, a.creditsPending], `${where} account ${i}`).toEqual([
              m.balance,
              m.debitsPending,
              m.creditsPending,
            ]);
          }
          const report = await checkLedger(t.db);
          expect(report.violations, where).toEqual([]);
        }
      }),
      { seed, numRuns, endOnFailure: true },
    );
    // What the runs exercised: successes, idempotent replays and each kind of refusal.
    console.info(`[ledger property] ${dialect} outcomes ${JSON.stringify(seen)}`);
    expect(seen.ok).toBeGreaterThan(0);
  }, 180_000);
});
