/**
 * The wallet panel essentials (spec 1 §2): "<name> Purse", balances (ANGLS 8, USDC 2, BNB 4, gDAO 0
 * decimals), the address (copies, "Copied" for 1 s) or the Invoke Mastership link, XP bar, level title,
 * S/P badges, Send Coins and GSCB Exchange.
 */
import { t } from '../../i18n/t/home';
import type { User } from '../../../shared/api/user';
import { LEVEL_TITLES } from '../../../shared/api/user';
import { DISPLAY_DECIMALS, formatAmount } from '../../../shared/rules/displayAmount';
import { activeBadges, gdaoQuantity, mastershipTarget, walletActionTarget, xpFraction } from '../../../shared/rules/wallet';
import { navigate } from '../../stores/router';
import { AddressCopy } from './AddressCopy';
import { Button } from './Button';

/** Props: the user, the wallet address (null until known) and the current time for badges. */
export interface WalletPanelProps {
  user: User;
  address: string | null;
  nowMs: number;
}

/** The wallet panel. */
export function WalletPanel({ user, address, nowMs }: WalletPanelProps) {
  const activation = mastershipTarget(user);
  const fill = xpFraction(user.xp, user.next_level_xp);

  return (
    <section className="panel wallet" data-testid="wallet-panel" aria-label={t.components.wallet}>
      <div className="name">
        <span data-testid="wallet-name">{t.components.purse(user.name)}</span>
        {activeBadges(user, nowMs).map((b) => (
          <span
            key={b}
            className={`badge ${b === 'P' ? 'p' : ''}`}
            data-testid={`badge-${b}`}
            title={b === 'S' ? t.components.senator : t.components.patricius}
          >
            {b}
          </span>
        ))}
      </div>
      <dl className="balances">
        <dt>{t.units.ngls}</dt>
        <dd data-testid="wallet-ngls">{formatAmount(user.balance_ngls, DISPLAY_DECIMALS.ngls)}</dd>
        <dt>{t.units.busd}</dt>
        <dd data-testid="wallet-busd">{formatAmount(user.balance_busd, DISPLAY_DECIMALS.busd)}</dd>
        <dt>{t.units.bnb}</dt>
        <dd data-testid="wallet-bnb">{formatAmount(user.balance_bnb, DISPLAY_DECIMALS.bnb)}</dd>
        <dt>{t.units.gdao}</dt>
        <dd data-testid="wallet-gdao">{formatAmount(gdaoQuantity(user.items), DISPLAY_DECIMALS.gdao)}</dd>
      </dl>
      {activation ? (
        <Button variant="link" onClick={() => navigate(activation)} data-testid="invoke-mastership">
          {t.common.invokeMastership}
        </Button>
      ) : (
        <AddressCopy address={address} testId="wallet-address" />
      )}
      <div
        className="xp-bar"
        role="progressbar"
        aria-label={t.units.xp}
        aria-valuemin={0}
        aria-valuemax={user.next_level_xp}
        aria-valuenow={user.xp}
      >
        <div style={{ width: `${fill * 100}%` }} />
      </div>
      <p className="muted" data-testid="wallet-level">
        {LEVEL_TITLES[user.level] ?? ''} · {user.xp} / {user.next_level_xp} {t.units.xp}
      </p>
      <div className="row">
        <Button small onClick={() => navigate(walletActionTarget(user, '/send'))}>
          {t.wallet.sendCoins}
        </Button>
        <Button small onClick={() => navigate(walletActionTarget(user, '/exchange'))}>
          {t.wallet.exchange}
        </Button>
      </div>
    </section>
  );
}
