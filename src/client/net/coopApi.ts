/**
 * The community endpoints (spec 2 §7, contracts H3), typed; each returns an ApiResult and never throws:
 * the gDAO income ledger, the published monthly distributions and the Patricius Tax Box. Schemas are lenient
 * about numbers arriving as strings or numbers (FACTS.md), and keep money as decimal strings.
 */
import { z } from '../../shared/zod';
import { createHttp, type ApiResult, type Http } from './http';
import { money } from './lenientFields';

const count = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((v) => Number(v)),
);

/** `POST /api/rooms/gdaoledger`: the player's monthly gDAO income figures. */
export const ledgerSchema = z.looseObject({
  monthly_income: money,
  total_patrons: count,
  social_income: money,
  patron_income: money,
  burned: money,
  patron_active: count,
});

/** The ledger figures. */
export type LedgerFigures = z.infer<typeof ledgerSchema>;

// The list may name the months alone or carry each month's summary; the screen needs the months.
const monthEntry = z.union([
  z.string(),
  z.pipe(
    z.looseObject({ month: z.string() }),
    z.transform((m) => m.month),
  ),
]);

/** `GET /api/gdao/distributions`: the published months, as 'YYYY-MM' texts. */
export const distributionMonthsSchema = z.array(monthEntry);

/** One published row of a month: the Merkle leaf's fields and the share (no name). */
export const distributionRowSchema = z.looseObject({
  user_id: z.int(),
  activity: z.union([z.number(), z.string()]),
  share: money,
  amount: money,
});

/** Where a month's Merkle root stands on the chain (absent from servers before the Merkle tree). */
export const anchorSchema = z.looseObject({
  status: z.string(),
  from: z.nullish(z.string()),
  tx_hash: z.nullish(z.string()),
  block_number: z.nullish(z.number()),
  block_time: z.nullish(z.string()),
  calldata: z.nullish(z.string()),
});

/** `GET /api/gdao/distributions/{month}`: the month's budget, root hashes, anchoring and rows. */
export const distributionSchema = z.looseObject({
  month: z.string(),
  budget: money,
  root_hash: z.string(),
  merkle_root: z.nullish(z.string()),
  anchor: z.nullish(anchorSchema),
  rows: z.array(distributionRowSchema),
});

/** `GET /api/gdao/distributions/{month}/proof`: the player's leaf and its Merkle proof. */
export const leafProofSchema = z.looseObject({
  month: z.string(),
  merkle_root: z.string(),
  anchor: z.nullish(anchorSchema),
  leaf: z.looseObject({ user_id: z.int(), activity: z.union([z.number(), z.string()]), amount: money }),
  index: z.int(),
  leaf_count: z.int(),
  siblings: z.array(z.string()),
});

/** A published month. */
export type Distribution = z.infer<typeof distributionSchema>;
/** One row of a published month. */
export type DistributionRow = z.infer<typeof distributionRowSchema>;
/** A month's anchoring transaction. */
export type Anchor = z.infer<typeof anchorSchema>;
/** The player's leaf and proof. */
export type LeafProof = z.infer<typeof leafProofSchema>;

/** `POST /api/rooms/tax`: the new end of the player's Patricius title. */
export const taxResultSchema = z.looseObject({ patricius: z.nullable(z.string()) });

/** Creates the community endpoints over an HTTP client. */
export function createCoopApi(http: Http) {
  return {
    /** POST /api/rooms/gdaoledger: this month's income figures (a read; the product's path is a POST). */
    ledger: (): Promise<ApiResult<LedgerFigures>> => http.post('/api/rooms/gdaoledger', {}, { schema: ledgerSchema }),
    /** GET /api/gdao/distributions: the months whose distribution is published. */
    distributionMonths: (): Promise<ApiResult<string[]>> => http.get('/api/gdao/distributions', { schema: distributionMonthsSchema }),
    /** GET /api/gdao/distributions/{month}: one month's rows and root hash. */
    distribution: (month: string): Promise<ApiResult<Distribution>> =>
      http.get(`/api/gdao/distributions/${encodeURIComponent(month)}`, { schema: distributionSchema }),
    /** GET /api/gdao/distributions/{month}/proof: the player's own leaf and Merkle proof (404 without a share). */
    proof: (month: string): Promise<ApiResult<LeafProof>> =>
      http.get(`/api/gdao/distributions/${encodeURIComponent(month)}/proof`, { schema: leafProofSchema }),
    /** POST /api/rooms/tax: puts one Tax Commendation in; answers the title's new end. */
    payTax: (): Promise<ApiResult<{ patricius: string | null }>> => http.post('/api/rooms/tax', {}, { schema: taxResultSchema }),
  };
}

/** The endpoints' type. */
export type CoopApi = ReturnType<typeof createCoopApi>;

/** The app's community endpoints over the same-origin HTTP client. */
export const coopApi: CoopApi = createCoopApi(createHttp());
