/**
 * /pop and /popeidol (spec 2 §2 "Pop screen", §4 "Pop"): swipe through the eidols (/popeidol: the selected
 * one), Pop Potency, Next Level Potency, Eidol Level and the XP bar; hold the button 3 s to begin, 3 s
 * "Setting up lab", then "Approve Pop"; Done refreshes after 750 ms and goes home after 3 s.
 */
import { t } from '../../../i18n/t/items';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { EidolPicker } from '../../components/EidolPicker';
import { ItemScreenShell } from './ItemScreenShell';
import { PaidLine } from './PaidLine';
import { useActionData } from './useActionData';
import { popButton, popFigures, popRefusal } from './popView';
import { popIncomeUnits } from './actionView';
import { formatAngls } from '../../../game/eidol/numbers';

/** Props: swipe through all eidols or pop the selected one; endpoints and refresh for tests. */
export interface PopScreenProps {
  variant?: 'swipe' | 'selected';
  api?: Pick<ItemActionsApi, 'pop'>;
  onRefresh?: () => void;
}

/** The screen. */
export default function PopScreen({ variant = 'swipe', api = itemActionsApi, onRefresh = refreshAfterTransaction }: PopScreenProps) {
  const { eidols, eidol, locked, loading } = useActionData();
  const flow = useWaitApprove({
    start: 'hold',
    send: () => (eidol ? api.pop(eidol.id) : Promise.reject(new Error(t.common.noEidol))),
    leaveHome: true,
    locked,
    invalid: popRefusal(eidol) !== '',
    slideKey: String(eidol?.id ?? ''),
    refresh: onRefresh,
    leave: () => navigate('/'),
  });
  const view = popButton(eidol, { state: flow.state, error: flow.error, locked });
  const figures = eidol ? popFigures(eidol) : null;
  return (
    <ItemScreenShell testId={variant === 'swipe' ? 'screen-pop' : 'screen-popeidol'} title={t.items.ogle.pop} loading={loading}>
      {variant === 'swipe' ? <EidolPicker eidols={eidols} eidol={eidol} /> : null}
      {eidol && figures ? (
        <dl className="balances" data-testid="pop-figures">
          <div>
            <dt>{t.items.popPotency}</dt>
            <dd data-testid="pop-potency">{figures.potency}</dd>
          </div>
          <div>
            <dt>{t.items.nextLevelPotency}</dt>
            <dd data-testid="pop-next-potency">{figures.nextPotency}</dd>
          </div>
          <div>
            <dt>{t.items.eidolLevel}</dt>
            <dd data-testid="pop-level">{figures.level}</dd>
          </div>
          <div>
            <dt>{t.items.expectedIncome}</dt>
            <dd data-testid="pop-income">
              {formatAngls(popIncomeUnits(eidol))} {t.units.ngls}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{t.common.noEidolYet}</p>
      )}
      {eidol && figures ? (
        <div
          className="xp-bar"
          role="progressbar"
          aria-label={t.units.xp}
          aria-valuemin={0}
          aria-valuemax={eidol.next_level_experience}
          aria-valuenow={eidol.experience}
          data-testid="pop-xp"
        >
          <div style={{ width: `${Math.round(figures.xp * 100)}%` }} />
        </div>
      ) : null}
      <ActionButton view={view} onPress={flow.press} onHold={flow.hold} onRelease={flow.release} testId="pop-submit" />
      {flow.state === 'success' ? <PaidLine result={flow.result} /> : null}
    </ItemScreenShell>
  );
}
