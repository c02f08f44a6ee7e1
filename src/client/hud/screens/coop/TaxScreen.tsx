/**
 * /tax, the Patricius Tax Box (spec 2 §2): the title's remaining time (days, hours or minutes, else
 * "No Title"), the Tax Commendation count, and a button putting one in (POST /api/rooms/tax: one more month
 * of title). The server's message shows on the button; the next tap clears it.
 */
import { t } from '../../../i18n/t/coop';
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import type { User } from '../../../../shared/api/user';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { $roundClock } from '../../../app/roundClock';
import { coopApi, type CoopApi } from '../../../net/coopApi';
import { $productName } from '../../../stores/config';
import { $session, patchUser } from '../../../stores/session';
import { Button } from '../../components/Button';
import { RoundCountdown } from '../../components/RoundCountdown';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { taxButton, taxCommendationCount, titleTimeText } from './coopView';
import { returnBack } from './returnBack';
import './CoopScreens.css';

/** The server refuses item actions while the round is being computed (contracts: "Locked for Aeon Computing"). */
const $roundLocked = computed($roundClock, (v) => v.state === 'locked' || v.state === 'reloading');

/** How often the remaining time is read again: minutes are its finest unit. */
const TICK_MS = 30_000;
/** The spec's refresh delay after a success (spec 2 §9: 750 ms). */
const REFRESH_MS = 750;
/** How long "Done!" stays (spec 2 §9: 3 s). */
const DONE_MS = 3_000;

/** Props: the endpoint, the clock and the refresh after a success (tests pass their own). */
export interface TaxScreenProps {
  api?: Pick<CoopApi, 'payTax'>;
  now?: () => number;
  onRefresh?: () => void;
}

/** The screen; nothing while the session is not a logged-in player (the route guard redirects). */
export default function TaxScreen(props: TaxScreenProps) {
  const { user } = useStore($session);
  if (!user) return null;
  return <TaxView user={user} {...props} />;
}

function TaxView({ user, api = coopApi, now = Date.now, onRefresh = refreshAfterTransaction }: TaxScreenProps & { user: User }) {
  const locked = useStore($roundLocked);
  const product = useStore($productName);
  const [nowMs, setNowMs] = useState(now);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    const t = setInterval(() => setNowMs(now()), TICK_MS);
    return () => {
      live.current = false;
      clearInterval(t);
    };
  }, [now]);

  useEffect(() => {
    if (!done) return;
    const refresh = setTimeout(onRefresh, REFRESH_MS);
    const clear = setTimeout(() => setDone(false), DONE_MS);
    return () => {
      clearTimeout(refresh);
      clearTimeout(clear);
    };
  }, [done, onRefresh]);

  const count = taxCommendationCount(user);
  const button = taxButton({ count, locked, sending, error, done });

  const press = async () => {
    if (error) return setError('');
    setSending(true);
    const r = await api.payTax();
    if (!live.current) return;
    setSending(false);
    if (!r.ok) return setError(r.text);
    // Show the new title and count at once; the refresh that follows brings the server's own figures.
    patchUser({
      patricius: r.data.patricius,
      items: user.items.map((i) => (i.id === ITEM_IDS.TAX_COMMENDATION ? { ...i, quantity: Math.max(0, i.quantity - 1) } : i)),
    });
    setNowMs(now());
    setDone(true);
  };

  return (
    <main className="screen coop" data-testid="screen-tax">
      <RoundCountdown place="area" />
      <section className="panel" aria-labelledby="tax-title">
        <h2 id="tax-title">{t.coop.taxTitle}</h2>
        <p className="muted">{t.coop.taxIntro(product ? t.coop.productShards(product) : t.coop.shards)}</p>
        <dl className="coop-figures">
          <div>
            <dt>{t.coop.patriciusTitle}</dt>
            <dd data-testid="tax-title-time">{titleTimeText(user.patricius, nowMs)}</dd>
          </div>
          <div>
            <dt>{t.coop.taxCommendations}</dt>
            <dd data-testid="tax-count">{count}</dd>
          </div>
        </dl>
        <Button variant={error ? 'error' : 'primary'} disabled={!button.enabled} onClick={() => void press()} data-testid="tax-button">
          {button.text}
        </Button>
      </section>
      <Button variant="secondary" onClick={() => returnBack()}>
        {t.common.return}
      </Button>
    </main>
  );
}
