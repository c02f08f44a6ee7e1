/**
 * /gdaochest, burn gDAO for a GoldenState gratuity (spec 2 §2 "Burn gDAO screen", §4 "Burn", §5 Burn):
 * the coin balance, Expected Income, gDAO Chest Supply, Amount to Receive, gDAO Claim Fee, a numeric token
 * input and the button: 3 s "Preparing claim...", then "Claim GoldenState gratuity". Success resets the
 * amount and returns to stage 0 after 3 s; a locked treasury reads "gDAO supply is now locked".
 */
import { t } from '../../../i18n/t/items';
import { useState } from 'react';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { formatAmount } from '../../../../shared/rules/displayAmount';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { formatAngls } from '../../../game/eidol/numbers';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { Field } from '../../components/Field';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { amountNumber, heldQuantity, showAngls } from './actionView';
import { burnButton, burnFigures, burnRefusal, DEFAULT_BURN_RATE, DEFAULT_CLAIM_FEE_PERCENT } from './burnView';

/** Props: endpoints and refresh for tests. */
export interface BurnScreenProps {
  api?: Pick<ItemActionsApi, 'claimGdao'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function BurnScreen({ api = itemActionsApi, onRefresh = refreshAfterTransaction }: BurnScreenProps) {
  const { user, game, items, locked, loading } = useActionData();
  const [amount, setAmount] = useState('');
  const held = heldQuantity(items, ITEM_IDS.GDAO_TOKEN);
  const supply = game?.gdao_chest_supply ?? '0';
  const chestLocked = game?.chest_locked ?? false;
  const figures = burnFigures(amount, game?.gdao_burn_rate ?? DEFAULT_BURN_RATE, game?.gdao_claim_fee_percent ?? DEFAULT_CLAIM_FEE_PERCENT);
  const refusal = burnRefusal(amount, held, supply, figures, chestLocked);
  const flowState = useWaitApprove({
    send: () => api.claimGdao(amountNumber(amount)),
    leaveHome: false,
    locked,
    invalid: refusal !== '',
    slideKey: 'chest',
    refresh: onRefresh,
    leave: () => navigate('/'),
    onSuccess: () => setAmount(''),
  });
  const view = burnButton(refusal, chestLocked, { state: flowState.state, error: flowState.error, locked });
  return (
    <ItemScreenShell testId="screen-gdaochest" title={t.items.ogle.burn} loading={loading}>
      <dl className="balances">
        <div>
          <dt>{t.units.ngls}</dt>
          <dd data-testid="chest-balance">{formatAmount(user?.balance_ngls ?? '0', 8)}</dd>
        </div>
        <div>
          <dt>{t.units.gdaoTokens}</dt>
          <dd data-testid="chest-gdao">{held}</dd>
        </div>
        <div>
          <dt>{t.items.expectedIncome}</dt>
          <dd data-testid="chest-income">
            {formatAngls(figures.income)} {t.units.ngls}
          </dd>
        </div>
        <div>
          <dt>{t.items.chestSupply}</dt>
          <dd data-testid="chest-supply">
            {showAngls(supply)} {t.units.ngls}
          </dd>
        </div>
        <div>
          <dt>{t.items.amountToReceive}</dt>
          <dd data-testid="chest-receive">
            {formatAngls(figures.receive)} {t.units.ngls}
          </dd>
        </div>
        <div>
          <dt>{t.items.claimFee}</dt>
          <dd data-testid="chest-fee">
            {formatAngls(figures.fee)} {t.units.ngls}
          </dd>
        </div>
      </dl>
      <Field
        label={t.items.tokensToBurn}
        value={amount}
        onValue={setAmount}
        inputMode="numeric"
        pattern="[0-9]*"
        disabled={flowState.state !== 'prepare'}
        data-testid="chest-amount"
      />
      <ActionButton view={view} onPress={flowState.press} testId="chest-submit" />
    </ItemScreenShell>
  );
}
