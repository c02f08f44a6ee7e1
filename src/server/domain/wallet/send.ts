/**
 * `POST /api/wallet/send` (spec 2 §2 Send, §4, §5): the precalculation validates with the rules the client
 * uses (src/shared/rules/wallet) and stores a `send` transaction; its commit moves the money. To another
 * player's deposit address it is an internal ledger transfer (no chain, no gas); anywhere else it is a
 * withdrawal: amount + gas reserved as pending transfers and queued for the chain (withdrawals.ts).
 */
import { AppError } from '../errors';
import type { SendDestination } from '../../../shared/api/transactions';
import { createTransaction, registerTransactionKind, type TransactionRecord } from '../transactions/index';
import { balancesOf, playerAccount, systemAccount, transfer, transferBatch, type Ledger } from '../../ledger/index';
import type { UserRow } from '../users/userView';
import { formatUnitsTrimmed } from '../../../shared/money/index';
import {
  assetOfWire,
  serverAmountError,
  validateAddress,
  validateSend,
  WALLET_TEXTS,
  wireScale,
  type CurrencyUnits,
  type WireCurrency,
} from '../../../shared/rules/wallet/index';
import { playersByAddress } from '../../chain/depositAddresses';
import { NO_GAS, WITHDRAW_GAS } from '../../chain/gasFees';
import { withdrawalLegs } from '../../chain/withdrawals';
import type { ChainGateway } from '../../chain/gateway';
import { checkDestination } from './withdrawalDestination';
import { canUseAddress } from './addressBook';
import { requireNotFrozen } from './withdrawalFreeze';
import { dailyLimitLeft, withdrawnToday } from './withdrawalLimits';
import type { WithdrawalSafetyConfig } from './withdrawalSafetyConfig';
import { coolingOffText, dailyLimitText } from './walletTexts';

/** The transaction kind of a send. */
export const SEND_KIND = 'send';
/** The refusal for a player whose wallet is not activated (spec 1 §6: start_gas and start_pack). */
export const NOT_ACTIVATED = 'Invoke Mastership';
/** A withdrawal's reservation outlives any chain delay; the queue posts or voids it long before. */
const WITHDRAWAL_HOLD_MS = 30 * 24 * 3600 * 1000;

/** What a send's commit needs, decided at the precalculation. */
interface SendPayload {
  currency: WireCurrency;
  units: bigint;
  gas: bigint;
  to: string;
  /** The player owning `to`, or null for an outside address. */
  recipientId: number | null;
  /** A withdrawal's daily limit in units of `currency` at the player's level (re-checked at the commit). */
  dailyLimit?: bigint;
  /** True when the outside address has code on the chain (the confirm step warns). */
  hasCode?: boolean;
  /** A fresh second factor was verified for this withdrawal (what waives an address's cooling-off). */
  factorVerified?: boolean;
}

/** What withdrawal safety needs at the precalculation (the route passes it; tests of the old path may not). */
export interface SendSafety {
  gateway: ChainGateway;
  config: WithdrawalSafetyConfig;
}

/** What the withdrawal route adds to a send's precalculation. */
export interface SendOptions {
  safety?: SendSafety;
  /**
   * Asked only for a withdrawal (an outside address), after the input and the destination are valid, so a
   * code is not used up by a send that fails anyway: true when a fresh second factor was verified, false
   * when the player has none; throws the 422 when they have one and the proof is missing or wrong.
   */
  freshFactor?: () => Promise<boolean>;
}

function refuseAddress(text: string): AppError {
  return new AppError(422, text, { to_address: [text] });
}

/** `ms` as `YYYY-MM-DD HH:MM` (UTC). */
function utcMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Withdrawal safety of a send that leaves the platform, after the address and amount checks: burn and
 * platform addresses refused, frozen accounts refused, the daily limit by level, the address book's
 * cooling-off (last: it records a new address). Answers the payload's safety fields.
 */
async function withdrawalSafety(
  ledger: Ledger,
  user: UserRow,
  currency: WireCurrency,
  units: bigint,
  to: string,
  safety: SendSafety,
  freshFactor: () => Promise<boolean>,
) {
  const k = ledger.db.kysely;
  const { hasCode } = await checkDestination(safety.gateway, to);
  await requireNotFrozen(k, user.id);
  const now = ledger.clock.now();
  const { limit, left } = await dailyLimitLeft(k, safety.config, user.id, user.level, currency, now);
  if (units > left) {
    const text = dailyLimitText(formatUnitsTrimmed(limit, wireScale(currency)), assetOfWire(currency));
    throw new AppError(422, text, { amount: [serverAmountError(text)] });
  }
  // The factor is asked for after every refusal above (none of them uses a code up) and before the
  // cooling-off, which it waives.
  const factorVerified = await freshFactor();
  const verdict = await canUseAddress(k, user.id, to, now, { factorVerified, coolingOffMs: safety.config.coolingOffMs });
  if (!verdict.ok) throw refuseAddress(coolingOffText(utcMinute(verdict.usableAt)));
  return { dailyLimit: limit, hasCode, factorVerified };
}

