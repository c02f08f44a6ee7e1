/**
 * /feed (Golden Cookies) and /apple (Precision Apples): spec 2 §2 "Extract and Feed screens" and §4 "Feed
 * button states". A carousel of eidols with rarity, collection, value (8 decimals), Precise, boost hours and
 * the food held; a whole-number amount row (kept as typed, refused when unreadable); 3 s "Setting up lunch", "Approve Feeding", Done, home after 3 s.
 */
import { t } from '../../../i18n/t/items';
import { useState } from 'react';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { formatAmount } from '../../../../shared/rules/displayAmount';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { EidolPicker } from '../../components/EidolPicker';
import { Field } from '../../components/Field';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { amountNumber, heldQuantity } from './actionView';
import { FOOD_ITEM, FOOD_NAME, feedAmountRowShown, feedAmountText, feedButton, type Food } from './feedView';
import { appleHoursLeft, boostHours } from './feedBoost';

/** Props: the food, endpoints and refresh for tests, and the clock for the boost hours. */
export interface FeedScreenProps {
  food?: Food;
  api?: Pick<ItemActionsApi, 'feed' | 'apple'>;
  onRefresh?: () => void;
  nowMs?: () => number;
}

/** The screen. */
export default function FeedScreen({
  food = 'cookie',
  api = itemActionsApi,
  onRefresh = refreshAfterTransaction,
  nowMs = () => Date.now(),
}: FeedScreenProps) {
  const { eidols, eidol, items, locked, loading } = useActionData();
  const [amount, setAmount] = useState('');
  const [slideOf, setSlideOf] = useState(eidol?.id);
  // Spec 2 §4: changing the slide resets the amount (the flow resets itself on the same key).
  if (slideOf !== eidol?.id) {
    setSlideOf(eidol?.id);
    setAmount('');
  }
  const held = heldQuantity(items, FOOD_ITEM[food]);
  const apples = heldQuantity(items, FOOD_ITEM.apple);
  const flowState = useWaitApprove({
    send: () => {
      if (!eidol) return Promise.reject(new Error(t.common.noEidol));
      const n = amountNumber(amount);
      return food === 'cookie' ? api.feed(eidol.id, n) : api.apple(eidol.id, n);
    },
    leaveHome: true,
    locked,
    invalid: feedButton(eidol, held, amount, food, { state: 'prepare', error: '', locked: false }).disabled,
    slideKey: String(eidol?.id ?? ''),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  const flow = { state: flowState.state, error: flowState.error, locked };
  const view = feedButton(eidol, held, amount, food, flow);
  const amountText = feedAmountText(amount, held, food);
  const hoursLeft = eidol ? appleHoursLeft(eidol.data.apple, nowMs()) : 0;
  return (
    <ItemScreenShell
      testId={`screen-${food === 'cookie' ? 'feed' : 'apple'}`}
      title={food === 'cookie' ? t.items.ogle.feedCookies : t.items.ogle.feedApples}
      loading={loading}
    >
      <EidolPicker eidols={eidols} eidol={eidol} />
      {eidol ? (
        <dl className="balances" data-testid="feed-figures">
          <div>
            <dt>{t.items.rarity}</dt>
            <dd>{eidol.rarity}</dd>
          </div>
          <div>
            <dt>{t.items.collection}</dt>
            <dd>{eidol.skin.collection || eidol.collection}</dd>
          </div>
          <div>
            <dt>{t.eidol.value}</dt>
            <dd data-testid="feed-value">
              {formatAmount(eidol.value, 8)} {t.units.ngls}
            </dd>
          </div>
          <div>
            <dt>{t.items.precise}</dt>
            <dd data-testid="feed-precise">{eidol.data.precise}</dd>
          </div>
          <div>
            <dt>{t.items.boostHours}</dt>
            <dd data-testid="feed-boost">{food === 'apple' ? boostHours(hoursLeft, amountNumber(amount)) : hoursLeft}</dd>
          </div>
          <div>
            <dt>{t.items.precisionApples}</dt>
            <dd data-testid="feed-apples">{apples}</dd>
          </div>
          {food === 'cookie' ? (
            <div>
              <dt>{t.items.goldenCookies}</dt>
              <dd data-testid="feed-cookies">{held}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {feedAmountRowShown(eidol, held, flow) ? (
        <Field
          label={`${FOOD_NAME[food]} to feed`}
          value={amount}
          onValue={setAmount}
          inputMode="numeric"
          pattern="[0-9]*"
          errors={amountText ? [amountText] : undefined}
          data-testid="feed-amount"
        />
      ) : null}
      <ActionButton view={view} onPress={flowState.press} testId="feed-submit" />
    </ItemScreenShell>
  );
}
