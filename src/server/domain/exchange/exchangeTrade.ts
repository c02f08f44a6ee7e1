/**
 * `POST /api/wallet/exchange {from_currency, to_currency, amount}` (ECONOMY.md "Exchange (GSCB)"): mint
 * USDC → ANGLS, melt ANGLS → USDC within the weekly allowance, swap USDC ↔ BNB; each against its pool,
 * its fee to the mining pool of the fee's currency. Booked as an `exchange` transaction whose row,
 * transfers and melt total commit together; every refusal writes nothing.
 */
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import { formatUnits } from '../../../shared/money/format';
import { getAccount, playerAccount, systemAccount, transferBatch, type LedgerTx, type PostedInput } from '../../ledger/index';
import { registerTransactionKind, type TransactionRecord } from '../transactions/index';
import { AppError, ErrorBag, validationFailed } from '../errors';
import { amountUnits, LEDGER_CODE, wireCurrencyOf, type WireCurrency } from '../wallet/walletInput';
import { INSUFFICIENT, POOL_LIMIT, SPECIFY_AMOUNT, UNKNOWN_CURRENCY, UNSUPPORTED_PAIR, WEEKLY_LIMIT_EXCEEDED } from '../wallet/walletTexts';
import { EXCHANGE_RATES } from './exchangeConfig';
import { quoteBnbToUsdc, quoteMelt, quoteMint, quoteUsdcToBnb, ratioOf, type Quote } from './exchangeMath';
import { meltAllowanceLeft, recordMelt } from './meltAllowance';
import { poolAccount, poolAvailable, type PoolName } from './exchangePools';

/** The transaction kind of a trade. */
export const EXCHANGE_KIND = 'exchange';

/** The four trades: which pool pays, and how the quote is made. */
const PAIRS = {
  'busd>ngls': { op: 'mint', pool: 'exchangePoolNgls', feeIn: 'received' },
  'ngls>busd': { op: 'melt', pool: 'exchangePoolBusdNgls', feeIn: 'paid' },
  'busd>bnb': { op: 'swap', pool: 'exchangePoolBnb', feeIn: 'paid' },
  'bnb>busd': { op: 'swap', pool: 'exchangePoolBusdBnb', feeIn: 'paid' },
} as const satisfies Record<string, { op: string; pool: PoolName; feeIn: 'paid' | 'received' }>;

type PairKey = keyof typeof PAIRS;

/** A validated trade request. */
export interface TradeRequest {
  from: WireCurrency;
  to: WireCurrency;
  /** Units of `from`. */
  amount: bigint;
}

/** The exact quote of `req` at the configured rates. */
export function quoteTrade(req: TradeRequest): Quote {
  const r = EXCHANGE_RATES;
  switch (`${req.from}>${req.to}` as PairKey) {
    case 'busd>ngls':
      return quoteMint(req.amount, ratioOf(r.nglsPrice), ratioOf(r.nglsFee));
    case 'ngls>busd':
      return quoteMelt(req.amount, ratioOf(r.nglsSPrice), ratioOf(r.nglsFee));
    case 'busd>bnb':
      return quoteUsdcToBnb(req.amount, ratioOf(r.bnbPrice), ratioOf(r.bnbFee));
    case 'bnb>busd':
      return quoteBnbToUsdc(req.amount, ratioOf(r.bnbPrice), ratioOf(r.bnbFee));
  }
}

/** An amount refusal: the client shows the first amount error minus its last character (spec 2 §8), so it ends with a period. */
export function amountRefused(text: string): AppError {
  return validationFailed({ amount: [`${text}.`] });
}

/** Reads and checks the body; throws 422 with the spec's texts (nothing is read from the ledger yet). */
export function readTradeRequest(body: Record<string, unknown>): TradeRequest {
  const bag = new ErrorBag(['from_currency', 'to_currency', 'amount']);
  const from = wireCurrencyOf(body.from_currency);
  const to = wireCurrencyOf(body.to_currency);
  if (!from) bag.add('from_currency', UNKNOWN_CURRENCY);
  if (!to) bag.add('to_currency', UNKNOWN_CURRENCY);
  if (from && to && !(`${from}>${to}` in PAIRS)) bag.add('to_currency', UNSUPPORTED_PAIR);
  const amount = from ? amountUnits(body.amount, from) : undefined;
  if (from && amount === undefined) bag.add('amount', `${SPECIFY_AMOUNT}.`);
  bag.throwIfAny();
  const req = { from: from!, to: to!, amount: amount! };
  // So small that nothing would arrive: the player would pay for nothing.
  if (quoteTrade(req).received <= 0n) throw amountRefused(SPECIFY_AMOUNT);
  return req;
}

