/**
 * /startergas (spec 2 §2 "Gas deposit"): the story and the covenant, the deposit address and BNB balance
 * (address and user polled every 5 s so a deposit shows up), and the button that records a gas deposit of
 * at least 0.001 BNB (`POST /api/onboarding/gas`); then on to /starterbuy.
 */
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

function StarterGas({ user, api = walletApi, onRefresh = refreshAfterTransaction, onPoll = pollSession }: StarterGasScreenProps & { user: User }) {
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
        <h2>The Gates of Blessing</h2>
        <p>
          Every Master who enters Cryptonomics first feeds the Gates: a small deposit of BNB that pays the gas of
          your transactions on the chain. Send at least 0.001 BNB to your address below.
        </p>
        <AddressCopy address={address} testId="gas-address" />
        <p className="muted" data-testid="gas-balance">{`BNB balance: ${shown(user.balance_bnb, 'bnb')}`}</p>
        <label>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="covenant" /> I agree to the
          covenant of the Gates
        </label>
      </section>
      {user.start_gas ? (
        <Button onClick={() => navigate('/starterbuy')} data-testid="gas-continue">
          Continue
        </Button>
      ) : (
        <TransactionButton flow={flow} testId="gas-submit" />
      )}
      <Button variant="secondary" onClick={() => navigate('/')}>
        Return
      </Button>
    </main>
  );
}
