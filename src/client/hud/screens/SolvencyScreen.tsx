/**
 * /solvency, open to guests and players: per asset, what the pools hold, what the platform owes its players
 * and, for USDC and BNB, what the chain holds for them, each line explained in one sentence; "Refresh"
 * reads it again (the server keeps one report a few seconds).
 */
import { t } from '../../i18n/t/solvency';
import { useEffect, useRef, useState } from 'react';
import type { SolvencyView } from '../../../shared/api/solvency';
import { solvencyApi } from '../../net/solvencyApi';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import './SolvencyScreen.css';
import { solvencyCards, updatedText, type SolvencyCard, type SolvencyLine } from './solvencyView';

type State = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; view: SolvencyView; refreshing: boolean; error: string };

/** The operators' command that prints the same report (a command, not words: it is not translated). */
const RECONCILE_COMMAND = 'npm run reconcile';

/** The solvency page. */
export default function SolvencyScreen() {
  const [s, setS] = useState<State>({ state: 'loading' });
  const live = useRef(true);

  async function load() {
    // A refresh keeps the figures on screen while it runs; only the first load shows the loading line.
    setS((now) => (now.state === 'loaded' ? { ...now, refreshing: true, error: '' } : { state: 'loading' }));
    const r = await solvencyApi.report();
    if (!live.current) return;
    if (r.ok) return setS({ state: 'loaded', view: r.data, refreshing: false, error: '' });
    setS((now) => (now.state === 'loaded' ? { ...now, refreshing: false, error: r.text } : { state: 'failed', text: r.text }));
  }

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, []);

  return (
    <main className="screen solvency" data-testid="screen-solvency">
      <h1>{t.solvency.title}</h1>
      <p className="muted">
        {t.solvency.intro}{' '}
        <code>{RECONCILE_COMMAND}</code>.
      </p>

      {s.state === 'loading' && (
        <p className="muted" role="status" data-testid="solvency-loading">
          {t.solvency.loading}
        </p>
      )}
      {s.state === 'failed' && (
        <div className="stack">
          <ErrorLine text={s.text} testId="solvency-load-error" />
          <Button variant="secondary" small onClick={() => void load()}>
            {t.common.tryAgain}
          </Button>
        </div>
      )}
      {s.state === 'loaded' && (
        <>
          <p className="muted" data-testid="solvency-updated">
            {updatedText(s.view)}
          </p>
          {s.view.custody_note && (
            <p className="muted" data-testid="solvency-custody-note">
              {s.view.custody_note}
            </p>
          )}
          {solvencyCards(s.view).map((card) => (
            <AssetCard key={card.asset} card={card} />
          ))}
          <ErrorLine text={s.error} testId="solvency-refresh-error" />
          <Button variant="secondary" small disabled={s.refreshing} onClick={() => void load()}>
            {s.refreshing ? t.solvency.refreshing : t.solvency.refresh}
          </Button>
        </>
      )}

      <Button variant="secondary" small onClick={() => navigate('/')}>
        {t.common.back}
      </Button>
    </main>
  );
}

/** One asset: pools, what is owed, custody, and the verdict. */
function AssetCard({ card }: { card: SolvencyCard }) {
  const id = `solvency-${card.asset.toLowerCase()}`;
  return (
    <section className="panel" aria-labelledby={id} data-testid="solvency-asset" data-asset={card.asset}>
      <h2 id={id}>{card.title}</h2>
      <p data-testid="solvency-verdict" className={card.verdict.tone === 'ok' ? 'solvency-ok' : card.verdict.tone === 'bad' ? 'solvency-bad' : 'muted'}>
        {card.verdict.text}
      </p>
      <h3>{t.solvency.pools}</h3>
      {card.pools.length === 0 ? <p className="muted">{t.solvency.noPool(card.title)}</p> : <Lines lines={card.pools} />}
      <p className="muted">
        {t.solvency.poolsTogether} <span className="solvency-amount">{card.poolsTotal}</span>
      </p>
      <h3>{t.solvency.owedTitle}</h3>
      <Lines lines={card.owed} />
      {card.custody.length > 0 && (
        <>
          <h3>{t.solvency.custodyTitle}</h3>
          <Lines lines={card.custody} />
        </>
      )}
    </section>
  );
}

/** Lines as a definition list: label and amount on one row, the explanation under them. */
function Lines({ lines }: { lines: SolvencyLine[] }) {
  return (
    <dl className="solvency-lines">
      {lines.map((l) => (
        <div key={l.key} data-testid="solvency-line" data-line={l.key}>
          <dt>{l.label}</dt>
          <dd className="solvency-amount">{l.amount}</dd>
          <dd className="muted solvency-explain">{l.explain}</dd>
        </div>
      ))}
    </dl>
  );
}
