/**
 * `POST /api/oogle/enchant` (spec 2 §4): one Eggtoplasm jar (to `consumed`) and 13 gDAO (to `gdao_reserve`)
 * make a new 'ectoplasm' eidol of value 0 for the player, under the extra-eidol rule eggs follow. One batch.
 */
import { itemAsset } from '../../../shared/money/assets';
import { playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { countOpenEidols } from '../eidols/eidolRepo';
import { toEidolView } from '../eidols/eidolView';
import { EXTRA_EIDOL_REFUSED } from '../eidols/eidolTexts';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import { checkReady, heldOf, itemsHeld, lockRoundOpen, refuse } from './actionGuard';
import { ACTION_ITEMS, ENCHANT_GDAO, ENCHANT_JARS } from './itemActionsConfig';
import { NO_ECTOPLASM_JAR, NOT_ENOUGH_GDAO } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

/** The shown name and frame of a new eggtoplasm (the client draws its fill from the XP bar). */
const ECTOPLASM_LOOK = { skin_name: 'Eggtoplasm', skin_image: 'eggtoplasm' } as const;

/** Batch order: the jar, then the gDAO (a refusal names what a concurrent action spent). */
const JAR_LEG = 0;

async function enchantIn(tx: LedgerTx, userId: number, receivedAt: number, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, receivedAt);
  // The user row under a lock (PostgreSQL), so one player's eidol-creating requests count open eidols one at a time.
  const user = await tx.kysely
    .selectFrom('users')
    .select(['id', 'level'])
    .where('id', '=', userId)
    .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
  if ((await itemsHeld(tx, userId, ACTION_ITEMS.jar)) < ENCHANT_JARS) throw refuse(NO_ECTOPLASM_JAR);
  if ((await heldOf(tx, userId, 'GDAO')) < ENCHANT_GDAO) throw refuse(NOT_ENOUGH_GDAO);
  // Spec 1 §5: an extra eidol only while the open eidols are fewer than the player's level.
  const owned = await countOpenEidols(tx.kysely, userId);
  if (owned > 0 && owned >= user.level) throw refuse(EXTRA_EIDOL_REFUSED);
  checkReady(undefined, open);

  const row = await tx.kysely
    .insertInto('eidols')
    .values({
      user_id: userId,
      type: 'ectoplasm',
      rarity: 'common',
      collection: 'basic',
      ...ECTOPLASM_LOOK,
      source: 'enchant',
      hatch_value: 0n,
      top_value: 0n,
      no_loss_value: 0n,
      created_at: tx.now,
      updated_at: tx.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const jar = itemAsset(ACTION_ITEMS.jar);
  const ref = String(row.id);
  await transferBatch(tx, [
    {
      id: `enchant:${opId}:jar`,
      debit: await playerAccount(tx, userId, jar),
      credit: await systemAccount(tx, 'consumed', jar),
      amount: ENCHANT_JARS,
      code: 'enchant',
      ref,
    },
    {
      id: `enchant:${opId}:gdao`,
      debit: await playerAccount(tx, userId, 'GDAO'),
      credit: await systemAccount(tx, 'gdao_reserve', 'GDAO'),
      amount: ENCHANT_GDAO,
      code: 'enchant',
      ref,
    },
  ]);
  // Level −1 (no eidol yet) becomes 0 (no hatched eidol) with the first one, as with a first egg.
  await tx.kysely.updateTable('users').set({ level: 0, updated_at: tx.now }).where('id', '=', userId).where('level', '=', -1).execute();
  return { oogle: toEidolView(row, 0n) };
}

/** Enchants one of the player's Eggtoplasm jars into a new eggtoplasm; a refusal writes nothing. */
export function enchantJar(
  ledger: Ledger,
  userId: number,
  receivedAt: number,
  ref: RequestRef | undefined,
): Promise<RequestOutcome<ActionResult>> {
  return runAction(
    ledger,
    userId,
    ref,
    (tx, opId) => enchantIn(tx, userId, receivedAt, opId),
    (err) => refuse(err.index === JAR_LEG ? NO_ECTOPLASM_JAR : NOT_ENOUGH_GDAO),
  );
}
