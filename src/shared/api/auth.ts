/** Request bodies of the auth calls (spec 1 §7). The server validates with these; the client builds them. */
import { z } from '../zod';

/** Number of selectable masters (investor skins 1–6). */
export const MASTER_COUNT = 6;

/** Fewest characters of a password (OWASP ASVS 5: no composition rule, passphrases welcome). */
export const PASSWORD_MIN_LENGTH = 8;
/** Most characters of a password. */
export const PASSWORD_MAX_LENGTH = 256;
/** What the register and new-password screens tell the player about passwords. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; a passphrase of a few words is best. Common passwords and ones containing your nickname or e-mail are refused.`;

/** POST /api/auth/login — `username` is the e-mail. */
export const loginBody = z.object({
  username: z.string(),
  password: z.string(),
});

/** POST /api/auth/register. */
export const registerBody = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
  skin_id: z.union([z.number(), z.string()]),
  ref_user_id: z.optional(z.union([z.number(), z.string(), z.null()])),
  ref_code: z.optional(z.union([z.string(), z.null()])),
});

/** POST /api/auth/reset-password. */
export const resetRequestBody = z.object({ email: z.string() });

/** POST /api/auth/reset/password. */
export const resetBody = z.object({
  token: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});

/** GET /api/auth/register/ref/{code} → data. */
export const referrerSchema = z.object({
  id: z.int(),
  name: z.string(),
  investor_skin_id: z.int(),
});

/** GET /api/config → data: the brand and public settings the client shows. */
export const publicConfigSchema = z.object({
  product_name: z.string(),
  admin_name: z.string(),
  round_open_seconds: z.int(),
  round_locked_seconds: z.int(),
  /** External links of the wallet's left menu (spec 1 §2); an entry without a URL is not shown. */
  links: z.optional(
    z.partial(z.object({ buy_sell: z.string(), help: z.string(), website: z.string(), news: z.string(), chat: z.string() })),
  ),
});

/** Login body. */
export type LoginBody = z.infer<typeof loginBody>;
/** Register body. */
export type RegisterBody = z.infer<typeof registerBody>;
/** Referrer lookup answer. */
export type Referrer = z.infer<typeof referrerSchema>;
/** Public configuration. */
export type PublicConfig = z.infer<typeof publicConfigSchema>;
