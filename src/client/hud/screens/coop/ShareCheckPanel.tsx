/**
 * t.coop.shareCheckTitle on the income ledger: the published months (GET /api/gdao/distributions), and for the
 * chosen one (the newest at first) the player's own row, whether the shares add up to the budget, and the
 * root hash recomputed in this browser with the server's rule (src/shared/rules/gdaoDistribution.ts).
 */
import { t } from '../../../i18n/t/coop';
import { useEffect, useRef, useState } from 'react';
import type { CoopApi } from '../../../net/coopApi';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { reportVerdicts, shareReport, type ShareReport } from './coopView';

/** Props: the player's id and the endpoints. */
export interface ShareCheckPanelProps {
  userId: number;
  api: Pick<CoopApi, 'distributionMonths' | 'distribution'>;
}

type Months = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; months: string[] };
type Chosen = { state: 'none' } | { state: 'loading'; month: string } | { state: 'failed'; month: string; text: string } | { state: 'done'; report: ShareReport };

/** The panel. */
export function ShareCheckPanel({ userId, api }: ShareCheckPanelProps) {
  const [months, setMonths] = useState<Months>({ state: 'loading' });
  const [chosen, setChosen] = useState<Chosen>({ state: 'none' });
  // The latest choice wins: a slower answer for an earlier month is dropped.
  const latest = useRef(0);
  const live = useRef(true);

  async function choose(month: string) {
    const ticket = ++latest.current;
    setChosen({ state: 'loading', month });
    const r = await api.distribution(month);
    if (!live.current || ticket !== latest.current) return;
    setChosen(r.ok ? { state: 'done', report: shareReport(r.data, userId) } : { state: 'failed', month, text: r.text });
  }

  async function loadMonths() {
    setMonths({ state: 'loading' });
    const r = await api.distributionMonths();
    if (!live.current) return;
    if (!r.ok) return setMonths({ state: 'failed', text: r.text });
    // 'YYYY-MM' sorts as text: newest first.
    const list = [...new Set(r.data)].sort().reverse();
    setMonths({ state: 'loaded', months: list });
    if (list[0]) void choose(list[0]);
  }

  useEffect(() => {
    live.current = true;
    void loadMonths();
    return () => {
      live.current = false;
    };
    // Once per mount: the panel's own buttons drive every later load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = chosen.state === 'none' ? '' : chosen.state === 'done' ? chosen.report.month : chosen.month;
  return (
    <section className="panel" aria-labelledby="share-check-title" data-testid="share-check">
      <h2 id="share-check-title">{t.coop.shareCheckTitle}</h2>
      <p className="muted">{t.coop.shareCheckIntro}</p>
      {months.state === 'loading' && (
        <p className="muted" role="status" data-testid="share-check-loading">
          {t.coop.loadingMonths}
        </p>
      )}
      {months.state === 'failed' && (
        <div className="stack">
          <ErrorLine text={months.text} testId="share-check-error" />
          <Button variant="secondary" small onClick={() => void loadMonths()}>
            {t.common.tryAgain}
          </Button>
        </div>
      )}
      {months.state === 'loaded' && months.months.length === 0 && (
        <p className="muted" data-testid="share-check-empty">
          {t.coop.noMonth}
        </p>
      )}
      {months.state === 'loaded' && months.months.length > 0 && (
        <div className="row coop-months" role="group" aria-label={t.coop.publishedMonths}>
          {months.months.map((m) => (
            <Button key={m} variant="secondary" small aria-pressed={m === current} onClick={() => void choose(m)} data-testid="share-check-month">
              {m}
            </Button>
          ))}
        </div>
      )}
      {chosen.state === 'loading' && (
        <p className="muted" role="status" data-testid="share-check-month-loading">
          {t.coop.recomputing(chosen.month)}
        </p>
      )}
      {chosen.state === 'failed' && <ErrorLine text={`${chosen.month}: ${chosen.text}`} testId="share-check-month-error" />}
      {chosen.state === 'done' && <Report report={chosen.report} />}
    </section>
  );
}

/** One month checked: the player's row, the two verdicts and both hashes. */
function Report({ report }: { report: ShareReport }) {
  const verdicts = reportVerdicts(report);
  return (
    <div className="stack" data-testid="share-check-report" data-ok={verdicts.every((v) => v.ok) ? 'true' : 'false'}>
      {report.mine ? (
        <p data-testid="share-check-mine">
          {t.coop.mine(report.month, String(report.mine.activity), report.mine.share, report.mine.amount)}
        </p>
      ) : (
        <p className="muted" data-testid="share-check-mine">
          {t.coop.noShare(report.month)}
        </p>
      )}
      {verdicts.map((v) => (
        <p key={v.key} className={v.ok ? 'coop-ok' : 'coop-bad'} data-testid={`share-check-${v.key}`} data-ok={v.ok ? 'true' : 'false'}>
          {v.text}
        </p>
      ))}
      <p className="muted">
        {t.coop.publishedRoot} <code className="hash" data-testid="share-check-published-root">{report.publishedRoot}</code>
      </p>
      <p className="muted">
        {t.coop.recomputed} <code className="hash" data-testid="share-check-computed-root">{report.check.computedRoot ?? '—'}</code>
      </p>
    </div>
  );
}