/** Stage 0: validates and stores the `send` transaction; throws the spec's 422 texts. */
export async function precalcSend(
  ledger: Ledger,
  user: UserRow,
  body: Record<string, unknown>,
  opts: SendOptions = {},
): Promise<TransactionRecord> {
  if (user.start_gas !== 1 || user.start_pack !== 1) throw new AppError(403, NOT_ACTIVATED);
  const address = validateAddress(body.to_address);
  const owners = address.ok ? await playersByAddress(ledger.db.kysely, [address.address]) : new Map<string, number>();
  const recipientId = address.ok ? (owners.get(address.address.toLowerCase()) ?? null) : null;
  if (recipientId === user.id) throw new AppError(422, WALLET_TEXTS.invalidAddress, { to_address: [WALLET_TEXTS.invalidAddress] });
  const gasTable: CurrencyUnits = recipientId === null ? WITHDRAW_GAS : NO_GAS;
  const b = await balancesOf(ledger.db.kysely, user.id);
  const checked = validateSend(
    { to_address: body.to_address, amount: body.amount, currency: body.currency },
    { ngls: b.ngls, busd: b.busd, bnb: b.bnb },
    gasTable,
  );
  if (!checked.ok) {
    // Clients drop the last character of an amount error (spec 2 §8): the server adds it.
    const errors = { ...checked.errors, ...(checked.errors.amount ? { amount: checked.errors.amount.map(serverAmountError) } : {}) };
    throw new AppError(422, checked.message, errors as Record<string, string[]>);
  }
  const { currency, units, to } = checked.value;
  const gas = gasTable[currency];
  const noFactor = async () => false;
  const freshFactor = opts.freshFactor ?? noFactor;
  const guarded =
    recipientId !== null
      ? {}
      : opts.safety
        ? await withdrawalSafety(ledger, user, currency, units, to, opts.safety, freshFactor)
        : { factorVerified: await freshFactor() };
  const payload: SendPayload = { currency, units, gas, to, recipientId, ...guarded };
  return ledger.run((tx) =>
    createTransaction(tx, { userId: user.id, kind: SEND_KIND, payload: payload as never, fee: { [currency]: gas } }),
  );
}

/** True when a precalculated withdrawal's address has code on the chain (a contract): the confirm step warns. */
export function sendAddressHasCode(record: TransactionRecord): boolean {
  return (record.payload as unknown as SendPayload).hasCode === true;
}

/** Where a precalculated send goes: another player's deposit address, or out on the chain. */
export function sendDestination(record: TransactionRecord): SendDestination {
  return (record.payload as unknown as SendPayload).recipientId === null ? 'chain' : 'player';
}

registerTransactionKind(SEND_KIND, {
  // Two racing commits both pass the balance check above on PostgreSQL; the ledger's locked check then
  // refuses one, and the player reads the same text as on SQLite.
  ledgerRefusal(record, err) {
    const p = record.payload as unknown as SendPayload;
    return err.code === 'exceeds_balance' ? WALLET_TEXTS.insufficient[p.currency] : undefined;
  },
  async commit(tx, record) {
    const p = record.payload as unknown as SendPayload;
    const asset = assetOfWire(p.currency);
    // The balance may have changed since the precalculation: the spec's text, not a ledger code.
    const b = await balancesOf(tx.kysely, record.userId);
    if (p.units + p.gas > b[p.currency]) throw new AppError(422, WALLET_TEXTS.insufficient[p.currency]);
    const from = await playerAccount(tx, record.userId, asset);
    const result = { amount: formatUnitsTrimmed(p.units, wireScale(p.currency)), currency: p.currency, to_address: p.to };
    if (p.recipientId !== null) {
      const to = await playerAccount(tx, p.recipientId, asset);
      await transfer(tx, { id: `send:${record.id}:internal`, debit: from, credit: to, amount: p.units, code: 'send', ref: record.id });
      return { result: { ...result, internal: true }, credited: [p.recipientId] };
    }
    // Safety again at the commit: a freeze, the cooling-off and the day's other withdrawals may have
    // changed since the precalculation.
    await requireNotFrozen(tx.kysely, record.userId);
    if (p.dailyLimit !== undefined) {
      const used = await withdrawnToday(tx.kysely, record.userId, p.currency, tx.now);
      if (used + p.units > BigInt(p.dailyLimit))
        throw new AppError(422, dailyLimitText(formatUnitsTrimmed(BigInt(p.dailyLimit), wireScale(p.currency)), assetOfWire(p.currency)));
      const book = await tx.kysely
        .selectFrom('withdrawal_addresses')
        .select('usable_at')
        .where('user_id', '=', record.userId)
        .where('address', '=', p.to.toLowerCase())
        .executeTakeFirst();
      if (!book || book.usable_at > tx.now) throw refuseAddress(coolingOffText(utcMinute(book?.usable_at ?? tx.now)));
    }
    // USDC and BNB go back to the chain's custody; ANGLS leaves the ledger (minted as a token).
    const custody = await systemAccount(tx, asset === 'ANGLS' ? 'genesis' : 'chain_custody', asset);
    const fees = await systemAccount(tx, 'fees', asset);
    const legs = withdrawalLegs(record.id);
    await transferBatch(tx, [
      {
        kind: 'pending',
        id: legs.amount,
        debit: from,
        credit: custody,
        amount: p.units,
        timeoutMs: WITHDRAWAL_HOLD_MS,
        code: 'withdraw',
        ref: record.id,
      },
      ...(p.gas > 0n
        ? [
            {
              kind: 'pending' as const,
              id: legs.gas,
              debit: from,
              credit: fees,
              amount: p.gas,
              timeoutMs: WITHDRAWAL_HOLD_MS,
              code: 'withdraw_gas',
              ref: record.id,
            },
          ]
        : []),
    ]);
    await tx.kysely
      .insertInto('chain_withdrawals')
      .values({
        id: record.id,
        user_id: record.userId,
        asset,
        to_address: p.to.toLowerCase(),
        amount: p.units,
        gas: p.gas,
        chain_amount: null,
        status: 'queued',
        signer: null,
        nonce: null,
        raw: null,
        tx_hash: null,
        created_at: tx.now,
        updated_at: tx.now,
      })
      .execute();
    return { status: 'pending', result: { ...result, internal: false } };
  },
});
