/** A settlement's transfers fed through the ledger's own engine: accepted as one batch, no overdraft. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stakeAndClaim } from '../../../../src/shared/rules/round/capacity';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { settleRound } from '../../../../src/shared/rules/round/settlement';
import type { SettlementAccount, SnapshotEidol } from '../../../../src/shared/rules/round/settlementTypes';
import { planBatch, validateInputs } from '../../../../src/server/ledger/engine';
import { flagsOf } from '../../../../src/server/ledger/assets';
import type { Account, PostedInput } from '../../../../src/server/ledger/types';

const seed = Number(process.env.SETTLE_SEED ?? Date.now() % 2 ** 31);
console.info(`settlement-ledger property seed ${seed} (rerun with SETTLE_SEED=${seed})`);

const POOL_ID = 1;
const accountId = (a: SettlementAccount) => (a.kind === 'system' ? POOL_ID : 1000 + a.id);
const account = (id: number, ownerKind: 'eidol' | 'system', ownerId: number, name: string, balance: bigint): Account => ({
  id,
  asset: 'ANGLS',
  ownerKind,
  ownerId,
  name,
  flags: flagsOf(ownerKind, name),
  balance,
  debitsPending: 0n,
  creditsPending: 0n,
  version: 0,
});

describe('settlement transfers in the ledger engine', () => {
  it('plan as one batch with every eidol and the pool ending where settlement says', () => {
    const risk = fc
      .integer({ min: 1, max: 5 })
      .chain((digits) => fc.bigInt({ min: 0n, max: 10n ** BigInt(digits) - 1n }).map((units) => ({ units, digits })));
    const eidol = (id: number) =>
      // Values up to 10^12: the pool that banks 40 claims of up to 99,999 × S stays inside int64.
      fc
        .record({ value: fc.bigInt({ min: 0n, max: 10n ** 12n }), risk, yieldy: fc.integer({ min: 0, max: 10 }) })
        .map((e): SnapshotEidol => ({ id, owner: 1, type: 'eidol', xp: 0, level: 1, topValue: e.value, noLossValue: e.value, ...e }));
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10 ** 6 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        ids.chain((xs) => fc.tuple(...xs.map(eidol))),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: (1n << 52n) - 1n }),
        (eidols, extra, t) => {
          // The pool banks every claim, as the round's capacity guarantees (a snapshot beyond it is refused).
          const pool = eidols.reduce((a, e) => a + stakeAndClaim(e.risk as { units: bigint; digits: number }, e.value).claim, extra);
          const out = settleRound({ roundId: 123, thresholdUnits: t, eidols, poolBefore: pool, incenseSlots: 3, config: ECONOMY_CONFIG });
          if (out.transfers.length === 0) return;
          const inputs: PostedInput[] = out.transfers.map((x) => ({
            id: x.id,
            debit: accountId(x.debit),
            credit: accountId(x.credit),
            amount: x.amount,
            code: x.code,
            ref: x.ref,
          }));
          validateInputs(inputs);
          const accounts = [
            account(POOL_ID, 'system', 0, 'mining_pool', pool),
            ...eidols.map((e) => account(1000 + e.id, 'eidol', e.id, 'main', e.value)),
          ];
          const plan = planBatch(inputs, {
            now: 0,
            existing: new Map(),
            resolved: new Set(),
            accounts: new Map(accounts.map((a) => [a.id, a])),
          });
          const after = new Map(plan.accounts.map((a) => [a.id, a.balance]));
          expect(after.get(POOL_ID) ?? pool).toBe(out.totals.poolAfter);
          for (const e of out.eidols) expect(after.get(1000 + e.id) ?? e.valueBefore).toBe(e.value);
        },
      ),
      { seed, numRuns: 150 },
    );
  });
});
