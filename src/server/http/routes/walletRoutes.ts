/**
 * The chain side of the wallet: `GET /api/wallet` (the player's deposit address), `POST /api/wallet/send`
 * (precalculation with withdrawal safety; the commit is the generic one), `GET /api/test-coin` (dev chain
 * faucet, one gift per player per hour), the freeze and unfreeze routes, and the
 * deposit watcher and withdrawal queue, whose outcomes reach the player as `transaction_update`.
 */
import { parseUnits } from 'viem';
import { ensureDepositAddress } from '../../chain/depositAddresses';
import type { ChainGateway } from '../../chain/gateway';
import { startWatcherService, type WatcherService } from '../../chain/watcherService';
import type { CreditedDeposit } from '../../chain/depositWatcher';
import { AppError } from '../../domain/errors';
import { CURRENCY_ASSETS, formatUnitsTrimmed } from '../../../shared/money/index';
import type { RouteModule } from '../../app';
import { precalcSend, sendDestination } from '../../domain/wallet/send';
import { createLedger } from '../../ledger/index';
import { precalcDataOf, transactionViewOf } from '../../domain/transactions/index';
import type { WithdrawalStep } from '../../chain/withdrawals';
import { createGdaoAnchorer, type AnchorStep } from '../../domain/gdao/merkleAnchor';
import type { SweepStep } from '../../chain/sweeps';
import { transactionUpdateSender } from './transactionRoutes';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { requireActiveWallet } from '../../domain/wallet/walletGuard';
import { sendAddressHasCode } from '../../domain/wallet/send';
import { claimFaucetGift } from '../../domain/wallet/faucetGifts';
import { withdrawalQueueSafety } from '../../domain/wallet/withdrawalMails';
import { withdrawalSafetyRoutes } from './withdrawalSafetyRoutes';
import { factorVerifiedIfEnabled } from '../freshFactor';

/** What the dev faucet sends per call. */
export const TEST_COIN = { bnb: '0.1', usdc: '100' } as const;
/** The faucet's answer (FACTS: the original product's text). */
export const TEST_COIN_SENT = 'Test Coin Sent';
/** The refusal on a real chain. */
export const TEST_COIN_REFUSED = 'Test coins exist only on the dev chain.';

/** The chain routes plus a handle on the watcher (tests scan on demand). */
export interface ChainModule {
  routes: RouteModule;
  /** Scans for deposits now (after the routes are registered); returns the new credits. */
  scanNow(): Promise<CreditedDeposit[]>;
  /** Runs one withdrawal step now (sign, broadcast, settle final ones). */
  withdrawNow(): Promise<WithdrawalStep | undefined>;
  /** Runs one sweep step now (deposit addresses to the hot wallet). */
  sweepNow(): Promise<SweepStep | undefined>;
  /** Runs one step of the gDAO roots' anchoring now (sign and send pending months, record final ones). */
  anchorNow(): Promise<AnchorStep | undefined>;
}

/** Builds the chain module over `gateway` (opened by main.ts or a test; its owner closes it). */
export function chainModule(gateway: ChainGateway, opts: { leaderRetryMs?: number } = {}): ChainModule {
  let service: WatcherService<AnchorStep> | undefined;
  const routes: RouteModule = (app, ctx, realtime) => {
    service = startWatcherService({
      db: ctx.db,
      clock: ctx.clock,
      gateway,
      log: app.log,
      leaderRetryMs: opts.leaderRetryMs,
      safety: withdrawalQueueSafety({
        db: ctx.db.kysely,
        clock: ctx.clock,
        mailer: ctx.auth.mailer,
        brand: { productName: ctx.config.productName, publicUrl: ctx.config.publicUrl },
        holdMs: ctx.config.withdrawals.holdMs,
      }),
      anchorer: (signing) => createGdaoAnchorer(ctx.db, ctx.clock, signing),
      onUpdate: transactionUpdateSender(realtime),
      onCredit: (d) =>
        realtime.sendToUser(d.userId, 'transaction_update', {
          id: d.id,
          type: 'deposit',
          status: 'success',
          message: null,
          currency: CURRENCY_ASSETS[d.asset].wire,
          amount: formatUnitsTrimmed(d.amount, CURRENCY_ASSETS[d.asset].scale),
          tx_hash: d.txHash,
        }),
    });
    app.addHook('onClose', async () => service?.close());

    // Clients of the original product poll this in a tight loop until it answers: it must answer from
    // the first call, for every player, without any private key (derivation from the xpub).
    app.get('/api/wallet', async (request) => {
      const user = await requireUser(ctx, request);
      const address = await ensureDepositAddress(ctx.db.kysely, gateway.deposits, user.id, ctx.clock.now());
      return ok({ address });
    });

    const ledger = createLedger(ctx.db, ctx.clock);
    app.post('/api/wallet/send', async (request) => {
      const user = await requireUser(ctx, request);
      // The one activation guard of wallet actions, before the body is read (as the exchange and shop routes).
      requireActiveWallet(user);
      const body = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      // A withdrawal needs a fresh second factor when the player has one (`otp`, `recovery_code` or `webauthn`);
      // a verified one also waives a new address's cooling-off.
      const record = await precalcSend(ledger, user, body, {
        safety: { gateway, config: ctx.config.withdrawals },
        freshFactor: () => factorVerifiedIfEnabled(ctx, request, user, body),
      });
      transactionUpdateSender(realtime)(user.id, transactionViewOf(record));
      const data = precalcDataOf(record);
      const precalcData = { ...data.precalcData, destination: sendDestination(record), address_has_code: sendAddressHasCode(record) };
      return ok({ ...data, precalcData });
    });

    withdrawalSafetyRoutes(app, ctx, realtime);

    // Same-origin callers only (sessionHooks.ts SAME_ORIGIN_GETS), one gift per player per period.
    app.get('/api/test-coin', async (request) => {
      const user = await requireUser(ctx, request);
      const signer = gateway.signer;
      if (!gateway.dev || !signer) throw new AppError(403, TEST_COIN_REFUSED);
      await claimFaucetGift(ctx.db.kysely, user.id, ctx.clock.now(), ctx.config.withdrawals.faucetIntervalMs);
      const to = await ensureDepositAddress(ctx.db.kysely, gateway.deposits, user.id, ctx.clock.now());
      const usdc = gateway.tokens.find((t) => t.asset === 'USDC')!;
      const bnbTx = await signer.sendNative(to, parseUnits(TEST_COIN.bnb, 18));
      const usdcTx = await signer.sendToken(usdc.address, to, parseUnits(TEST_COIN.usdc, usdc.decimals));
      return ok({ bnb_tx: bnbTx, usdc_tx: usdcTx }, TEST_COIN_SENT);
    });
  };
  const running = () => {
    if (!service) throw new Error('the chain routes are not registered yet');
    return service;
  };
  return {
    routes,
    scanNow: () => running().scanNow(),
    withdrawNow: () => running().withdrawNow(),
    sweepNow: () => running().sweepNow(),
    anchorNow: () => running().anchorNow(),
  };
}
