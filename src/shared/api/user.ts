/** The user as the client reads it (FACTS.md "User"); money fields travel as decimal strings. */
import { z } from '../zod';

/** An inventory item as the client reads it. */
export const itemSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: z.string(),
  quantity: z.int(),
  image: z.string(),
  data: z.looseObject({ size: z.optional(z.number()) }),
});

/** The user of `/api/auth/status`, login and register. */
export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  email_confirmed: z.boolean(),
  investor_skin_id: z.int().check(z.gte(1), z.lte(6)),
  /** ANGLS, 8 decimals, as a decimal string. */
  balance_ngls: z.string(),
  /** BNB as a decimal string. */
  balance_bnb: z.string(),
  /** USDC as a decimal string. */
  balance_busd: z.string(),
  ref_code: z.string(),
  ref_link: z.string(),
  ref_count: z.int(),
  ref_tokens: z.int(),
  xp: z.int(),
  /** −1 no eidol yet, 0 eggs only, 1–4 Adept…Magister. */
  level: z.int().check(z.gte(-1), z.lte(4)),
  next_level_xp: z.int(),
  completed_onboarding: z.boolean(),
  start_pack: z.boolean(),
  start_gas: z.boolean(),
  /** UTC "YYYY-MM-DD HH:MM:SS" or null. */
  senator: z.nullable(z.string()),
  patricius: z.nullable(z.string()),
  wallet_balance: z.string(),
  multiplier: z.number(),
  /** Remaining weekly melt allowance in ANGLS. */
  withdraws: z.string(),
  ws_auth_token: z.string(),
  items: z.array(itemSchema),
  is_admin: z.boolean(),
});

/** A user as the client holds it. */
export type User = z.infer<typeof userSchema>;
/** An inventory item. */
export type Item = z.infer<typeof itemSchema>;

/** Level titles of the wallet panel (spec 1 §3). */
export const LEVEL_TITLES: Record<number, string> = {
  [-1]: 'Novice',
  0: 'Egg Keeper',
  1: 'Adept',
  2: 'Apprentice',
  3: 'Master',
  4: 'Magister',
};
