/**
 * /gdaoledger, the gDAO income ledger (spec 2 §2): the gDAO total, Social Income, Patron Income, Invited
 * Patrons, the Monthly gDAO Income button (POST /api/rooms/gdaoledger, which also fills the figures when the
 * screen opens), Active Patrons, the invite link for the share sheet, and "Check my share". The spec gives
 * the ledger call no error handling (§8); the figures still read as loading, then as unavailable.
 */
import { t } from '../../../i18n/t/coop';
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { coopApi, type CoopApi, type LedgerFigures } from '../../../net/coopApi';
import { $productName } from '../../../stores/config';
import { $session } from '../../../stores/session';
import { Button } from '../../components/Button';
import { RoundCountdown } from '../../components/RoundCountdown';
import { gdaoCount, inviteShare, type ShareDevice } from './coopView';
import { InviteShare } from './InviteShare';
import { ShareCheckPanel } from './ShareCheckPanel';
import { returnBack } from './returnBack';
import './CoopScreens.css';

/** Shown in place of a figure while the ledger loads. */
export const LEDGER_LOADING = '…';
/** Shown when the ledger could not be read. */
export const LEDGER_UNAVAILABLE = t.coop.ledgerUnavailable;

/** Props: the endpoints and the share device (tests pass their own). */
export interface GdaoLedgerScreenProps {
  api?: Pick<CoopApi, 'ledger' | 'distributionMonths' | 'distribution' | 'proof'>;
  device?: ShareDevice;
}

/** The screen; nothing while the session is not a logged-in player (the route guard redirects). */
export default function GdaoLedgerScreen(props: GdaoLedgerScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <LedgerView user={user} {...props} />;
}

type Ledger = { state: 'loading' } | { state: 'unavailable' } | { state: 'loaded'; figures: LedgerFigures };

function LedgerView({ user, api = coopApi, device }: GdaoLedgerScreenProps & { user: User }) {
  const product = useStore($productName);
  const [ledger, setLedger] = useState<Ledger>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const live = useRef(true);

  async function load() {
    setBusy(true);
    const r = await api.ledger();
    if (!live.current) return;
    setBusy(false);
    // A failed refresh keeps figures already shown; only a first failure says they are unavailable.
    if (r.ok) setLedger({ state: 'loaded', figures: r.data });
    else setLedger((now) => (now.state === 'loaded' ? now : { state: 'unavailable' }));
  }

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
    // Once per mount; the Monthly gDAO Income button reads it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const figure = (pick: (f: LedgerFigures) => string | number): string =>
    ledger.state === 'loaded' ? String(pick(ledger.figures)) : ledger.state === 'loading' ? LEDGER_LOADING : '—';

  return (
    <main className="screen coop" data-testid="screen-gdaoledger">
      <RoundCountdown place="area" />
      <section className="panel" aria-labelledby="ledger-title">
        <h2 id="ledger-title">{t.coop.ledgerTitle}</h2>
        <dl className="coop-figures">
          <Figure label={t.units.gdao} value={String(gdaoCount(user))} testId="ledger-gdao" />
          <Figure label={t.coop.socialIncome} value={figure((f) => f.social_income)} testId="ledger-social" />
          <Figure label={t.coop.patronIncome} value={figure((f) => f.patron_income)} testId="ledger-patron" />
          <Figure label={t.coop.invitedPatrons} value={figure((f) => f.total_patrons)} testId="ledger-patrons" />
          <Figure label={t.coop.activePatrons} value={figure((f) => f.patron_active)} testId="ledger-active" />
          <Figure label={t.coop.burned} value={figure((f) => f.burned)} testId="ledger-burned" />
        </dl>
        <Button disabled={busy} onClick={() => void load()} data-testid="ledger-monthly">
          {t.coop.monthlyIncome}
        </Button>
        <p className="coop-monthly" role="status" data-testid="ledger-monthly-income">
          {ledger.state === 'unavailable' ? LEDGER_UNAVAILABLE : t.coop.thisMonth(figure((f) => f.monthly_income))}
        </p>
        <h3>{t.coop.shareLink}</h3>
        <InviteShare payload={inviteShare(user.name, product, user.ref_link)} testId="ledger-share" device={device} />
      </section>
      <ShareCheckPanel userId={user.id} api={api} />
      <Button variant="secondary" onClick={() => returnBack()}>
        {t.common.return}
      </Button>
    </main>
  );
}

/** One labelled figure. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
