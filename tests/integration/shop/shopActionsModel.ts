/**
 * The model behind the shop and item-action property test: the generated steps (purchases, drops, item
 * actions, parallel bursts with duplicates, races for the last counted units) and what the players must
 * hold, computed only from the successful, non-replayed answers (bought − used).
 */
import fc from 'fast-check';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../src/shared/api/transactions';
import { ITEM_IDS, itemAsset } from '../../../src/shared/money/assets';
import { ENCHANT_GDAO, EXTRACTS_PER_ANGLS } from '../../../src/server/domain/items/itemActionsConfig';
import type { TestResponse } from '../../support/server';

/** Players per scenario. */
export const PLAYERS = 3;

/** The listings a step may buy: [type, name, currency] (shop.test.ts' listingId reads them). */
export const LISTINGS = {
  egg: ['egg', 'Common Egg', 'ngls'],
  cookie: ['item', 'Golden Cookie', 'ngls'],
  extract: ['item', 'Extraction Extract', 'ngls'],
  apple: ['item', 'Precision Apple', 'ngls'],
  appleUsdc: ['item', 'Precision Apple', 'busd'],
  tome: ['item', 'Transmutation Tome', 'ngls'],
  tomeBnb: ['item', 'Transmutation Tome', 'bnb'],
  tomeGdao: ['gdao', 'Transmutation Tome', 'token'],
  incense: ['item', 'Incense', 'ngls'],
  map: ['item', 'Caravan Map', 'ngls'],
  tax: ['gdao', 'Tax Commendation', 'token'],
  puffGdao: ['gdao', 'Puff of Wisdom', 'token'],
} as const;
/** A listing's key. */
export type ListingKey = keyof typeof LISTINGS;
/** The counted listings (they sell from `shop_stock`), the ones races are run on. */
export const COUNTED: readonly ListingKey[] = ['incense', 'map', 'tax', 'tomeGdao'];

/** One HTTP request of a player (`e` picks one of the eidols the player has been seen to own). */
export type Op = { p: number; key?: string } & (
  | { t: 'buy'; listing: ListingKey }
  | { t: 'drop'; item: number }
  | { t: 'feed' | 'apple' | 'extract'; e: number; amount: number }
  | { t: 'pop' | 'transmuteegg' | 'confirmloss'; e: number }
  | { t: 'enchant' }
);

/** A step: one request, a parallel burst, a race for the last units, or what a round would do to an eidol. */
export type Step =
  | { t: 'one'; op: Op }
  | { t: 'par'; ops: Op[] }
  | { t: 'focus'; p: number; e: number; lose: boolean; ops: Op[] }
  | { t: 'race'; listing: ListingKey; stock: number; buyers: number[] }
  | { t: 'lose'; p: number; e: number }
  | { t: 'ripen'; p: number };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const eidol = fc.integer({ min: 0, max: 3 });

function opArb(): fc.Arbitrary<Op> {
  const keys = Object.keys(LISTINGS) as ListingKey[];
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ t: fc.constant('buy' as const), p: player, listing: fc.constantFrom(...keys) }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('drop' as const), p: player, item: fc.constantFrom(5, 5, 7, 9, 14, 6) }) },
    { weight: 3, arbitrary: fc.record({ t: fc.constant('feed' as const), p: player, e: eidol, amount: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('apple' as const), p: player, e: eidol, amount: fc.integer({ min: 1, max: 2 }) }) },
    {
      weight: 2,
      arbitrary: fc.record({ t: fc.constant('extract' as const), p: player, e: eidol, amount: fc.integer({ min: 1, max: 12 }) }),
    },
    { weight: 1, arbitrary: fc.record({ t: fc.constantFrom('pop' as const, 'transmuteegg' as const), p: player, e: eidol }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('confirmloss' as const), p: player, e: eidol }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('enchant' as const), p: player }) },
  );
}

/** A burst of 5–20 requests: each generated request is sent 1–3 times, the copies with one key or none. */
function burstArb(): fc.Arbitrary<Step> {
  return fc
    .array(fc.record({ op: opArb(), copies: fc.integer({ min: 1, max: 3 }), sameKey: fc.boolean() }), { minLength: 3, maxLength: 8 })
    .map((gen) => {
      const ops: Op[] = [];
      gen.forEach(({ op, copies, sameKey }, i) => {
        for (let c = 0; c < copies; c++) ops.push(sameKey ? { ...op, key: `k${i}` } : op);
      });
      for (let i = 0; ops.length < 5; i++) ops.push(ops[i]!);
      return { t: 'par' as const, ops: ops.slice(0, 20) };
    });
}

/** A burst of 5–12 actions on one eidol of one player (with a lost value first, confirm loss meets feeds and pops). */
function focusArb(): fc.Arbitrary<Step> {
  const action = fc.oneof(
    fc.record({ t: fc.constantFrom('feed' as const, 'apple' as const), amount: fc.integer({ min: 1, max: 2 }) }),
    fc.record({ t: fc.constant('extract' as const), amount: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ t: fc.constantFrom('pop' as const, 'confirmloss' as const, 'transmuteegg' as const) }),
  );
  return fc
    .record({ p: player, e: eidol, lose: fc.boolean(), actions: fc.array(action, { minLength: 5, maxLength: 12 }) })
    .map(({ p, e, lose, actions }) => ({ t: 'focus' as const, p, e, lose, ops: actions.map((a) => ({ ...a, p, e }) as Op) }));
}

