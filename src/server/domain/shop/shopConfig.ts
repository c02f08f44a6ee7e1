/**
 * Every shop number the spec leaves open (ECONOMY.md "Shops, items, gDAO and the world"), in one place and
 * listed in README.md beside this file. Prices are decimal strings in the paying currency; a listing pays
 * in exactly one currency (FACTS.md: the first non-zero of busd, bnb, ngls, token). The catalogue below is
 * what migration 0110 first seeded; the migration carries its own frozen copy, so an edit here changes no
 * database: later changes go through the admin CLI (`npm run admin -- shop:…`) or a new migration.
 */
import { ITEM_IDS } from '../../../shared/money/assets';
import { WORLD_ITEM_IDS } from '../../../shared/rules/items';
import type { EggTier } from '../../../shared/rules/eggs';

/** Spec 2 §9: every BNB payment in a shop carries 0.001 BNB, booked to `fees`. */
export const BNB_SURCHARGE = '0.001';

/** ANGLS of backing each Golden Cookie carries to `item_backing` (ECONOMY.md: a feed adds 1 ANGLS). */
export const COOKIE_BACKING_ANGLS = '1';

/** Spec 2 §9: the Eggtoplasm jar claim costs 7 gDAO (to `gdao_reserve`) and gives one jar (item 13). */
export const JAR_CLAIM_GDAO = 7n;

/** The currencies a listing can be priced in, by its price column's wire suffix. */
export type PriceCurrency = 'ngls' | 'busd' | 'bnb' | 'token';

/** One seeded listing. `stock`: 'many' (issued on sale) or the count put into `shop_stock` at start. */
export interface CatalogueEntry {
  type: 'egg' | 'item' | 'gdao';
  name: string;
  description: string;
  currency: PriceCurrency;
  price: string;
  /** Part of the price (same currency) to `treasury`; the rest of the premium goes to the mining pool. */
  nodeshare: string;
  stock: 'many' | number;
  /** Eggs: the tier. */
  egg?: EggTier;
  /** Items and gDAO-store goods: the inventory item id (src/shared/rules/items.ts). */
  itemId?: number;
}

const I = { ...ITEM_IDS, ...WORLD_ITEM_IDS };

/** Shop eggs: priced at the tier cost of spec 2 §9; 5 % of the price is the node share. */
const EGGS: CatalogueEntry[] = [
  {
    type: 'egg',
    name: 'Common Egg',
    description: 'A common Eidol egg of value 100 ANGLS.',
    currency: 'ngls',
    price: '200',
    nodeshare: '10',
    stock: 'many',
    egg: 'egg1',
  },
  {
    type: 'egg',
    name: 'Rare Egg',
    description: 'A rare Eidol egg of value 400 ANGLS.',
    currency: 'ngls',
    price: '800',
    nodeshare: '40',
    stock: 'many',
    egg: 'egg2',
  },
  {
    type: 'egg',
    name: 'Epic Egg',
    description: 'An epic Eidol egg of value 750 ANGLS.',
    currency: 'ngls',
    price: '1500',
    nodeshare: '75',
    stock: 'many',
    egg: 'egg3',
  },
  {
    type: 'egg',
    name: 'Mythic Egg',
    description: 'A mythic Eidol egg of value 1000 ANGLS.',
    currency: 'ngls',
    price: '1750',
    nodeshare: '87.5',
    stock: 'many',
    egg: 'egg4',
  },
];

