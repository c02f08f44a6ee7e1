/**
 * /transmuteecto, Transmute Eggtoplasm (spec 2 §2 "Egg-transmute screen", §5 "Transmute egg"): the Tome
 * count, the eidol swiper and XP; a full eggtoplasm and one Tome become an eidol after the 3 s setup.
 */
import { t } from '../../../i18n/t/items';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { EidolPicker } from '../../components/EidolPicker';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { heldQuantity } from './actionView';
import { transmuteEctoButton, transmuteEctoRefusal } from './transmuteEctoView';

/** Props: endpoints and refresh for tests. */
export interface TransmuteEctoScreenProps {
  api?: Pick<ItemActionsApi, 'transmuteEgg'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function TransmuteEctoScreen({ api = itemActionsApi, onRefresh = refreshAfterTransaction }: TransmuteEctoScreenProps) {
  const { eidols, eidol, items, locked, loading } = useActionData();
  const tomes = heldQuantity(items, ITEM_IDS.TRANSMUTATION_TOME);
  const flowState = useWaitApprove({
    send: () => (eidol ? api.transmuteEgg(eidol.id) : Promise.reject(new Error(t.common.noEidol))),
    leaveHome: true,
    locked,
    invalid: transmuteEctoRefusal(eidol, tomes) !== '',
    slideKey: String(eidol?.id ?? ''),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  const view = transmuteEctoButton(eidol, tomes, { state: flowState.state, error: flowState.error, locked });
  return (
    <ItemScreenShell testId="screen-transmuteecto" title={t.items.ogle.transmuteEcto} loading={loading}>
      <dl className="balances">
        <div>
          <dt>{t.items.tome}</dt>
          <dd data-testid="tome-count">{tomes}</dd>
        </div>
      </dl>
      <EidolPicker eidols={eidols} eidol={eidol} />
      {eidol ? (
        <p>
          <span className="label">{t.units.xp}</span>{' '}
          <span data-testid="ecto-xp">
            {eidol.experience} / {eidol.next_level_experience}
          </span>
        </p>
      ) : null}
      <ActionButton view={view} onPress={flowState.press} testId="transmuteecto-submit" />
    </ItemScreenShell>
  );
}
