/**
 * Eggs (ECONOMY.md "Eggs", spec 1 §5 and §9): the one free egg of an account with a confirmed e-mail, its
 * hatch value paid by the mining pool, and shop eggs bought with ANGLS (the value into the new eidol's
 * account, the premium to the mining pool). The eidol row, its money and the player's level −1 → 0 commit
 * together; a refusal writes nothing.
 */
import { EGG_TIERS, FREE_EGG_TIER, eggFrame, isEggTier, type EggTier } from '../../../shared/rules/eggs';
import type { EidolView } from '../../../shared/api/game';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';
import {
  eidolAccount,
  getAccount,
  isLedgerError,
  playerAccount,
  systemAccount,
  transferBatch,
  type Ledger,
  type LedgerTx,
  type TransferInput,
} from '../../ledger/index';
import { AppError, validationFailed } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { rewardReferralIn } from '../gdao/referralReward';
import { countOpenEidols } from './eidolRepo';
import { toEidolView } from './eidolView';
import {
  CONFIRM_EMAIL_FIRST,
  EXTRA_EIDOL_REFUSED,
  FREE_EGG_TAKEN,
  INSUFFICIENT_ANGLS,
  POOL_LIMIT_REACHED,
  UNKNOWN_EGG_TYPE,
} from './eidolTexts';

/** Where an egg comes from: the free egg, or a shop tier. */
type EggSource = { kind: 'free' } | { kind: 'buy'; tier: EggTier };

/** The user row under a lock: on PostgreSQL `for no key update` (one player's egg requests run one at a time; see executeNow.ts). */
async function lockedUser(tx: LedgerTx, userId: number) {
  return tx.kysely
    .selectFrom('users')
    .select(['id', 'level', 'email_confirmed'])
    .where('id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
}

/** The shown name of an egg of `rarity` ("Common Egg"). */
function eggName(rarity: string): string {
  return `${rarity[0]!.toUpperCase()}${rarity.slice(1)} Egg`;
}

/** Spec 1 §5: an extra eidol only while the open eidols are fewer than the player's level; throws the refusal. */
export async function requireRoomForEidol(tx: LedgerTx, userId: number, level: number): Promise<void> {
  const open = await countOpenEidols(tx.kysely, userId);
  if (open > 0 && open >= level) throw new AppError(422, EXTRA_EIDOL_REFUSED);
}

/**
 * Inserts an egg of `tier` for `userId` (its value is the caller's transfer into its account); undefined
 * when the unique index eidols_one_free_egg kept a twin free egg out (PostgreSQL: it waits for our commit).
 */
export async function insertEgg(tx: LedgerTx, userId: number, tier: EggTier, source: string) {
  const spec = EGG_TIERS[tier];
  const value = BigInt(spec.value) * ANGLS_UNIT;
  return tx.kysely
    .insertInto('eidols')
    .values({
      user_id: userId,
      type: 'egg',
      rarity: spec.rarity,
      collection: 'basic',
      skin_name: eggName(spec.rarity),
      skin_image: eggFrame(tier),
      source,
      hatch_value: value,
      top_value: value,
      no_loss_value: value,
      created_at: tx.now,
      updated_at: tx.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Grows one egg inside `tx`; throws an AppError (nothing written) when a rule refuses it. */
async function growEggIn(tx: LedgerTx, userId: number, source: EggSource): Promise<EidolView> {
  const user = await lockedUser(tx, userId);
  const tier = source.kind === 'free' ? FREE_EGG_TIER : source.tier;
  const spec = EGG_TIERS[tier];
  const value = BigInt(spec.value) * ANGLS_UNIT;
  const cost = BigInt(spec.cost) * ANGLS_UNIT;

  if (source.kind === 'free') {
    if (user.email_confirmed !== 1) throw new AppError(422, CONFIRM_EMAIL_FIRST, { email: [CONFIRM_EMAIL_FIRST] });
    const taken = await tx.kysely
      .selectFrom('eidols')
      .select('id')
      .where('user_id', '=', userId)
      .where('source', '=', 'free')
      .executeTakeFirst();
    if (taken) throw new AppError(422, FREE_EGG_TAKEN);
  }
  await requireRoomForEidol(tx, userId, user.level);

  const pool = await systemAccount(tx, 'mining_pool', 'ANGLS');
  const player = await playerAccount(tx, userId, 'ANGLS');
  // Checked first so the refusal carries the spec's text; the ledger's own check stays the last word.
  const payer = (await getAccount(tx.kysely, source.kind === 'free' ? pool : player))!;
  const needed = source.kind === 'free' ? value : cost;
  if (payer.balance - payer.debitsPending < needed)
    throw new AppError(422, source.kind === 'free' ? POOL_LIMIT_REACHED : INSUFFICIENT_ANGLS);

  const row = await insertEgg(tx, userId, tier, source.kind === 'free' ? 'free' : tier);
  if (!row) throw new AppError(422, FREE_EGG_TAKEN);

  const eidol = await eidolAccount(tx, row.id);
  const transfers: TransferInput[] =
    source.kind === 'free'
      ? // One free egg per account, so its id is the player's: a retry can never pay it twice.
        [{ id: `egg:free:${userId}`, debit: pool, credit: eidol, amount: value, code: 'egg-free', ref: String(row.id) }]
      : [
          { id: `egg:${row.id}:value`, debit: player, credit: eidol, amount: value, code: 'egg-buy', ref: String(row.id) },
          { id: `egg:${row.id}:premium`, debit: player, credit: pool, amount: cost - value, code: 'egg-buy', ref: String(row.id) },
        ];
  await transferBatch(tx, transfers);
  // Level −1 (no eidol yet) becomes 0 (eggs only) with the first egg.
  await tx.kysely.updateTable('users').set({ level: 0, updated_at: tx.now }).where('id', '=', userId).where('level', '=', -1).execute();
  // A bought first egg may be the last fact of a referral reward (gdao/referralReward.ts).
  if (source.kind === 'buy') await rewardReferralIn(tx, userId);
  return toEidolView(row, value);
}

/** Runs an egg request once (per Idempotency-Key, when sent); maps the ledger's refusals to the spec's texts. */
async function growEgg(ledger: Ledger, userId: number, source: EggSource, ref: RequestRef | undefined): Promise<RequestOutcome<EidolView>> {
  try {
    return await ledger.run((tx) => withOptionalRequestRecord(tx, userId, ref, () => growEggIn(tx, userId, source)));
  } catch (err) {
    // A concurrent request spent the money between our check and the ledger's locked one.
    if (isLedgerError(err, 'exceeds_balance')) throw new AppError(422, source.kind === 'free' ? POOL_LIMIT_REACHED : INSUFFICIENT_ANGLS);
    throw err;
  }
}

/** `POST /api/oogle/free`: the account's one free egg (tier 1), paid by the mining pool. */
export function growFreeEgg(ledger: Ledger, userId: number, ref: RequestRef | undefined): Promise<RequestOutcome<EidolView>> {
  return growEgg(ledger, userId, { kind: 'free' }, ref);
}

/** `POST /api/oogle/buy {type}`: a shop egg at its tier's price; an unknown type is a 422 on `type`. */
export async function buyEgg(
  ledger: Ledger,
  userId: number,
  type: string,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<EidolView>> {
  if (!isEggTier(type)) throw validationFailed({ type: [UNKNOWN_EGG_TYPE] });
  return growEgg(ledger, userId, { kind: 'buy', tier: type }, ref);
}
