/**
 * /coop, the Invite screen (spec 2 §2): the cooperation reward explained, the editable invite link shared
 * through the share sheet (copy fallback), the player's gDAO count, friends invited and gDAO earned from
 * them, and the main button: resend the confirmation e-mail until it is confirmed (server message on
 * failure, spec 2 §4), then open the gDAO store.
 */
import { t } from '../../../i18n/t/coop';
import { formatNumber } from '../../../i18n/format';
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { api } from '../../../net/api';
import { $productName } from '../../../stores/config';
import { $session } from '../../../stores/session';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { RoundCountdown } from '../../components/RoundCountdown';
import { coopMainAction, gdaoCount, inviteShare, type ShareDevice } from './coopView';
import { InviteShare } from './InviteShare';
import { returnBack } from './returnBack';
import './CoopScreens.css';

/** Shown on the main button while the resend runs. */
export const RESENDING_TEXT = t.common.sending;
/** Shown after a resend when the server gave no message of its own. */
export const RESENT_TEXT = t.coop.resent;

/** Props: the resend call and the share device (tests pass their own). */
export interface CoopScreenProps {
  resend?: typeof api.resendEmail;
  device?: ShareDevice;
}

/** The screen; nothing while the session is not a logged-in player (the route guard redirects). */
export default function CoopScreen(props: CoopScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <CoopView user={user} {...props} />;
}

function CoopView({ user, resend = api.resendEmail, device }: CoopScreenProps & { user: User }) {
  const product = useStore($productName);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const main = coopMainAction(user);

  const press = async () => {
    if (main.kind === 'store') return navigate('/gdaoshop');
    setBusy(true);
    setOutcome(null);
    const r = await resend();
    setBusy(false);
    setOutcome(r.ok ? { ok: true, text: r.message || RESENT_TEXT } : { ok: false, text: r.text });
  };

  return (
    <main className="screen coop" data-testid="screen-coop">
      <RoundCountdown place="area" />
      <section className="panel" aria-labelledby="coop-title">
        <h2 id="coop-title">{t.coop.title}</h2>
        <p>{t.coop.intro(product || t.coop.theGame)}</p>
        <InviteShare payload={inviteShare(user.name, product, user.ref_link)} editable testId="coop-share" device={device} />
        <dl className="coop-figures">
          <div>
            <dt>{t.coop.yourGdao}</dt>
            <dd data-testid="coop-gdao">{gdaoCount(user)}</dd>
          </div>
          <div>
            <dt>{t.coop.friendsInvited}</dt>
            <dd data-testid="coop-ref-count">{formatNumber(user.ref_count)}</dd>
          </div>
          <div>
            <dt>{t.coop.gdaoFromInvites}</dt>
            <dd data-testid="coop-ref-tokens">{user.ref_tokens}</dd>
          </div>
        </dl>
        {!user.email_confirmed && <p className="muted">{t.coop.confirmFirst}</p>}
        <Button disabled={busy} onClick={() => void press()} data-testid="coop-main">
          {busy ? RESENDING_TEXT : main.label}
        </Button>
        {outcome?.ok ? (
          <p className="muted" role="status" data-testid="coop-resend-result">
            {outcome.text}
          </p>
        ) : (
          <ErrorLine text={outcome?.text ?? ''} testId="coop-resend-error" />
        )}
      </section>
      <Button variant="secondary" onClick={() => returnBack()}>
        {t.common.return}
      </Button>
    </main>
  );
}
