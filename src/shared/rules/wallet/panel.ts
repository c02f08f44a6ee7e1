/** Wallet-panel rules of spec 1 §2 and §6: activation (Invoke Mastership), badges, gDAO count, XP bar. */

/** The user fields these rules read. */
export interface WalletUser {
  start_gas: boolean;
  start_pack: boolean;
  senator: string | null;
  patricius: string | null;
  xp: number;
  next_level_xp: number;
  items: ReadonlyArray<{ id: number; quantity: number }>;
}

/** Item id of the gDAO community token counted in the wallet. */
export const GDAO_ITEM_ID = 4;

/**
 * Where Invoke Mastership leads, or null when the wallet is active. Wallet actions need both start_gas and
 * start_pack; the gas deposit comes first, so with start_gas set the next step is the starter pack.
 */
export function mastershipTarget(user: Pick<WalletUser, 'start_gas' | 'start_pack'>): '/startergas' | '/starterbuy' | null {
  if (user.start_gas && user.start_pack) return null;
  return user.start_gas ? '/starterbuy' : '/startergas';
}

/** Where a wallet action (Send Coins, GSCB Exchange) really goes: the action, or activation first. */
export function walletActionTarget(user: Pick<WalletUser, 'start_gas' | 'start_pack'>, action: string): string {
  return mastershipTarget(user) ?? action;
}

/** Parses the wire's UTC "YYYY-MM-DD HH:MM:SS" (or ISO) time into epoch ms; NaN when unreadable. */
export function parseUtc(text: string): number {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  return Date.parse(iso);
}

/** Whether an honorary status (senator, patricius) is active: its expiry lies in the future. */
export function badgeActive(expiry: string | null | undefined, nowMs: number): boolean {
  if (!expiry) return false;
  const t = parseUtc(expiry);
  return Number.isFinite(t) && t > nowMs;
}

/** The S and P badges to show now. */
export function activeBadges(user: Pick<WalletUser, 'senator' | 'patricius'>, nowMs: number): Array<'S' | 'P'> {
  const out: Array<'S' | 'P'> = [];
  if (badgeActive(user.senator, nowMs)) out.push('S');
  if (badgeActive(user.patricius, nowMs)) out.push('P');
  return out;
}

/** Quantity of the gDAO token item (id 4), 0 when absent. */
export function gdaoQuantity(items: WalletUser['items']): number {
  return items.filter((i) => i.id === GDAO_ITEM_ID).reduce((sum, i) => sum + i.quantity, 0);
}

/** Fill of the XP bar, 0..1 (xp over next_level_xp). */
export function xpFraction(xp: number, nextLevelXp: number): number {
  if (!(nextLevelXp > 0)) return 0;
  return Math.min(1, Math.max(0, xp / nextLevelXp));
}
