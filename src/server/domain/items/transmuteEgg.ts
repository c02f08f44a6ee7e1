/**
 * `POST /api/oogles/{id}/transmuteegg` (spec 2 §5): an eggtoplasm whose XP bar is full becomes an eidol
 * ('ogle', hatched now, its hatched frame), spending one Transmutation Tome (to `consumed`); its XP resets
 * (as a transmutation's does, ECONOMY.md), and the player's level follows the new hatched eidol. One batch.
 */
import { itemAsset } from '../../../shared/money/assets';
import { hatchedFrame } from '../../../shared/rules/eggs';
import { playerLevel } from '../../../shared/rules/levels';
import { playerAccount, systemAccount, transferBatch, type Ledger, type LedgerTx } from '../../ledger/index';
import { eidolValue } from '../eidols/eidolRepo';
import { toEidolView } from '../eidols/eidolView';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import { ownersStanding } from '../rounds/settlementWrites';
import { checkReady, itemsHeld, lockOwnEidol, lockRoundOpen, refuse, type ActionRequest } from './actionGuard';
import { ACTION_ITEMS } from './itemActionsConfig';
import { CANNOT_TRANSMUTE_EGGS, CANNOT_TRANSMUTE_EIDOL, NO_ECTO_TO_TRANSMUTE, NO_TOME, NOT_ENOUGH_XP } from './itemTexts';
import { runAction, type ActionResult } from './runAction';

async function transmuteIn(tx: LedgerTx, req: ActionRequest, opId: string): Promise<ActionResult> {
  const open = await lockRoundOpen(tx, req.receivedAt);
  const row = await lockOwnEidol(tx, req.userId, req.eidolId, NO_ECTO_TO_TRANSMUTE);
  if (row.type === 'egg') throw refuse(CANNOT_TRANSMUTE_EGGS);
  if (row.type !== 'ectoplasm') throw refuse(CANNOT_TRANSMUTE_EIDOL);
  // The wire's next_level_experience (toEidolView) is the bar a transmutation needs full.
  if (row.experience < toEidolView(row, 0n).next_level_experience) throw refuse(NOT_ENOUGH_XP);
  if ((await itemsHeld(tx, req.userId, ACTION_ITEMS.tome)) < 1n) throw refuse(NO_TOME);
  checkReady(row, open);

  const asset = itemAsset(ACTION_ITEMS.tome);
  await transferBatch(tx, [
    {
      id: `transmuteegg:${opId}:tome`,
      debit: await playerAccount(tx, req.userId, asset),
      credit: await systemAccount(tx, 'consumed', asset),
      amount: 1n,
      code: 'transmuteegg',
      ref: String(row.id),
    },
  ]);
  const set = {
    type: 'ogle' as const,
    experience: 0,
    hatched_at: tx.now,
    skin_image: hatchedFrame(row.collection, row.rarity, row.id),
    updated_at: tx.now,
  };
  await tx.kysely.updateTable('eidols').set(set).where('id', '=', row.id).execute();
  // A first hatched eidol makes a level-0 player titled (settlement's rule, playerLevel).
  const standing = (await ownersStanding(tx.kysely, [req.userId])).get(req.userId);
  if (standing)
    await tx.kysely
      .updateTable('users')
      .set({ level: playerLevel(standing.xp, standing), updated_at: tx.now })
      .where('id', '=', req.userId)
      .execute();
  return { oogle: toEidolView({ ...row, ...set }, await eidolValue(tx.kysely, row.id)) };
}

/** Transmutes the player's full eggtoplasm into an eidol; a refusal writes nothing. */
export function transmuteEgg(ledger: Ledger, req: ActionRequest, ref: RequestRef | undefined): Promise<RequestOutcome<ActionResult>> {
  return runAction(
    ledger,
    req.userId,
    ref,
    (tx, opId) => transmuteIn(tx, req, opId),
    () => refuse(NO_TOME),
  );
}
