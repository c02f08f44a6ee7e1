/**
 * /exchange (spec 2 §2 "Exchange screen"): mint, melt and swap with the fee percent and the pools from the
 * rates (polled every 30 s, a failed poll ignored), "Loading exchange..." until they arrive, the weekly melt
 * allowance by level, and the two-stage button: the gas precalculation (`POST /wallet/withdraw`), then the
 * trade (`POST /wallet/exchange`).
 */
import { t } from '../../../i18n/t/home';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { mastershipTarget } from '../../../../shared/rules/wallet';
import { $session } from '../../../stores/session';
import { navigate } from '../../../stores/router';
import { walletApi, type Rates, type WalletApi } from '../../../net/walletApi';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { useTransaction } from '../../useTransaction';
import { Button } from '../../components/Button';
import { TransactionButton } from '../../components/TransactionButton';
import { Field } from '../../components/Field';
import { RoundCountdown } from '../../components/RoundCountdown';
import { CURRENCY_NAMES } from './sendView';
import { useHistoryDraft } from '../../useHistoryDraft';
import {
  EXCHANGE_OPS,
  LOADING_EXCHANGE,
  RATES_POLL_MS,
  allowanceLabel,
  exchangeRequest,
  feePercent,
  shown,
  type ExchangeOp,
} from './exchangeView';
import { refreshAfterTransaction } from './afterTransaction';

/** Props: the endpoints (tests pass fakes) and the refresh after success. */
export interface ExchangeScreenProps {
  api?: Pick<WalletApi, 'rates' | 'feeQuote' | 'exchange'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function ExchangeScreen(props: ExchangeScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <ExchangeForm user={user} {...props} />;
}

/** Loads the rates at once and every 30 s; a failure keeps what was there (spec 2 §8: ignored silently). */
function useRates(api: Pick<WalletApi, 'rates'>): Rates | null {
  const [rates, setRates] = useState<Rates | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void api.rates().then((r) => {
        if (live && r.ok) setRates(r.data);
      });
    load();
    const timer = setInterval(load, RATES_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api]);
  return rates;
}

function ExchangeForm({ user, api = walletApi, onRefresh = refreshAfterTransaction }: ExchangeScreenProps & { user: User }) {
  const rates = useRates(api);
  // Kept as typed (refused, not rewritten, when unreadable) and in this history entry (back/forward keeps it).
  const [op, setOp] = useHistoryDraft<ExchangeOp>('exchange.op', 'mint', (v): v is ExchangeOp => v in EXCHANGE_OPS);
  const [amount, setAmount] = useHistoryDraft<string>('exchange.amount', '');
  const [fee, setFee] = useState<PrecalcFee | null>(null);
  const { from, to } = EXCHANGE_OPS[op];
  const request = exchangeRequest(op, amount, user, rates, fee);
  const flow = useTransaction({
    precalculate: (input) => api.feeQuote(input.quote),
    commit: ({ input }) => api.exchange(input.body),
    input: { quote: request.quote, body: request.body },
    inputKey: request.key,
    invalid: request.invalid,
    activation: mastershipTarget(user),
    locked: false,
    labels: { stage0: t.wallet.calculateExchange, stage1: EXCHANGE_OPS[op].label },
    activate: (target) => navigate(target),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  if (flow.fee !== fee) setFee(flow.fee);

  return (
    <main className="screen" data-testid="screen-exchange">
      <RoundCountdown place="area" />
      <section className="panel">
        <h2>{t.wallet.exchange}</h2>
        {rates ? null : <p data-testid="exchange-loading">{LOADING_EXCHANGE}</p>}
        <fieldset className="row" aria-label={t.wallet.operation} disabled={!rates}>
          {(Object.keys(EXCHANGE_OPS) as ExchangeOp[]).map((o) => (
            <label key={o}>
              <input type="radio" name="operation" value={o} checked={op === o} onChange={() => setOp(o)} /> {EXCHANGE_OPS[o].label}
            </label>
          ))}
        </fieldset>
        <Field
          label={t.wallet.amountIn(CURRENCY_NAMES[from])}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
          disabled={!rates}
          data-testid="exchange-amount"
        />
        {rates ? (
          <dl className="balances">
            <dt>{t.wallet.youReceive}</dt>
            <dd data-testid="exchange-receive">{`${shown(request.received, to)} ${CURRENCY_NAMES[to]}`}</dd>
            <dt>{t.wallet.fee}</dt>
            <dd data-testid="exchange-fee">{`${feePercent(op, rates)}%`}</dd>
            <dt>{t.wallet.poolNgls}</dt>
            <dd data-testid="pool-ngls">{shown(rates.exchangePoolNgls, 'ngls')}</dd>
            <dt>{t.wallet.poolBusdNgls}</dt>
            <dd data-testid="pool-busd-ngls">{shown(rates.exchangePoolBusdNgls, 'busd')}</dd>
            <dt>{t.wallet.poolBnb}</dt>
            <dd data-testid="pool-bnb">{shown(rates.exchangePoolBnb, 'bnb')}</dd>
            <dt>{t.wallet.poolBusdBnb}</dt>
            <dd data-testid="pool-busd-bnb">{shown(rates.exchangePoolBusdBnb, 'busd')}</dd>
          </dl>
        ) : null}
        <p className="muted" data-testid="exchange-allowance">
          {allowanceLabel(user)}
        </p>
        <p className="muted" data-testid="exchange-balance">
          {t.wallet.balance(shown(balanceOf(user, from), from), CURRENCY_NAMES[from])}
        </p>
      </section>
      <TransactionButton flow={flow} testId="exchange-submit" />
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}

function balanceOf(user: User, currency: 'ngls' | 'busd' | 'bnb'): string {
  return currency === 'ngls' ? user.balance_ngls : currency === 'busd' ? user.balance_busd : user.balance_bnb;
}
