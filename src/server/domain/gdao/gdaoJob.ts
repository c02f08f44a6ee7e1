/** The gDAO economy's periodic work, run by the upkeep leader: referral catch-up and month publication. */
import type { Ledger } from '../../ledger/index';
import { publishDueMonths } from './monthlyIncome';
import { catchUpReferrals } from './referralReward';

/** Pays referral rewards a crash left behind and publishes every closed month not yet published. */
export async function runGdaoJob(ledger: Ledger): Promise<void> {
  await catchUpReferrals(ledger);
  await publishDueMonths(ledger);
}
