/**
 * /ecto, Enchant Eggtoplasm (spec 2 §2, §4 "Enchant button states"): the gDAO count, the jars held, the
 * 13 gDAO fee notice, the button and a Return link back to the questline it is entered from.
 */
import { t } from '../../../i18n/t/items';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { heldQuantity } from './actionView';
import { ENCHANT_FEE_GDAO, ENCHANT_TEXTS, enchantButton } from './enchantView';

/** Props: endpoints and refresh for tests. */
export interface EnchantScreenProps {
  api?: Pick<ItemActionsApi, 'enchant'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function EnchantScreen({ api = itemActionsApi, onRefresh = refreshAfterTransaction }: EnchantScreenProps) {
  const { items, locked, loading } = useActionData();
  const gdao = heldQuantity(items, ITEM_IDS.GDAO_TOKEN);
  const jars = heldQuantity(items, ITEM_IDS.EGGTOPLASM_JAR);
  const flowState = useWaitApprove({
    send: () => api.enchant(),
    leaveHome: true,
    locked,
    invalid: jars <= 0 || gdao < ENCHANT_FEE_GDAO,
    slideKey: 'jar',
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  const view = enchantButton(jars, gdao, { state: flowState.state, error: flowState.error, locked });
  return (
    <ItemScreenShell testId="screen-ecto" title={t.items.ogle.enchant} loading={loading} returnTo="/onboardingecto">
      <dl className="balances">
        <div>
          <dt>{t.units.gdaoTokens}</dt>
          <dd data-testid="ecto-gdao">{gdao}</dd>
        </div>
        <div>
          <dt>{t.items.jars}</dt>
          <dd data-testid="ecto-jars">{jars}</dd>
        </div>
      </dl>
      <p className="muted" data-testid="ecto-notice">
        {ENCHANT_TEXTS.notice}
      </p>
      <ActionButton view={view} onPress={flowState.press} testId="ecto-submit" />
    </ItemScreenShell>
  );
}