const spendable = async (tx: LedgerTx, account: number) => {
  const a = await getAccount(tx.kysely, account);
  return a ? a.balance - a.debitsPending : 0n;
};

/** Applies a trade inside `tx` for the `exchange` transaction `record`; throws the spec's refusals. */
async function applyTrade(tx: LedgerTx, record: TransactionRecord) {
  const req = record.payload as unknown as TradeRequest;
  const pair = PAIRS[`${req.from}>${req.to}` as PairKey];
  // One trade of a player at a time (PostgreSQL): the weekly allowance is read and raised under this lock.
  const user = await tx.kysely
    .selectFrom('users')
    .select(['id', 'level'])
    .where('id', '=', record.userId)
    .$if(tx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
  const q = quoteTrade(req);
  const fromAsset = LEDGER_CODE[req.from];
  const toAsset = LEDGER_CODE[req.to];
  const player = await playerAccount(tx, record.userId, fromAsset);
  if ((await spendable(tx, player)) < req.amount) throw amountRefused(INSUFFICIENT[req.from]);
  if (pair.op === 'melt' && req.amount > (await meltAllowanceLeft(tx.kysely, record.userId, user.level, tx.now))) {
    throw amountRefused(WEEKLY_LIMIT_EXCEEDED);
  }
  const pool = await poolAccount(tx, pair.pool);
  const poolNeeds = q.received + (pair.feeIn === 'received' ? q.fee : 0n);
  if ((await poolAvailable(tx, pair.pool)) < poolNeeds) throw new AppError(422, POOL_LIMIT[req.to]);

  // The paid side goes to the pool of the same pair (the reserve for ANGLS ↔ USDC, the exchange pool for swaps).
  const paidPool =
    pair.op === 'swap' ? await systemAccount(tx, 'exchange_pool', fromAsset) : await systemAccount(tx, 'gscb_reserve', fromAsset);
  const feeAsset = pair.feeIn === 'received' ? toAsset : fromAsset;
  const feeFrom = pair.feeIn === 'received' ? pool : player;
  const id = (leg: string) => `exchange:${record.id}:${leg}`;
  const legs: PostedInput[] = [
    {
      id: id('pay'),
      debit: player,
      credit: paidPool,
      amount: pair.feeIn === 'paid' ? req.amount - q.fee : req.amount,
      code: `exchange-${pair.op}`,
      ref: record.id,
    },
    {
      id: id('fee'),
      debit: feeFrom,
      credit: await systemAccount(tx, 'mining_pool', feeAsset),
      amount: q.fee,
      code: 'exchange-fee',
      ref: record.id,
    },
    {
      id: id('out'),
      debit: pool,
      credit: await playerAccount(tx, record.userId, toAsset),
      amount: q.received,
      code: `exchange-${pair.op}`,
      ref: record.id,
    },
  ];
  await transferBatch(
    tx,
    legs.filter((l) => l.amount > 0n),
  );
  if (pair.op === 'melt') await recordMelt(tx, record.userId, req.amount);
  const fmt = (units: bigint, asset: keyof typeof CURRENCY_ASSETS) => formatUnits(units, CURRENCY_ASSETS[asset].scale);
  return {
    result: {
      from_currency: req.from,
      to_currency: req.to,
      amount: fmt(req.amount, fromAsset),
      received: fmt(q.received, toAsset),
      fee: fmt(q.fee, feeAsset),
      fee_currency: pair.feeIn === 'received' ? req.to : req.from,
      bonus: fmt(q.bonus, toAsset),
    },
  };
}

registerTransactionKind(EXCHANGE_KIND, {
  commit: applyTrade,
  // A commit through the generic route reads the same texts as executeTrade's refusals.
  ledgerRefusal(record, err) {
    if (err.code !== 'exceeds_balance') return undefined;
    const req = record.payload as unknown as TradeRequest;
    return err.transferId?.endsWith(':out') ? POOL_LIMIT[req.to] : INSUFFICIENT[req.from];
  },
});
