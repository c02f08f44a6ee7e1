/**
 * Buying a starter pack (spec 2 §2 "Starter pack purchase", §4; ECONOMY.md "Eggs"): paid in USDC, pack N
 * holds a shop egg of tier N. The USDC goes to the GSCB reserve, which pays the egg in ANGLS as a mint at
 * the pack's price would: the hatch value into the new eidol, the premium to the mining pool. The eidol,
 * the transfers, level −1 → 0 and `start_pack` commit together as a `starter_pack` transaction.
 */
import { EGG_TIERS, eggFrame, isEggTier } from '../../../shared/rules/eggs';
import { ANGLS_UNIT } from '../../../shared/rules/round/economyConfig';
import { eidolAccount, getAccount, playerAccount, systemAccount, transferBatch, type LedgerTx } from '../../ledger/index';
import { registerTransactionKind, type TransactionRecord } from '../transactions/index';
import { AppError } from '../errors';
import { amountRefused } from '../exchange/exchangeTrade';
import { INSUFFICIENT, POOL_LIMIT } from '../wallet/walletTexts';
import { rewardReferralIn } from '../gdao/referralReward';
import { findShopItem } from './shopItems';
import { SHOP_ITEM_NOT_FOUND, STARTER_PACK_TAKEN } from './shopTexts';

/** The transaction kind of a starter pack purchase. */
export const STARTER_PACK_KIND = 'starter_pack';

const capitalised = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** Applies the purchase of pack `payload.shopItemId` inside `tx`; throws the spec's refusals. */
async function applyStarterPack(tx: LedgerTx, record: TransactionRecord) {
  const { shopItemId } = record.payload as { shopItemId: number };
  const userId = record.userId;
  // One purchase of a player at a time (PostgreSQL): start_pack is read and set under this lock.
  const user = await tx.kysely
    .selectFrom('users')
    .select(['id', 'start_pack'])
    .where('id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
  if (user.start_pack === 1) throw new AppError(422, STARTER_PACK_TAKEN);
  const item = await findShopItem(tx.kysely, shopItemId);
  const data = item ? (JSON.parse(item.data) as { egg?: unknown }) : {};
  if (!item || item.type !== 'startpak' || !isEggTier(data.egg))
    throw new AppError(422, SHOP_ITEM_NOT_FOUND, { shop_item_id: [SHOP_ITEM_NOT_FOUND] });
  const tier = EGG_TIERS[data.egg];
  const value = BigInt(tier.value) * ANGLS_UNIT;
  const cost = BigInt(tier.cost) * ANGLS_UNIT;

  const payer = await playerAccount(tx, userId, 'USDC');
  const payerAcc = await getAccount(tx.kysely, payer);
  if (!payerAcc || payerAcc.balance - payerAcc.debitsPending < item.price_busd) throw amountRefused(INSUFFICIENT.busd);
  const reserveAngls = await systemAccount(tx, 'gscb_reserve', 'ANGLS');
  const reserve = (await getAccount(tx.kysely, reserveAngls))!;
  if (reserve.balance - reserve.debitsPending < cost) throw new AppError(422, POOL_LIMIT.ngls);

  const eidol = await tx.kysely
    .insertInto('eidols')
    .values({
      user_id: userId,
      type: 'egg',
      rarity: tier.rarity,
      collection: 'basic',
      skin_name: `${capitalised(tier.rarity)} Egg`,
      skin_image: eggFrame(data.egg),
      source: data.egg,
      hatch_value: value,
      top_value: value,
      no_loss_value: value,
      created_at: tx.now,
      updated_at: tx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = (leg: string) => `starter:${record.id}:${leg}`;
  const legs = [
    {
      id: id('pay'),
      debit: payer,
      credit: await systemAccount(tx, 'gscb_reserve', 'USDC'),
      amount: item.price_busd,
      code: 'starter-pack',
      ref: record.id,
    },
    { id: id('value'), debit: reserveAngls, credit: await eidolAccount(tx, eidol.id), amount: value, code: 'starter-pack', ref: record.id },
    {
      id: id('premium'),
      debit: reserveAngls,
      credit: await systemAccount(tx, 'mining_pool', 'ANGLS'),
      amount: cost - value,
      code: 'starter-pack',
      ref: record.id,
    },
  ];
  await transferBatch(
    tx,
    legs.filter((l) => l.amount > 0n),
  );
  // Level −1 (no eidol yet) becomes 0 (eggs only) with the first egg, as a bought egg does.
  await tx.kysely.updateTable('users').set({ level: 0, updated_at: tx.now }).where('id', '=', userId).where('level', '=', -1).execute();
  await tx.kysely.updateTable('users').set({ start_pack: 1, updated_at: tx.now }).where('id', '=', userId).execute();
  // The pack's egg may be the last fact of a referral reward (gdao/referralReward.ts).
  await rewardReferralIn(tx, userId);
  return { result: { shop_item_id: item.id, oogle_id: eidol.id } };
}

registerTransactionKind(STARTER_PACK_KIND, { commit: applyStarterPack });
