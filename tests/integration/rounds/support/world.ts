/**
 * Players and eidols written straight into a test database, the way the eggs and join routes will:
 * users rows, eidols rows with a risk, and eidol accounts funded from the mining pool through the ledger.
 */
import crypto from 'node:crypto';
import type { Db } from '../../../../src/server/db/database';
import type { EidolType } from '../../../../src/server/db/tables/game';
import type { Clock } from '../../../../src/server/clock';
import { createLedger, eidolAccount, ensureGenesis, systemAccount, transferBatch } from '../../../../src/server/ledger/index';
import { currentRound } from '../../../../src/server/domain/rounds/currentRound';
import { openRoundCapacity, reserveClaims } from '../../../../src/server/domain/rounds/roundCapacity';
import { ECONOMY_CONFIG } from '../../../../src/shared/rules/round/economyConfig';
import { parseRisk } from '../../../../src/shared/rules/round/risk';

/** One ANGLS in units. */
export const ANGLS = 100_000_000n;

/** Inserts a player at `level` (0: eggs only; 1 once hatched); returns the id. */
export async function insertPlayer(db: Db, now: number, level = 1): Promise<number> {
  const tag = crypto.randomBytes(6).toString('hex');
  const row = await db.kysely
    .insertInto('users')
    .values({
      name: `p_${tag}`,
      email_normalized: `${tag}@example.com`,
      email: `${tag}@example.com`,
      password_hash: 'x',
      investor_skin_id: 1,
      ref_code: tag,
      referrer_id: null,
      senator_until: null,
      patricius_until: null,
      ws_auth_token: tag,
      created_at: now,
      updated_at: now,
      level,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What an eidol starts as. */
export interface EidolSeed {
  owner: number;
  type?: EidolType;
  risk?: string;
  yieldy?: number;
  value: bigint;
  experience?: number;
  level?: number;
}

/**
 * Inserts eidols and funds each from the mining pool (one ledger batch); returns their ids in order. An eidol
 * with a risk reserves its claim in the current round as its join would (throws if the capacity refuses it).
 */
export async function insertEidols(db: Db, clock: Clock, seeds: readonly EidolSeed[]): Promise<number[]> {
  await ensureGenesis(db, clock);
  const now = clock.now();
  const ids: number[] = [];
  const chunk = 500;
  for (let i = 0; i < seeds.length; i += chunk) {
    const rows = await db.kysely
      .insertInto('eidols')
      .values(
        seeds.slice(i, i + chunk).map((s) => {
          const type = s.type ?? 'ogle';
          return {
            user_id: s.owner,
            type,
            rarity: 'common' as const,
            collection: 'basic',
            skin_name: 'Basic',
            skin_image: type === 'egg' ? 'egg1' : 'eidol-basic-common-1',
            source: 'egg1',
            level: s.level ?? (type === 'egg' ? 0 : 1),
            experience: s.experience ?? 0,
            risk: s.risk ?? '0',
            yieldy: s.yieldy ?? 0,
            hatch_value: s.value,
            top_value: s.value,
            no_loss_value: s.value,
            hatched_at: type === 'egg' ? null : now,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  const ledger = createLedger(db, clock);
  await ledger.run(async (tx) => {
    const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
    const inputs = [];
    for (let i = 0; i < seeds.length; i++) {
      const account = await eidolAccount(tx, ids[i]!);
      if (seeds[i]!.value > 0n)
        inputs.push({ id: `test:fund:${ids[i]}`, debit: pool, credit: account, amount: seeds[i]!.value, code: 'egg', ref: String(ids[i]) });
    }
    if (inputs.length > 0) await transferBatch(tx, inputs);
    const round = await currentRound(tx.kysely);
    const staking = seeds.flatMap((seed, i) => (seed.risk && seed.risk !== '0' && seed.value > 0n ? [{ seed, id: ids[i]! }] : []));
    if (!round || staking.length === 0) return;
    // A test server opens round 1 before its genesis (production issues genesis first): open it again now that
    // the pool holds something, as it would have opened.
    if (round.capacity === 0n) {
      await tx.kysely.deleteFrom('round_reservations').where('round_id', '=', round.id).execute();
      await openRoundCapacity(tx.kysely, round.id, round.opens_at, ECONOMY_CONFIG);
    }
    const { results } = await reserveClaims(
      tx.kysely,
      tx.dialect,
      round.id,
      staking.map(({ seed, id }) => ({
        eidolId: id,
        riskText: seed.risk!,
        risk: parseRisk(seed.risk!),
        value: seed.value,
      })),
      ECONOMY_CONFIG,
      now,
    );
    const refused = results.flatMap((r, i) => (r === true ? [] : [staking[i]!.id]));
    if (refused.length > 0) throw new Error(`the round's capacity refused eidols ${refused.join(', ')}`);
  });
  return ids;
}

/** An eidol's account balance (its value). */
export async function eidolValue(db: Db, eidolId: number): Promise<bigint> {
  const row = await db.kysely
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_kind', '=', 'eidol')
    .where('owner_id', '=', eidolId)
    .where('name', '=', 'main')
    .where('asset', '=', 'ANGLS')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/** The mining pool's ANGLS balance. */
export async function poolBalance(db: Db): Promise<bigint> {
  const row = await db.kysely
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_kind', '=', 'system')
    .where('name', '=', 'mining_pool')
    .where('asset', '=', 'ANGLS')
    .executeTakeFirstOrThrow();
  return row.balance;
}
