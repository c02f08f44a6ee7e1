/**
 * /extract (spec 2 §2 "Extract and Feed screens", §5 Extract): swipe to the eidol, a whole-number amount of
 * whole ANGLS (one Extraction Extract each), 3 s setup, approve; Done, then home.
 */
import { t } from '../../../i18n/t/items';
import { useState } from 'react';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { EidolPicker } from '../../components/EidolPicker';
import { Field } from '../../components/Field';
import { ItemScreenShell } from './ItemScreenShell';
import { PaidLine } from './PaidLine';
import { useActionData } from './useActionData';
import { amountNumber, heldQuantity, popPotencyPercent } from './actionView';
import { extractButton, extractRefusal } from './extractView';

/** Props: endpoints and refresh for tests. */
export interface ExtractScreenProps {
  api?: Pick<ItemActionsApi, 'extract'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function ExtractScreen({ api = itemActionsApi, onRefresh = refreshAfterTransaction }: ExtractScreenProps) {
  const { eidols, eidol, items, locked, loading } = useActionData();
  const [amount, setAmount] = useState('');
  const [slideOf, setSlideOf] = useState(eidol?.id);
  if (slideOf !== eidol?.id) {
    setSlideOf(eidol?.id);
    setAmount('');
  }
  const extracts = heldQuantity(items, ITEM_IDS.EXTRACTION_EXTRACT);
  const flowState = useWaitApprove({
    send: () => (eidol ? api.extract(eidol.id, amountNumber(amount)) : Promise.reject(new Error(t.common.noEidol))),
    leaveHome: true,
    locked,
    invalid: extractRefusal(eidol, amount, extracts) !== '',
    slideKey: String(eidol?.id ?? ''),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  const view = extractButton(eidol, amount, extracts, { state: flowState.state, error: flowState.error, locked });
  return (
    <ItemScreenShell testId="screen-extract" title={t.items.ogle.extract} loading={loading}>
      <EidolPicker eidols={eidols} eidol={eidol} />
      <dl className="balances">
        <div>
          <dt>{t.items.extractionExtract}</dt>
          <dd data-testid="extract-held">{extracts}</dd>
        </div>
        {eidol ? (
          <div>
            <dt>{t.items.popPotency}</dt>
            <dd>{popPotencyPercent(eidol.level)} %</dd>
          </div>
        ) : null}
      </dl>
      <Field
        label={t.items.amountToExtract}
        value={amount}
        onValue={setAmount}
        inputMode="numeric"
        pattern="[0-9]*"
        disabled={flowState.state !== 'prepare'}
        data-testid="extract-amount"
      />
      <ActionButton view={view} onPress={flowState.press} testId="extract-submit" />
      {flowState.state === 'success' ? <PaidLine result={flowState.result} /> : null}
    </ItemScreenShell>
  );
}
