/**
 * /send and /withdraw (spec 2 §2): address (prefilled from `sendto`), amount, currency, the gas preview per
 * currency and the two-stage button. Its confirm step (stage 1) states what the press will do: on-chain
 * withdrawal or to a player, the recipient, amount, gas and total, and the button names that action. A withdrawal is a send to an outside address, so /withdraw is the same
 * form offering the chain currencies only.
 */
import { t } from '../../../i18n/t/security';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { mastershipTarget, type WireCurrency } from '../../../../shared/rules/wallet';
import { $session } from '../../../stores/session';
import { navigate } from '../../../stores/router';
import { walletApi, type WalletApi } from '../../../net/walletApi';
import type { ApiFail } from '../../../net/http';
import { useTransaction } from '../../useTransaction';
import { Button } from '../../components/Button';
import { TransactionButton } from '../../components/TransactionButton';
import { Field } from '../../components/Field';
import { RoundCountdown } from '../../components/RoundCountdown';
import { AddressHalves } from '../../components/AddressCopy';
import { CURRENCY_NAMES, confirmLabel, gasPreview, sendConfirmation, sendRequest } from './sendView';
import { useHistoryDraft } from '../../useHistoryDraft';
import { refreshAfterTransaction } from './afterTransaction';
import { freshProof } from '../security/freshProof';
import { useHasFactor } from '../security/useHasFactor';

/** Props: the prefilled address, the variant, and the endpoints (tests pass fakes). */
/** The precalculation's failure when the player closed the passkey prompt: said on the button like any refusal. */
function passkeyClosed(): ApiFail {
  return { ok: false, status: 0, message: t.security.passkeyCancelled, text: t.security.passkeyCancelled };
}

export interface SendScreenProps {
  sendto?: string;
  variant?: 'send' | 'withdraw';
  api?: Pick<WalletApi, 'send' | 'commit'>;
  onRefresh?: () => void;
}

const CURRENCIES: Record<'send' | 'withdraw', WireCurrency[]> = { send: ['ngls', 'busd', 'bnb'], withdraw: ['busd', 'bnb'] };

/** The screen. */
export default function SendScreen(props: SendScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <SendForm user={user} {...props} />;
}

function SendForm({
  user,
  sendto = '',
  variant = 'send',
  api = walletApi,
  onRefresh = refreshAfterTransaction,
}: SendScreenProps & { user: User }) {
  const currencies = CURRENCIES[variant];
  // What the player typed stays as typed (an amount it cannot read is refused, not rewritten) and stays in
  // this history entry, so back and forward again finds the half-filled form.
  const [address, setAddress] = useHistoryDraft<string>(`${variant}.address`, sendto);
  const [amount, setAmount] = useHistoryDraft<string>(`${variant}.amount`, '');
  const [currency, setCurrency] = useHistoryDraft<WireCurrency>(`${variant}.currency`, currencies[0] ?? 'ngls', (v): v is WireCurrency =>
    (currencies as string[]).includes(v),
  );
  const [fee, setFee] = useState<Parameters<typeof sendRequest>[2]>(null);
  const request = sendRequest({ address, amount, currency }, user, fee);
  // A send needs a fresh second factor when the player has one: the typed code goes with the precalculation,
  // or, with nothing typed, the passkey's prompt answers (a passkey-only player has no code to type).
  const factor = useHasFactor();
  const [code, setCode] = useState('');
  const flow = useTransaction({
    precalculate: async (body) => {
      const proof = factor.any ? await freshProof(code, factor.passkey) : {};
      if (proof instanceof Error) return passkeyClosed();
      return api.send({ ...body, ...proof });
    },
    commit: ({ transactionId }) => api.commit(transactionId ?? ''),
    input: request.body,
    inputKey: request.key,
    invalid: request.invalid,
    activation: mastershipTarget(user),
    locked: false,
    labels: { stage0: t.wallet.calculateGas, stage1: confirmLabel },
    activate: (to) => navigate(to),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  // The validation counts the gas of the pending transaction (spec 2 §5: amount plus gas).
  if (flow.fee !== fee) setFee(flow.fee);
  const confirm = flow.state === 'stage1' ? sendConfirmation({ address, amount, currency }, flow.fee, flow.destination) : null;

  return (
    <main className="screen" data-testid={`screen-${variant}`}>
      <RoundCountdown place="area" />
      <section className="panel">
        <h2>{confirm ? t.wallet.confirmTitle : variant === 'send' ? t.wallet.sendCoins : t.wallet.withdraw}</h2>
        <Field
          label={t.wallet.walletAddress}
          value={address}
          onValue={setAddress}
          autoComplete="off"
          spellCheck={false}
          data-testid="send-address"
        />
        <Field label={t.wallet.amount} value={amount} onValue={setAmount} inputMode="decimal" data-testid="send-amount" />
        <fieldset className="row" aria-label={t.wallet.currency}>
          {currencies.map((c) => (
            <label key={c}>
              <input type="radio" name="currency" value={c} checked={currency === c} onChange={() => setCurrency(c)} /> {CURRENCY_NAMES[c]}
            </label>
          ))}
        </fieldset>
        {factor.any && (
          <Field
            label={factor.passkey ? t.wallet.factorCodeOrPasskey : t.wallet.factorCode}
            value={code}
            onValue={setCode}
            autoComplete="one-time-code"
            spellCheck={false}
            data-testid="send-factor-code"
          />
        )}
        <dl className="balances" data-testid="send-gas">
          {gasPreview(flow.fee)
            .filter((g) => currencies.includes(g.currency))
            .map((g) => (
              <div key={g.currency} className={g.currency === currency ? 'chosen' : ''}>
                <dt>{t.wallet.gas(g.name)}</dt>
                <dd data-testid={`gas-${g.currency}`}>{g.gas}</dd>
              </div>
            ))}
        </dl>
      </section>
      {confirm && (
        <section className="panel send-confirm" aria-label={t.wallet.confirmTitle} data-testid="send-confirm">
          <p className="send-kind" data-testid="send-confirm-kind">
            {confirm.kind}
          </p>
          {flow.addressHasCode && (
            <p className="send-warning" role="alert" data-testid="send-confirm-contract">
              {t.wallet.contractWarning}
            </p>
          )}
          <dl className="balances">
            <dt>{t.wallet.recipient}</dt>
            <dd className="address" data-testid="send-confirm-recipient">
              <AddressHalves address={confirm.recipient} />
            </dd>
            <dt>{t.wallet.amount}</dt>
            <dd data-testid="send-confirm-amount">{confirm.amount}</dd>
            <dt>{t.wallet.gasFee}</dt>
            <dd data-testid="send-confirm-gas">{confirm.gas}</dd>
            <dt>{t.wallet.total}</dt>
            <dd data-testid="send-confirm-total">
              <strong>{confirm.total}</strong>
            </dd>
          </dl>
        </section>
      )}
      <TransactionButton flow={flow} testId="send-submit" />
      <Button variant="secondary" onClick={() => navigate('/')}>
        {t.common.return}
      </Button>
    </main>
  );
}
