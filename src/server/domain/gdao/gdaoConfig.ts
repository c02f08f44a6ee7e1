/**
 * The open numbers of transmutation and the gDAO economy (ECONOMY.md "Numbers the spec leaves open"): the
 * one config module; every value and why it was chosen is listed in README.md in this folder.
 */
import { parseUnits } from '../../../shared/money/parse';
import { CURRENCY_ASSETS } from '../../../shared/money/assets';
import type { EidolRarity } from '../../db/tables/game';

const angls = (text: string) => parseUnits(text, CURRENCY_ASSETS.ANGLS.scale);

/** Transmutation fee by rarity (spec 2 §9: 2/20/200; mythic, our choice: the next step of ×10). */
export const TRAINING_FEE: Readonly<Record<EidolRarity, bigint>> = {
  common: angls('2'),
  rare: angls('20'),
  epic: angls('200'),
  mythic: angls('2000'),
};

/** The eidol level at which it may be transmuted (spec 2 §9: the maximum level). */
export const TRAINING_LEVEL = 11;

/** gDAO each side of a referral receives (whole tokens; our choice: 7, one Eggtoplasm jar claim). */
export const REFERRAL_REWARD_GDAO = 7n;

/** gDAO issued into `gdao_reserve` at boot (referral rewards and the monthly income come from it). */
export const GDAO_RESERVE_SUPPLY = 100_000_000n;

/** ANGLS seeded into the chest (`gdao_chest`) at boot: what burns are paid from. */
export const GDAO_CHEST_SUPPLY = angls('100000');

/** ANGLS paid per gDAO burned (ECONOMY.md's default 0.01), as a decimal string and in units. */
export const GDAO_BURN_RATE = '0.01';
export const GDAO_BURN_RATE_UNITS = angls(GDAO_BURN_RATE);

/**
 * The chest claim's fee (ECONOMY.md's 1 %), in basis points of the claim's worth (N × rate ANGLS): it goes
 * from the chest to `fees`, the player receives the rest (README.md "The chest" gives the reading).
 */
export const GDAO_CLAIM_FEE_BPS = 100n;

/** The same fee in percent, as the game view shows it (`gdao_claim_fee_percent`). */
export const GDAO_CLAIM_FEE_PERCENT = Number(GDAO_CLAIM_FEE_BPS) / 100;

/** gDAO shared among the active players of each closed month (whole tokens). */
export const MONTHLY_GDAO_BUDGET = 10_000n;

/** A patron's activity counts this percent of the rounds their invited players joined (floored). */
export const PATRON_ACTIVITY_PERCENT = 50;

/** The gDAO periodic job (referral catch-up, month publication) runs this often on the upkeep leader. */
export const GDAO_JOB_MS = 60 * 60 * 1000;

/** Transfer ids of the boot-time issue: fixed, so issuing twice is a no-op. */
export const GDAO_GENESIS_IDS = {
  reserve: 'genesis:v1:gdao:gdao_reserve',
  chest: 'genesis:v1:angls:gdao_chest',
} as const;
