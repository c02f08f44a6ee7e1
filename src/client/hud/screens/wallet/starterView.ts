/**
 * The activation screens' logic (spec 2 §2 "Starter pack purchase", "Gas deposit", §4, §5): the gas deposit
 * check, which starter packs can be afforded (price + gas, pack 4 without gas), the purchase request.
 */
import { t } from '../../../i18n/t/home';
import type { User } from '../../../../shared/api/user';
import { checkBalance, checkGasDeposit, feeUnits, wireUnits } from '../../../../shared/rules/wallet';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { PLATFORM_ADDRESS, type FeeQuoteBody, type StarterPack } from '../../../net/walletApi';

/** Starter purchase labels (spec 2 §4). */
export const STARTER_LABELS = { stage0: t.common.precalculateGas, stage1: t.common.enterCryptonomics };
/** The gas deposit button. */
export const GAS_LABEL = t.wallet.bindCovenant;
/** Shown until a pack is chosen (not in the spec: the spec's screen always has one selected). */
export const CHOOSE_PACK = t.wallet.choosePack;
/** Shown until the covenant is agreed to. */
export const AGREE_COVENANT = t.wallet.agreeFirst;

/**
 * The pack bought without gas and without precalculation: the fourth of the list as the server orders it
 * (spec 2 §2 "Pack 4"; the wire carries no flag for it).
 */
export function isGasFree(index: number): boolean {
  return index === 3;
}

/** A pack is disabled when its USDC price plus the gas exceeds the USDC balance (no gas for pack 4). */
export function packDisabled(pack: StarterPack, index: number, user: User, fee: PrecalcFee | null): boolean {
  const gas = fee && !isGasFree(index) ? feeUnits(fee).busd : 0n;
  return checkBalance('busd', wireUnits(pack.price_busd, 'busd'), gas, wireUnits(user.balance_busd, 'busd')) !== null;
}

/** What the starter flow sends: the gas precalculation's body and the pack to buy. */
export interface StarterInput {
  quote: FeeQuoteBody;
  shopItemId: number;
}

/** The purchase request of the chosen pack, its reset key and validation text. */
export function starterRequest(
  packs: StarterPack[],
  chosen: number | null,
  user: User,
  fee: PrecalcFee | null,
): { body: StarterInput | null; key: string; invalid: string; direct: boolean } {
  const index = packs.findIndex((p) => p.id === chosen);
  const pack = packs[index];
  if (!pack) return { body: null, key: 'none', invalid: CHOOSE_PACK, direct: false };
  const direct = isGasFree(index);
  const body: StarterInput = {
    quote: { amount: pack.price_busd, currency: 'busd', to_address: PLATFORM_ADDRESS, gas: fee?.busd ?? '0' },
    shopItemId: pack.id,
  };
  const gas = fee && !direct ? feeUnits(fee).busd : 0n;
  const short = checkBalance('busd', wireUnits(pack.price_busd, 'busd'), gas, wireUnits(user.balance_busd, 'busd'));
  return { body, key: String(pack.id), invalid: short ?? '', direct };
}

/** The gas deposit's validation text: the covenant first, then "0.001 BNB GAS deposit required". */
export function gasDepositInvalid(user: User, agreed: boolean): string {
  if (!agreed) return AGREE_COVENANT;
  return checkGasDeposit(wireUnits(user.balance_bnb, 'bnb')) ?? '';
}
