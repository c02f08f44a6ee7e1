/**
 * Custody against liabilities, per chain asset: what the platform's addresses hold on the chain (hot
 * wallet + every deposit address) against what the ledger owes players there (minus the balance of
 * `chain_custody`), with the difference explained: dust kept from deposits, withdrawals reserved but not
 * yet final, and the rest the operator's own funds (hot wallet top-ups, less the gas it paid and what the
 * dev faucet gave away).
 */
import { erc20Abi, type Address } from 'viem';
import type { Db } from '../db/database';
import { CURRENCY_ASSETS } from '../../shared/money/assets';
import { NATIVE_DECIMALS, type ChainGateway } from './gateway';

/** One asset's reconciliation; chain amounts in the asset's chain units, ledger amounts in ledger units. */
export interface AssetReconciliation {
  asset: 'USDC' | 'BNB';
  /** Held on the chain by the hot wallet and the deposit addresses (chain units). */
  onChain: bigint;
  /** What the ledger owes players on the chain: −balance of chain_custody (ledger units). */
  liabilities: bigint;
  /** Withdrawals reserved, not yet final (ledger units; still inside `onChain`). */
  pendingOut: bigint;
  /** Deposit remainders below one ledger unit, kept in custody (chain units). */
  dust: bigint;
  /** onChain − liabilities (chain units): dust + the operator's own funds. */
  surplus: bigint;
  /** surplus − dust: hot wallet funding less gas paid and faucet gifts (chain units). */
  operatorFunds: bigint;
  /** Custody covers what players are owed. */
  solvent: boolean;
}

/** Reconciles USDC and BNB; needs the hot wallet's address (a signer, or the dev chain). */
export async function reconcile(db: Db, gateway: ChainGateway): Promise<AssetReconciliation[]> {
  const hot = gateway.signer?.hotWallet;
  if (!hot) throw new Error('reconcile needs the hot wallet (HOT_WALLET_KEY, or the dev chain)');
  const k = db.kysely;
  const addresses = (await k.selectFrom('deposit_addresses').select('address').execute()).map((r) => r.address as Address);
  const holders = [hot, ...addresses];
  const out: AssetReconciliation[] = [];
  for (const asset of ['USDC', 'BNB'] as const) {
    const token = gateway.tokens.find((t) => t.asset === asset);
    const decimals = token?.decimals ?? NATIVE_DECIMALS;
    let onChain = 0n;
    for (const address of holders) {
      onChain += token
        ? await gateway.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
        : await gateway.client.getBalance({ address });
    }
    const custody = await k
      .selectFrom('ledger_accounts')
      .select(['balance', 'credits_pending'])
      .where('owner_kind', '=', 'system')
      .where('name', '=', 'chain_custody')
      .where('asset', '=', asset)
      .executeTakeFirst();
    const dustRows = await k.selectFrom('chain_deposits').select('dust').where('asset', '=', asset).execute();
    const dust = dustRows.reduce((sum, r) => sum + BigInt(r.dust), 0n);
    const liabilities = -(custody?.balance ?? 0n);
    const factor = 10n ** BigInt(decimals - CURRENCY_ASSETS[asset].scale);
    const surplus = onChain - liabilities * factor;
    out.push({
      asset,
      onChain,
      liabilities,
      pendingOut: custody?.credits_pending ?? 0n,
      dust,
      surplus,
      operatorFunds: surplus - dust,
      solvent: surplus >= 0n,
    });
  }
  return out;
}