/** The mage shop's items (ANGLS, plus a few in USDC and BNB). A Golden Cookie's 2 ANGLS hold its 1 ANGLS backing. */
const ITEMS: CatalogueEntry[] = [
  {
    type: 'item',
    name: 'Golden Cookie',
    description: 'Feeds an Eidol 1 ANGLS of value.',
    currency: 'ngls',
    price: '2',
    nodeshare: '0',
    stock: 'many',
    itemId: I.GOLDEN_COOKIE,
  },
  {
    type: 'item',
    name: 'Extraction Extract',
    description: 'Extracts value from an Eidol.',
    currency: 'ngls',
    price: '5',
    nodeshare: '0',
    stock: 'many',
    itemId: I.EXTRACTION_EXTRACT,
  },
  {
    type: 'item',
    name: 'Precision Apple',
    description: '+1 Precise for 24 hours.',
    currency: 'ngls',
    price: '10',
    nodeshare: '0.5',
    stock: 'many',
    itemId: I.PRECISION_APPLE,
  },
  {
    type: 'item',
    name: 'Precision Apple',
    description: '+1 Precise for 24 hours.',
    currency: 'busd',
    price: '1',
    nodeshare: '0',
    stock: 'many',
    itemId: I.PRECISION_APPLE,
  },
  {
    type: 'item',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    currency: 'ngls',
    price: '20',
    nodeshare: '1',
    stock: 'many',
    itemId: I.TRANSMUTATION_TOME,
  },
  {
    type: 'item',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    currency: 'bnb',
    price: '0.005',
    nodeshare: '0',
    stock: 'many',
    itemId: I.TRANSMUTATION_TOME,
  },
  {
    type: 'item',
    name: 'Indulgence',
    description: 'Forgiveness, in writing.',
    currency: 'ngls',
    price: '50',
    nodeshare: '2.5',
    stock: 'many',
    itemId: I.INDULGENCE,
  },
  {
    type: 'item',
    name: 'Scribe Quill',
    description: 'Inscribes a line at the Forum.',
    currency: 'ngls',
    price: '25',
    nodeshare: '0',
    stock: 'many',
    itemId: I.SCRIBE,
  },
  {
    type: 'item',
    name: 'Incense',
    description: 'Lights an incense slot: doubles the emission.',
    currency: 'ngls',
    price: '30',
    nodeshare: '1.5',
    stock: 50,
    itemId: I.INCENSE,
  },
  {
    type: 'item',
    name: 'Caravan Map',
    description: 'Sends the caravan to restock the store.',
    currency: 'ngls',
    price: '100',
    nodeshare: '5',
    stock: 10,
    itemId: I.MAP,
  },
  {
    type: 'item',
    name: 'Puff of Wisdom',
    description: 'A puff at the Forum.',
    currency: 'ngls',
    price: '3',
    nodeshare: '0',
    stock: 'many',
    itemId: I.PUFF,
  },
  {
    type: 'item',
    name: 'Tax Commendation',
    description: 'Makes you Patricius for a month.',
    currency: 'busd',
    price: '10',
    nodeshare: '0',
    stock: 'many',
    itemId: I.TAX_COMMENDATION,
  },
];

/**
 * The community (gDAO) store: goods for gDAO tokens, mostly counted (the caravan restocks them). Counted
 * listings of one item share its `shop_stock` balance, so each item has at most one counted listing here.
 */
const GDAO_STORE: CatalogueEntry[] = [
  {
    type: 'gdao',
    name: 'Tax Commendation',
    description: 'Makes you Patricius for a month.',
    currency: 'token',
    price: '10',
    nodeshare: '0',
    stock: 20,
    itemId: I.TAX_COMMENDATION,
  },
  {
    type: 'gdao',
    name: 'Transmutation Tome',
    description: 'Transmutes an egg.',
    currency: 'token',
    price: '3',
    nodeshare: '0',
    stock: 10,
    itemId: I.TRANSMUTATION_TOME,
  },
  {
    type: 'gdao',
    name: 'Puff of Wisdom',
    description: 'A puff at the Forum.',
    currency: 'token',
    price: '1',
    nodeshare: '0',
    stock: 'many',
    itemId: I.PUFF,
  },
];

/** The catalogue as first seeded (listing order = position). */
export const SHOP_CATALOGUE: readonly CatalogueEntry[] = [...EGGS, ...ITEMS, ...GDAO_STORE];
