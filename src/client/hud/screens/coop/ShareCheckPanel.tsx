/**
 * t.coop.shareCheckTitle on the income ledger: the published months (GET /api/gdao/distributions), and for the
 * chosen one (the newest at first) the player's own row, whether the shares add up to the budget, the root
 * hash and the Merkle root recomputed in this browser from the public rows, and the player's own leaf with its
 * Merkle proof (GET …/{month}/proof) checked here (src/shared/rules/gdaoMerkle.ts), with the block and the
 * transaction that wrote the root on the chain.
 */
import { t } from '../../../i18n/t/coop';
import { useEffect, useRef, useState } from 'react';
import type { CoopApi } from '../../../net/coopApi';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/ErrorLine';
import { proofReport, reportVerdicts, shareReport, type ProofReport, type ShareReport } from './coopView';

/** Props: the player's id and the endpoints. */
export interface ShareCheckPanelProps {
  userId: number;
  api: Pick<CoopApi, 'distributionMonths' | 'distribution' | 'proof'>;
}

type Months = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; months: string[] };
/** The player's proof: checked, or why there is none (no share that month, or the request failed). */
type Proof = { state: 'checked'; report: ProofReport } | { state: 'missing'; text: string };
type Chosen =
  | { state: 'none' }
  | { state: 'loading'; month: string }
  | { state: 'failed'; month: string; text: string }
  | { state: 'done'; report: ShareReport; proof: Proof };

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
    const [r, p] = await Promise.all([api.distribution(month), api.proof(month)]);
    if (!live.current || ticket !== latest.current) return;
    if (!r.ok) return setChosen({ state: 'failed', month, text: r.text });
    const proof: Proof = p.ok
      ? { state: 'checked', report: proofReport(p.data, userId, r.data.merkle_root ?? null) }
      : { state: 'missing', text: p.text };
    setChosen({ state: 'done', report: shareReport(r.data, userId), proof });
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
            <Button
              key={m}
              variant="secondary"
              small
              aria-pressed={m === current}
              onClick={() => void choose(m)}
              data-testid="share-check-month"
            >
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
      {chosen.state === 'done' && <ProofCheck proof={chosen.proof} />}
    </section>
  );
}

/** The player's proof checked in this browser: the verdict, the leaf, the root and where it stands on the chain. */
function ProofCheck({ proof }: { proof: Proof }) {
  if (proof.state === 'missing') {
    return (
      <p className="muted" data-testid="share-check-proof-missing">
        {proof.text}
      </p>
    );
  }
  const r = proof.report;
  return (
    <div className="stack coop-proof" data-testid="share-check-proof" data-ok={r.verified ? 'true' : 'false'}>
      <h3>{t.coop.proofTitle}</h3>
      <p className={r.verified ? 'coop-ok' : 'coop-bad'} role="status" data-testid="share-check-proof-verdict">
        {r.text}
      </p>
      <p className="muted">{t.coop.proofLeaf(r.leaf.activity, r.leaf.amount)}</p>
      <p className="muted">
        {t.coop.merkleRootLabel}{' '}
        <code className="hash" data-testid="share-check-merkle-root">
          {r.root}
        </code>
      </p>
      <p data-testid="share-check-anchor">{r.anchor}</p>
      {r.txHash && (
        <p className="muted">
          {t.coop.anchorTx}{' '}
          <code className="hash" data-testid="share-check-anchor-tx">
            {r.txHash}
          </code>
        </p>
      )}
    </div>
  );
}

/** One month checked: the player's row, the verdicts and both hashes. */
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
        {t.coop.publishedRoot}{' '}
        <code className="hash" data-testid="share-check-published-root">
          {report.publishedRoot}
        </code>
      </p>
      <p className="muted">
        {t.coop.recomputed}{' '}
        <code className="hash" data-testid="share-check-computed-root">
          {report.check.computedRoot ?? '—'}
        </code>
      </p>
    </div>
  );
}
