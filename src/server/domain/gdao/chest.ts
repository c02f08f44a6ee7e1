/**
 * The gDAO chest (ECONOMY.md "Chest"): `POST /api/rooms/claimgdao {amount}` burns N gDAO (player →
 * `gdao_burned`); the claim is worth N × GDAO_BURN_RATE ANGLS, which must fit the chest supply; the 1 %
 * claim fee of that worth goes from the chest to `fees` and the rest to the player, all in one batch.
 * An operator lock (`gdao_settings.chest_locked`) stops claims.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { isLedgerError, playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { AppError } from '../errors';
import { withOptionalRequestRecord, type RequestOutcome, type RequestRef } from '../requests/requestRecords';
import { GDAO_BURN_RATE, GDAO_BURN_RATE_UNITS, GDAO_CLAIM_FEE_BPS, GDAO_CLAIM_FEE_PERCENT } from './gdaoConfig';
import { refuseUnlessOpen, roundOpenAt, spendable } from './gdaoGuards';
import { NOT_ENOUGH_GDAO, NOT_ENOUGH_SUPPLY, SPECIFY_TOKEN_AMOUNT, SUPPLY_LOCKED } from './gdaoTexts';

/** The settings row of the chest lock. */
export const CHEST_LOCK_SETTING = 'chest_locked';

/** `POST /api/rooms/claimgdao` → data: gDAO burned (whole) and ANGLS received after the fee (8 decimals). */
export type ClaimResult = {
  burned: string;
  received: string;
};

/** The chest as the game view shows it. */
export interface ChestView {
  gdao_chest_supply: string;
  chest_locked: boolean;
  gdao_burn_rate: string;
  gdao_claim_fee_percent: number;
}

const refuse = (text: string) => new AppError(422, text, { amount: [text] });

/** The whole-token amount of a claim body, or the spec's refusal. */
export function claimAmountOf(raw: unknown): bigint {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,15}$/.test(text) || BigInt(text) <= 0n) throw refuse(SPECIFY_TOKEN_AMOUNT);
  return BigInt(text);
}

/** Whether the operator locked the chest. */
export async function chestLocked(k: Kysely<Database>): Promise<boolean> {
  const row = await k.selectFrom('gdao_settings').select('value').where('name', '=', CHEST_LOCK_SETTING).executeTakeFirst();
  return row?.value === '1';
}

/** Sets the chest lock (the operator's switch). */
export async function setChestLocked(k: Kysely<Database>, locked: boolean, now: number): Promise<void> {
  await k
    .insertInto('gdao_settings')
    .values({ name: CHEST_LOCK_SETTING, value: locked ? '1' : '0', updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: locked ? '1' : '0', updated_at: now }))
    .execute();
}

/** The chest's ANGLS balance (units), read without opening an account. */
async function chestSupply(k: Kysely<Database>): Promise<bigint> {
  const row = await k
    .selectFrom('ledger_accounts')
    .select(['balance', 'debits_pending'])
    .where('owner_kind', '=', 'system')
    .where('owner_id', '=', 0)
    .where('name', '=', 'gdao_chest')
    .where('asset', '=', 'ANGLS')
    .executeTakeFirst();
  return row ? row.balance - row.debits_pending : 0n;
}

/** The chest fields of the game view. */
export async function loadChestView(k: Kysely<Database>): Promise<ChestView> {
  const [supply, locked] = await Promise.all([chestSupply(k), chestLocked(k)]);
  return {
    gdao_chest_supply: formatUnits(supply, CURRENCY_ASSETS.ANGLS.scale),
    chest_locked: locked,
    gdao_burn_rate: GDAO_BURN_RATE,
    gdao_claim_fee_percent: GDAO_CLAIM_FEE_PERCENT,
  };
}

/** The claim of `amount` gDAO inside `tx`, after the round lock (`open`). */
async function claimIn(tx: LedgerTx, userId: number, amount: bigint, open: boolean): Promise<ClaimResult> {
  const worth = amount * GDAO_BURN_RATE_UNITS;
  const fee = (worth * GDAO_CLAIM_FEE_BPS) / 10_000n;
  const received = worth - fee;
  refuseUnlessOpen(open);
  if (await chestLocked(tx.kysely)) throw refuse(SUPPLY_LOCKED);
  const tokens = await playerAccount(tx, userId, 'GDAO');
  if ((await spendable(tx, tokens)) < amount) throw refuse(NOT_ENOUGH_GDAO);
  const chest = await systemAccount(tx, 'gdao_chest', 'ANGLS');
  if ((await spendable(tx, chest)) < worth) throw refuse(NOT_ENOUGH_SUPPLY);
  const burn = await tx.kysely
    .insertInto('gdao_burns')
    .values({ user_id: userId, amount, received, created_at: tx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const legs = [
    {
      id: `gdao-burn:${burn.id}:burn`,
      debit: tokens,
      credit: await systemAccount(tx, 'gdao_burned', 'GDAO'),
      amount,
      code: 'gdao-burn',
      ref: String(burn.id),
    },
    {
      id: `gdao-burn:${burn.id}:pay`,
      debit: chest,
      credit: await playerAccount(tx, userId, 'ANGLS'),
      amount: received,
      code: 'gdao-burn',
      ref: String(burn.id),
    },
    {
      id: `gdao-burn:${burn.id}:fee`,
      debit: chest,
      credit: await systemAccount(tx, 'fees', 'ANGLS'),
      amount: fee,
      code: 'gdao-burn',
      ref: String(burn.id),
    },
  ];
  await transferBatch(
    tx,
    legs.filter((l) => l.amount > 0n),
  );
  return { burned: amount.toString(), received: formatUnits(received, CURRENCY_ASSETS.ANGLS.scale) };
}

/** Burns `body.amount` gDAO of the player for its ANGLS from the chest (once per Idempotency-Key); refusals write nothing. */
export async function claimGdao(
  ledger: Ledger,
  userId: number,
  body: Record<string, unknown>,
  receivedAt: number,
  ref?: RequestRef,
): Promise<RequestOutcome<ClaimResult>> {
  const amount = claimAmountOf(body.amount);
  try {
    return await ledger.run(async (tx) => {
      const open = await roundOpenAt(tx, receivedAt);
      return withOptionalRequestRecord(tx, userId, ref, () => claimIn(tx, userId, amount, open));
    });
  } catch (err) {
    // A concurrent claim spent the tokens or the supply between our checks and the ledger's locked ones.
    if (isLedgerError(err, 'exceeds_balance')) throw refuse(NOT_ENOUGH_GDAO);
    throw err;
  }
}
