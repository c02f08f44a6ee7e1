/**
 * Every shop number the spec leaves open (ECONOMY.md "Shops, items, gDAO and the world"), in one place and
 * listed in README.md beside this file. Prices are decimal strings in the paying currency; a listing pays
 * in exactly one currency (FACTS.md: the first non-zero of busd, bnb, ngls, token). The catalogue itself
 * lives in the database: migration 0110 seeded it, and later changes go through the admin CLI
 * (`npm run admin -- shop:…`) or a new migration.
 */

/** Spec 2 §9: every BNB payment in a shop carries 0.001 BNB, booked to `fees`. */
export const BNB_SURCHARGE = '0.001';

/** ANGLS of backing each Golden Cookie carries to `item_backing` (ECONOMY.md: a feed adds 1 ANGLS). */
export const COOKIE_BACKING_ANGLS = '1';

/** Spec 2 §9: the Eggtoplasm jar claim costs 7 gDAO (to `gdao_reserve`) and gives one jar (item 13). */
export const JAR_CLAIM_GDAO = 7n;

/** The currencies a listing can be priced in, by its price column's wire suffix. */
export type PriceCurrency = 'ngls' | 'busd' | 'bnb' | 'token';
