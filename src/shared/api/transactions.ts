/**
 * The two-stage transaction flow (spec 2 §4, FACTS.md "Fee precalculation"): a feature's precalculation
 * answers `{transaction:{id}, precalcData:{fee:{bnb, ngls, busd}}}`, then `POST /api/transactions/{id}/commit`
 * applies it; every status change reaches the owner as `transaction_update`.
 */
import { z } from '../zod';

/** A transaction's states: waiting for its commit, committed but not final (chain), done, failed. */
export const TRANSACTION_STATUSES = ['new', 'pending', 'success', 'fail'] as const;

/** One of TRANSACTION_STATUSES. */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The request header carrying a client's key for a money-moving request (optional: see README). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Answer header set to `true` when an answer is a replay of the first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Path parameters of `POST /api/transactions/{id}/commit`. */
export const commitParams = z.object({ id: z.string() });

/** The gas of a precalculation per currency, as decimal strings. */
export const precalcFeeSchema = z.object({ bnb: z.string(), ngls: z.string(), busd: z.string() });

/** Where a send goes: to another player inside the wallet (no chain, no gas) or out on the chain (a withdrawal). */
export const SEND_DESTINATIONS = ['player', 'chain'] as const;

/** One of SEND_DESTINATIONS. */
export type SendDestination = (typeof SEND_DESTINATIONS)[number];

/**
 * The `data` of a precalculating call (send, exchange, shop, starter pack). A send's answer also says where it
 * goes (`destination`), so its confirm step can tell an on-chain withdrawal from a payment to a player.
 */
export const precalcDataSchema = z.object({
  transaction: z.object({ id: z.string() }),
  // A withdrawal to an address with code on the chain (a contract) says so: the confirm step warns.
  precalcData: z.object({
    fee: precalcFeeSchema,
    destination: z.optional(z.enum(SEND_DESTINATIONS)),
    address_has_code: z.optional(z.boolean()),
  }),
});

/** A transaction as its owner sees it. */
export const transactionViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  message: z.nullable(z.string()),
});

/** The `data` of a successful commit: the transaction and what its feature answered. */
export const commitDataSchema = z.object({
  transaction: transactionViewSchema,
  result: z.unknown(),
});

/** The fields of a `transaction_update` socket event. */
export const transactionUpdateSchema = transactionViewSchema;

/** The `data` of a precalculation. */
export type PrecalcData = z.infer<typeof precalcDataSchema>;
/** A transaction as its owner sees it. */
export type TransactionView = z.infer<typeof transactionViewSchema>;
/** The `data` of a successful commit. */
export type CommitData = z.infer<typeof commitDataSchema>;
