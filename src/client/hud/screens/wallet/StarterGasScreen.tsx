/**
 * /startergas (spec 2 §2 "Gas deposit"): the story and the covenant, the deposit address and BNB balance
 * (address and user polled every 5 s so a deposit shows up), and the button that records a gas deposit of
 * at least 0.001 BNB (`POST /api/onboarding/gas`); then on to /starterbuy.
 */
import { t } from '../../../i18n/t/home';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { $session } from '../../../stores/session';
import { navigate } from '../../../stores/router';
import { refreshSession } from '../../../app/boot';
import { walletApi, type WalletApi } from '../../../net/walletApi';
import { useTransaction } from '../../useTransaction';
import { Button } from '../../components/Button';
import { TransactionButton } from '../../components/TransactionButton';
import { RoundCountdown } from '../../components/RoundCountdown';
import { AddressCopy } from '../../components/AddressCopy';
import { STARTER_POLL_MS, useWalletAddress } from './useWalletAddress';
import { GAS_LABEL, gasDepositInvalid } from './starterView';
import { shown } from './exchangeView';
import { refreshAfterTransaction } from './afterTransaction';

/** Props: the endpoints (tests pass fakes), the refreshes. */
export interface StarterGasScreenProps {
  api?: Pick<WalletApi, 'wallet' | 'onboardingGas'>;
  onRefresh?: () => void;
  onPoll?: () => void;
}

const pollSession = () => void refreshSession();

/** The screen. */
export default function StarterGasScreen(props: StarterGasScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <StarterGas user={user} {...props} />;
}

function StarterGas({
  user,
  api = walletApi,
  onRefresh = refreshAfterTransaction,
  onPoll = pollSession,
}: StarterGasScreenProps & { user: User }) {
  const address = useWalletAddress(api, STARTER_POLL_MS, onPoll);
  const [agreed, setAgreed] = useState(false);
  const flow = useTransaction({
    precalculate: () => Promise.reject(new Error('the gas deposit has no precalculation')),
    commit: () => api.onboardingGas(),
    input: null,
    inputKey: 'gas',
    invalid: gasDepositInvalid(user, agreed),
    activation: null,
    locked: false,
    direct: true,
    labels: { stage0: GAS_LABEL, stage1: GAS_LABEL },
    activate: (target) => navigate(target),
    refresh: onRefresh,
    leave: () => navigate('/starterbuy'),
  });

  return (
    <main className="screen" data-testid="screen-startergas">
      <RoundCountdown place="area" />
      <section className="panel">
        <h2>{t.wallet.gates}</h2>
        <p>{t.wallet.gatesStory}</p>
        <AddressCopy address={address} testId="gas-address" />
        <p className="muted" data-testid="gas-balance">
          {t.wallet.bnbBalance(shown(user.balance_bnb, 'bnb'))}
        </p>
        <label>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="covenant" />{' '}
          {t.wallet.agreeCovenant}
        </label>
      </section>
      {user.start_gas ? (
        <Button onClick={() => navigate('/starterbuy')} data-testid="gas-continue">
          {t.common.continue}
        </Button>
      ) : (
        <TransactionButton flow={flow} testId="gas-submit" />
      )}
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}
