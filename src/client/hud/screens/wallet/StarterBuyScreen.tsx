/**
 * /starterbuy (spec 2 §2 "Starter pack purchase"): the purse (ANGLS 8, USDC 2, BNB 4, gDAO 0 decimals), the
 * address (tap copies, "Copied" for 1 s), the starter packs as radio options (disabled when price + gas
 * exceeds the balance) and the two-stage button: the gas precalculation (`POST /wallet/withdraw`), then
 * `POST /shop/buy`; pack 4 is bought at once, without gas. Locked while the
 * round is locked, like every shop purchase. Address and user are polled every 5 s.
 */
import { t } from '../../../i18n/t/home';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { gdaoQuantity } from '../../../../shared/rules/wallet';
import { $session } from '../../../stores/session';
import { navigate } from '../../../stores/router';
import { $roundOpen } from '../../../app/roundClock';
import { refreshSession } from '../../../app/boot';
import { walletApi, type StarterPack, type WalletApi } from '../../../net/walletApi';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { useTransaction } from '../../useTransaction';
import { Button } from '../../components/Button';
import { TransactionButton } from '../../components/TransactionButton';
import { RoundCountdown } from '../../components/RoundCountdown';
import { AddressCopy } from '../../components/AddressCopy';
import { STARTER_POLL_MS, useWalletAddress } from './useWalletAddress';
import { STARTER_LABELS, packDisabled, starterRequest } from './starterView';
import { shown } from './exchangeView';
import { refreshAfterTransaction } from './afterTransaction';

/** Props: the endpoints (tests pass fakes), the refreshes, and the round lock (tests set it). */
export interface StarterBuyScreenProps {
  api?: Pick<WalletApi, 'wallet' | 'starterPacks' | 'feeQuote' | 'buy'>;
  onRefresh?: () => void;
  onPoll?: () => void;
  locked?: boolean;
}

const pollSession = () => void refreshSession();

/** The screen. */
export default function StarterBuyScreen(props: StarterBuyScreenProps) {
  const { user } = useStore($session);
  const roundOpen = useStore($roundOpen);
  if (!user) return null;
  return <StarterBuy user={user} {...props} locked={props.locked ?? !roundOpen} />;
}

function StarterBuy({
  user,
  api = walletApi,
  onRefresh = refreshAfterTransaction,
  onPoll = pollSession,
  locked = false,
}: StarterBuyScreenProps & { user: User }) {
  const address = useWalletAddress(api, STARTER_POLL_MS, onPoll);
  const [packs, setPacks] = useState<StarterPack[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [fee, setFee] = useState<PrecalcFee | null>(null);

  useEffect(() => {
    let live = true;
    void api.starterPacks().then((r) => {
      if (!live) return;
      if (r.ok) {
        setPacks(r.data);
        setChosen((c) => c ?? r.data[0]?.id ?? null);
      } else setLoadError(r.text);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const request = starterRequest(packs ?? [], chosen, user, fee);
  const flow = useTransaction({
    precalculate: (input) => (input ? api.feeQuote(input.quote) : Promise.reject(new Error('no pack chosen'))),
    commit: ({ input }) => (input ? api.buy(input.shopItemId) : Promise.reject(new Error('no pack chosen'))),
    input: request.body,
    inputKey: request.key,
    invalid: request.invalid,
    direct: request.direct,
    activation: user.start_gas ? null : '/startergas',
    locked,
    labels: request.direct ? { stage0: STARTER_LABELS.stage1, stage1: STARTER_LABELS.stage1 } : STARTER_LABELS,
    activate: (target) => navigate(target),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  if (flow.fee !== fee) setFee(flow.fee);

  return (
    <main className="screen" data-testid="screen-starterbuy">
      <RoundCountdown place="area" />
      <section className="panel">
        <h2>{t.components.purse(user.name)}</h2>
        <dl className="balances">
          <dt>{t.units.ngls}</dt>
          <dd data-testid="starter-ngls">{shown(user.balance_ngls, 'ngls')}</dd>
          <dt>{t.units.busd}</dt>
          <dd data-testid="starter-busd">{shown(user.balance_busd, 'busd')}</dd>
          <dt>{t.units.bnb}</dt>
          <dd data-testid="starter-bnb">{shown(user.balance_bnb, 'bnb')}</dd>
          <dt>{t.units.gdao}</dt>
          <dd data-testid="starter-gdao">{gdaoQuantity(user.items)}</dd>
        </dl>
        <AddressCopy address={address} testId="starter-address" />
      </section>
      <section className="panel" aria-label={t.wallet.starterPacks}>
        {packs === null ? <p data-testid="starter-loading">{loadError || t.wallet.loadingPacks}</p> : null}
        {(packs ?? []).map((pack, i) => (
          <label key={pack.id} className="pack" data-testid={`pack-${pack.id}`}>
            <input
              type="radio"
              name="pack"
              value={pack.id}
              checked={chosen === pack.id}
              disabled={packDisabled(pack, i, user, fee)}
              onChange={() => setChosen(pack.id)}
            />{' '}
            <strong>{pack.name}</strong> {`${shown(pack.price_busd, 'busd')} USDC`}
            <span className="muted pack-description">{plainText(pack.description)}</span>
          </label>
        ))}
      </section>
      <TransactionButton flow={flow} testId="starter-submit" />
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}

/** A pack description (HTML in the catalogue, spec 2 §3) as plain text: no markup from the wire reaches the DOM. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
