/**
 * The Eggtoplasm questline (spec 2 §2, §4 "Questline"), shown under the /onboardingecto lore: confirm the
 * e-mail, invite friends, claim a jar for 7 gDAO (`POST /api/drop {item_id: 5}`), enchant it for 13 gDAO
 * on /ecto. One button moves the player to the next step.
 */
import { t } from '../../../i18n/t/items';
import { useEffect, useRef, useState } from 'react';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { api } from '../../../net/api';
import { navigate } from '../../../stores/router';
import { itemActionsApi, type ItemActionsApi } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { REFRESH_MS, SUCCESS_MS } from '../../../machines/waitApproveMachine';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { useActionData } from './useActionData';
import { heldQuantity } from './actionView';
import { questButton, questSteps, type QuestFacts } from './questlineView';
import './ItemScreens.css';

/** Props: endpoints and refresh for tests. */
export interface EctoQuestlineProps {
  drop?: ItemActionsApi['drop'];
  resend?: typeof api.resendEmail;
  onRefresh?: () => void;
}

/** The questline panel. */
export function EctoQuestline({
  drop = itemActionsApi.drop,
  resend = api.resendEmail,
  onRefresh = refreshAfterTransaction,
}: EctoQuestlineProps) {
  const { user, items } = useActionData();
  const [claim, setClaim] = useState<'idle' | 'busy' | 'done'>('idle');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  if (!user) return null;
  const facts: QuestFacts = {
    emailConfirmed: user.email_confirmed,
    invited: user.ref_count,
    gdao: heldQuantity(items, ITEM_IDS.GDAO_TOKEN),
    jars: heldQuantity(items, ITEM_IDS.EGGTOPLASM_JAR),
  };
  const button = questButton(facts, claim);

  const tap = async () => {
    setMessage(null);
    if (button.action === 'enchant') return navigate('/ecto');
    if (button.action === 'resend') {
      const r = await resend();
      setMessage(r.ok ? { ok: true, text: r.message || t.common.verificationSent } : { ok: false, text: r.text });
      return;
    }
    if (button.action !== 'claim') return;
    setClaim('busy');
    const r = await drop(ITEM_IDS.JAR_CLAIM_DROP);
    if (!r.ok) {
      setClaim('idle');
      setMessage({ ok: false, text: r.message || r.text });
      return;
    }
    setClaim('done');
    timers.current.push(
      setTimeout(onRefresh, REFRESH_MS),
      setTimeout(() => setClaim('idle'), SUCCESS_MS),
    );
  };

  return (
    <section className="panel questline" aria-label={t.items.questline} data-testid="ecto-questline">
      <ol>
        {questSteps(facts).map((s) => (
          <li key={s.title} className={s.done ? 'done' : ''} data-done={s.done}>
            {s.done ? '✓ ' : ''}
            {s.title}
          </li>
        ))}
      </ol>
      <Button variant="secondary" small onClick={() => navigate('/coop')} data-testid="quest-invite">
        {t.items.inviteFriends}
      </Button>
      <Button disabled={button.action === null} onClick={() => void tap()} data-testid="quest-action">
        {button.text}
      </Button>
      {message?.ok ? (
        <p className="muted" role="status" data-testid="quest-message">
          {message.text}
        </p>
      ) : (
        <ErrorLine text={message?.text ?? ''} testId="quest-error" />
      )}
    </section>
  );
}
