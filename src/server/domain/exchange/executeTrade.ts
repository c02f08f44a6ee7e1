/** Runs one trade for a player: the activation guard, validation, then the `exchange` transaction in one commit. */
import type { Ledger } from '../../ledger/index';
import { AppError } from '../errors';
import type { RequestOutcome, RequestRef } from '../requests/requestRecords';
import type { TransactionUpdateListener } from '../transactions/index';
import { executeNow, type ActionAnswer } from '../wallet/executeNow';
import { requireActiveWallet, type ActivationFlags } from '../wallet/walletGuard';
import { INSUFFICIENT, POOL_LIMIT } from '../wallet/walletTexts';
import { amountRefused, EXCHANGE_KIND, readTradeRequest } from './exchangeTrade';

/** `POST /api/wallet/exchange`: executes `body` for `user` (once per Idempotency-Key when sent). */
export function executeTrade(
  ledger: Ledger,
  user: ActivationFlags & { id: number },
  body: Record<string, unknown>,
  ref: RequestRef | undefined,
  onUpdate?: TransactionUpdateListener,
): Promise<RequestOutcome<ActionAnswer>> {
  requireActiveWallet(user);
  const req = readTradeRequest(body);
  return executeNow(
    ledger,
    { userId: user.id, kind: EXCHANGE_KIND, payload: { ...req } },
    ref,
    // The payout leg overdrew its pool, any other leg the player.
    (err) => (err.transferId?.endsWith(':out') ? new AppError(422, POOL_LIMIT[req.to]) : amountRefused(INSUFFICIENT[req.from])),
    onUpdate,
  );
}