/** Steps of one scenario. */
export function stepArb(): fc.Arbitrary<Step> {
  return fc.oneof(
    { weight: 6, arbitrary: opArb().map((op) => ({ t: 'one' as const, op })) },
    { weight: 4, arbitrary: burstArb() },
    { weight: 3, arbitrary: focusArb() },
    {
      weight: 2,
      arbitrary: fc.record({
        t: fc.constant('race' as const),
        listing: fc.constantFrom(...COUNTED),
        stock: fc.integer({ min: 0, max: 3 }),
        buyers: fc.array(player, { minLength: 5, maxLength: 20 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('lose' as const), p: player, e: eidol }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('ripen' as const), p: player }) },
  );
}

/** What a listing is, read once from `shop_items`. */
export interface ListingInfo {
  id: number;
  type: string;
  itemId: number | undefined;
  counted: boolean;
  priceToken: bigint;
}

/** The expected holdings: per player and asset, the eidols seen, and the counted stock per item. */
export class ShopModel {
  readonly holds: Array<Map<string, bigint>>;
  readonly eidols: number[][];
  /** Counted stock per item id (the `shop_stock` balance), and units sold from it per item id. */
  readonly stock = new Map<number, bigint>();
  readonly sold = new Map<number, bigint>();
  /** Answers per outcome (`<op> <status>`), to show what the run exercised. */
  readonly seen: Record<string, number> = {};

  constructor(
    players: number,
    readonly listings: Record<ListingKey, ListingInfo>,
    /** The gDAO store listing a drop of item id buys (the first active one). */
    readonly dropListing: Map<number, ListingInfo>,
  ) {
    this.holds = Array.from({ length: players }, () => new Map());
    this.eidols = Array.from({ length: players }, () => []);
  }

  /** Adds `delta` to what player `p` must hold of `asset`. */
  add(p: number, asset: string, delta: bigint): void {
    this.holds[p]!.set(asset, (this.holds[p]!.get(asset) ?? 0n) + delta);
  }

  /** The eidol id `e` of player `p` picks (999999: none seen yet, a 404). */
  eidolOf(p: number, e: number): number {
    const ids = this.eidols[p]!;
    return ids.length === 0 ? 999_999 : ids[e % ids.length]!;
  }

  private sell(info: ListingInfo, quantity: bigint): void {
    if (!info.counted || info.itemId === undefined) return;
    this.stock.set(info.itemId, (this.stock.get(info.itemId) ?? 0n) - quantity);
    this.sold.set(info.itemId, (this.sold.get(info.itemId) ?? 0n) + quantity);
  }

  /** Books a successful first answer of `op` (a replay or a refusal moved nothing); returns an error text or ''. */
  apply(op: Op, res: TestResponse): string {
    const replayed = res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true';
    this.seen[`${op.t} ${res.status}${replayed ? ' replay' : ''}`] =
      (this.seen[`${op.t} ${res.status}${replayed ? ' replay' : ''}`] ?? 0) + 1;
    if (res.status >= 500) return `5xx answer ${res.status} to ${JSON.stringify(op)}: ${res.text}`;
    if (res.status !== 200 || replayed) return '';
    const data = res.body.data;
    switch (op.t) {
      case 'buy': {
        const info = this.listings[op.listing];
        if (info.type === 'egg') {
          this.eidols[op.p]!.push(data.result.oogle_id);
          return '';
        }
        if (data.result.item_id !== info.itemId || data.result.quantity !== 1)
          return `bought ${JSON.stringify(data.result)} of listing ${op.listing}`;
        this.add(op.p, itemAsset(info.itemId!), 1n);
        this.add(op.p, 'GDAO', -info.priceToken);
        this.sell(info, 1n);
        return '';
      }
      case 'drop': {
        if (op.item === ITEM_IDS.JAR_CLAIM_DROP) {
          this.add(op.p, itemAsset(ITEM_IDS.EGGTOPLASM_JAR), 1n);
          this.add(op.p, 'GDAO', -7n);
          return data.item_id === ITEM_IDS.EGGTOPLASM_JAR && data.quantity === 1 ? '' : `jar claim gave ${JSON.stringify(data)}`;
        }
        const info = this.dropListing.get(op.item);
        if (!info || data.item_id !== op.item || data.quantity !== 1) return `drop of ${op.item} gave ${JSON.stringify(data)}`;
        this.add(op.p, itemAsset(op.item), 1n);
        this.add(op.p, 'GDAO', -info.priceToken);
        this.sell(info, 1n);
        return '';
      }
      case 'feed':
        this.add(op.p, itemAsset(ITEM_IDS.GOLDEN_COOKIE), -BigInt(op.amount));
        return '';
      case 'apple':
        this.add(op.p, itemAsset(ITEM_IDS.PRECISION_APPLE), -BigInt(op.amount));
        return '';
      case 'extract':
        this.add(op.p, itemAsset(ITEM_IDS.EXTRACTION_EXTRACT), -BigInt(op.amount) * EXTRACTS_PER_ANGLS);
        return '';
      case 'transmuteegg':
        this.add(op.p, itemAsset(ITEM_IDS.TRANSMUTATION_TOME), -1n);
        return '';
      case 'enchant':
        this.add(op.p, itemAsset(ITEM_IDS.EGGTOPLASM_JAR), -1n);
        this.add(op.p, 'GDAO', -ENCHANT_GDAO);
        this.eidols[op.p]!.push(data.oogle.id);
        return '';
      default:
        return '';
    }
  }
}
