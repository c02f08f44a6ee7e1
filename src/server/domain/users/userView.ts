/** The one place a user row becomes the user the client reads (FACTS.md "User"). */
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/tables/auth';
import type { Item, User } from '../../../shared/api/user';
import { formatUnits } from '../../../shared/money/format';
import { CURRENCY_ASSETS, ITEM_IDS } from '../../../shared/money/assets';
import { nextLevelXp } from '../../../shared/rules/levels';
import type { UserBalances } from './balances';
import { itemsView } from './itemsView';
import { wireTime } from './userTime';

/** A user row as read from the database. */
export type UserRow = Selectable<UsersTable>;

/** Decimal places of each balance on the wire: the ledger scale of its asset. */
export const WIRE_DECIMALS = {
  ngls: CURRENCY_ASSETS.ANGLS.scale,
  busd: CURRENCY_ASSETS.USDC.scale,
  bnb: CURRENCY_ASSETS.BNB.scale,
} as const;

/** Everything beside the row that the view needs. */
export interface UserViewContext {
  publicUrl: string;
  balances: UserBalances;
  /** Number of players this user referred. */
  refCount: number;
  /** gDAO received from referral rewards (`ref_tokens`); 0 when not read. */
  refTokens?: number;
  /** Remaining weekly melt allowance in ANGLS units (meltAllowanceLeft); 0 when not read. */
  withdraws?: bigint;
  /** Every item held (item id → quantity, ledger `itemsOf`); without it only the gDAO balance is listed. */
  items?: ReadonlyMap<number, bigint>;
}

/** The referral landing link of a ref code. */
export function refLink(publicUrl: string, refCode: string): string {
  return `${publicUrl}/register/code/${refCode}`;
}

function gdaoItems(gdao: bigint): Item[] {
  // The token is a ledger asset; the client counts it as inventory item 4.
  return itemsView(new Map([[ITEM_IDS.GDAO_TOKEN, gdao]]));
}

/** Builds the wire user from its row, balances and referral count. */
export function toUserView(row: UserRow, ctx: UserViewContext): User {
  const ngls = formatUnits(ctx.balances.ngls, WIRE_DECIMALS.ngls);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_confirmed: row.email_confirmed === 1,
    investor_skin_id: row.investor_skin_id,
    balance_ngls: ngls,
    balance_bnb: formatUnits(ctx.balances.bnb, WIRE_DECIMALS.bnb),
    balance_busd: formatUnits(ctx.balances.busd, WIRE_DECIMALS.busd),
    ref_code: row.ref_code,
    ref_link: refLink(ctx.publicUrl, row.ref_code),
    ref_count: ctx.refCount,
    ref_tokens: ctx.refTokens ?? 0,
    xp: row.xp,
    level: row.level,
    next_level_xp: nextLevelXp(row.level),
    completed_onboarding: row.completed_onboarding === 1,
    start_pack: row.start_pack === 1,
    start_gas: row.start_gas === 1,
    senator: wireTime(row.senator_until),
    patricius: wireTime(row.patricius_until),
    wallet_balance: ngls,
    multiplier: 1,
    withdraws: formatUnits(ctx.withdraws ?? 0n, WIRE_DECIMALS.ngls),
    ws_auth_token: row.ws_auth_token,
    items: ctx.items ? itemsView(ctx.items) : gdaoItems(ctx.balances.gdao),
    is_admin: row.is_admin === 1,
  };
}
