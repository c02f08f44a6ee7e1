/**
 * /fairness, open to guests and players: how a round's outcome is fixed in advance and how to check it,
 * the published terminal hash and salt, the settled rounds (newest first, "Older" pages back), and for a
 * chosen round its published data recomputed in this browser with `verifyRound` (the server's own rules):
 * each check ✓/✗ and the payouts table.
 */
import { t } from '../../i18n/t/fairness';
import { useEffect, useRef, useState } from 'react';
import type { FairnessView, FairRoundDetail } from '../../../shared/api/game';
import { thresholdFractionString } from '../../../shared/rules/fairness';
import { verifyRound, type RoundVerification } from '../../../shared/rules/round/verifyRound';
import { fairnessApi } from '../../net/fairnessApi';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import './FairnessScreen.css';
import { appendRounds, checkRows, FAIRNESS_STEPS, payoutRows, shortThreshold, type FairRound } from './fairnessView';

type List =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'loaded'; terminalHash: string; salt: string; rounds: FairRound[]; page: number; hasMore: boolean };

type Chosen =
  | { state: 'none' }
  | { state: 'loading'; id: number }
  | { state: 'failed'; id: number; text: string }
  | { state: 'done'; id: number; detail: FairRoundDetail; verification: RoundVerification };

/** Props: `round` opens that round's recomputation at once (the list's links are `/fairness?round=<id>`). */
export interface FairnessScreenProps {
  round?: number;
}

/** The fairness page. */
export default function FairnessScreen({ round }: FairnessScreenProps) {
  const [list, setList] = useState<List>({ state: 'loading' });
  const [older, setOlder] = useState<{ loading: boolean; error: string }>({ loading: false, error: '' });
  const [chosen, setChosen] = useState<Chosen>({ state: 'none' });
  // The latest request for a round wins: a slower answer for an earlier choice is dropped.
  const latest = useRef(0);
  const live = useRef(true);

  async function loadFirst() {
    setList({ state: 'loading' });
    const r = await fairnessApi.page(1);
    if (!live.current) return;
    setList(r.ok ? loaded(r.data, []) : { state: 'failed', text: r.text });
  }

  async function loadOlder() {
    if (list.state !== 'loaded') return;
    setOlder({ loading: true, error: '' });
    const r = await fairnessApi.page(list.page + 1);
    if (!live.current) return;
    if (!r.ok) return setOlder({ loading: false, error: r.text });
    setOlder({ loading: false, error: '' });
    setList((now) => (now.state === 'loaded' ? loaded(r.data, now.rounds) : now));
  }

  async function choose(id: number) {
    const ticket = ++latest.current;
    setChosen({ state: 'loading', id });
    const r = await fairnessApi.round(id);
    if (!live.current || ticket !== latest.current) return;
    if (!r.ok) return setChosen({ state: 'failed', id, text: r.text });
    setChosen({ state: 'done', id, detail: r.data, verification: verifyRound(r.data) });
  }

  useEffect(() => {
    live.current = true;
    void loadFirst();
    if (round !== undefined && Number.isSafeInteger(round) && round > 0) void choose(round);
    return () => {
      live.current = false;
    };
    // Once per mount: the page's own buttons drive every later load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="screen fairness" data-testid="screen-fairness">
      <h1>{t.fairness.title}</h1>
      <section className="panel" aria-labelledby="fairness-how">
        <h2 id="fairness-how">{t.fairness.howTitle}</h2>
        <ol className="fairness-steps" data-testid="fairness-steps">
          {FAIRNESS_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p className="muted">
          {t.fairness.terminalBefore} <code>{t.fairness.verifyCommand}</code> {t.fairness.terminalAfter}
        </p>
      </section>

      {list.state === 'loading' && (
        <p className="muted" role="status" data-testid="fairness-loading">
          {t.fairness.loading}
        </p>
      )}
      {list.state === 'failed' && (
        <div className="stack">
          <ErrorLine text={list.text} testId="fairness-load-error" />
          <Button variant="secondary" small onClick={() => void loadFirst()}>
            {t.common.tryAgain}
          </Button>
        </div>
      )}
      {list.state === 'loaded' && (
        <>
          <section className="panel" aria-labelledby="fairness-commitment">
            <h2 id="fairness-commitment">{t.fairness.commitment}</h2>
            <p>
              {t.fairness.terminalHash} <code className="hash" data-testid="fairness-terminal-hash">{list.terminalHash}</code>
            </p>
            <p>
              {t.fairness.salt} <code className="hash" data-testid="fairness-salt">{list.salt}</code>
            </p>
          </section>

          <section className="panel" aria-labelledby="fairness-rounds">
            <h2 id="fairness-rounds">{t.fairness.settled}</h2>
            {list.rounds.length === 0 && <p className="muted" data-testid="fairness-empty">{t.fairness.noRound}</p>}
            <ul className="fairness-rounds" data-testid="fairness-rounds">
              {list.rounds.map((r) => (
                <li key={r.id} data-testid="fairness-round" data-round={r.id} data-chosen={chosen.state !== 'none' && chosen.id === r.id ? 'true' : undefined}>
                  <span>
                    <strong>#{r.id}</strong> <span className="muted">{r.ends_at}</span>
                  </span>
                  <code className="hash">{r.hash}</code>
                  <span title={r.threshold}>{t.fairness.thresholdShort(shortThreshold(r.threshold))}</span>
                  <Button variant="secondary" small onClick={() => void choose(r.id)} aria-label={t.fairness.verifyRound(r.id)}>
                    {t.fairness.verify}
                  </Button>
                </li>
              ))}
            </ul>
            {list.hasMore && (
              <Button variant="secondary" small disabled={older.loading} onClick={() => void loadOlder()}>
                {older.loading ? t.common.loading : t.fairness.older}
              </Button>
            )}
            <ErrorLine text={older.error} testId="fairness-older-error" />
          </section>
        </>
      )}

      {chosen.state === 'loading' && (
        <p className="muted" role="status" data-testid="fairness-round-loading">
          {t.fairness.recomputing(chosen.id)}
        </p>
      )}
      {chosen.state === 'failed' && (
        <div className="stack">
          <ErrorLine text={t.fairness.roundError(chosen.id, chosen.text)} testId="fairness-round-error" />
          <Button variant="secondary" small onClick={() => void choose(chosen.id)}>
            {t.common.tryAgain}
          </Button>
        </div>
      )}
      {chosen.state === 'done' && <RoundReport detail={chosen.detail} verification={chosen.verification} />}

      <Button variant="secondary" small onClick={() => navigate('/')}>
        {t.common.back}
      </Button>
    </main>
  );
}

/** The list state after a page arrived (appended after `listed`). */
function loaded(data: FairnessView, listed: FairRound[]): List {
  return { state: 'loaded', terminalHash: data.terminal_hash, salt: data.salt, rounds: appendRounds(listed, data.rounds), page: data.page, hasMore: data.has_more };
}

/** One round recomputed: its inputs, each check ✓/✗ and the payouts table. */
function RoundReport({ detail, verification }: { detail: FairRoundDetail; verification: RoundVerification }) {
  const checks = checkRows(verification);
  const rows = payoutRows(verification);
  const units = verification.thresholdUnits;
  return (
    <section className="panel" aria-labelledby="fairness-report" data-testid="fairness-report" data-ok={verification.ok ? 'true' : 'false'}>
      <h2 id="fairness-report">{t.fairness.round(detail.id)}</h2>
      <p data-testid="fairness-verdict" className={verification.ok ? 'fair-ok' : 'fair-bad'}>
        {verification.ok ? t.fairness.allMatch : t.fairness.mismatches(verification.mismatches.length)}
      </p>
      <p>
        {t.fairness.hash} <code className="hash">{detail.hash}</code>
      </p>
      <p>
        {t.fairness.previousHash} <code className="hash">{detail.previous_hash}</code>
      </p>
      <p>
        {t.fairness.thresholdIs} <span className="hash" data-testid="fairness-threshold">{units === null ? t.fairness.cannotCompute : thresholdFractionString(BigInt(units))}</span>
        {units !== null && <span className="muted hash"> = {detail.threshold}</span>}
      </p>
      <ul className="fairness-checks" data-testid="fairness-checks">
        {checks.map((c) => (
          <li key={c.name} data-testid="fairness-check" data-check={c.name} data-ok={c.ok ? 'true' : 'false'}>
            <span aria-hidden="true" className={c.ok ? 'fair-ok' : 'fair-bad'}>
              {c.mark}
            </span>{' '}
            {c.label}
            <span className="sr-only">{c.ok ? t.fairness.holds : t.fairness.doesNotHold}</span>
            {c.details.map((d) => (
              <div key={d} className="muted">
                {d}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <p className="muted">{t.fairness.nobodyJoined}</p>
      ) : (
        <div className="fairness-table-wrap">
          <table className="fairness-table" data-testid="fairness-payouts">
            <thead>
              <tr>
                <th scope="col">{t.fairness.columns.eidol}</th>
                <th scope="col">{t.fairness.columns.risk}</th>
                <th scope="col">{t.fairness.columns.zone}</th>
                <th scope="col">{t.fairness.columns.stake}</th>
                <th scope="col">{t.fairness.columns.payout}</th>
                <th scope="col">{t.fairness.columns.mined}</th>
                <th scope="col">{t.fairness.columns.valueAfter}</th>
                <th scope="col">{t.fairness.columns.check}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.eidolId} data-testid="fairness-payout" data-ok={r.ok ? 'true' : 'false'}>
                  <td>#{r.eidolId}</td>
                  <td>{r.risk}</td>
                  <td>{r.zone}</td>
                  <td>{r.stake}</td>
                  <td>{r.payout}</td>
                  <td>{r.mined}</td>
                  <td>{r.valueAfter}</td>
                  <td title={r.differences.join('; ')} className={r.ok ? 'fair-ok' : 'fair-bad'}>
                    {r.mark}
                    {r.differences.length > 0 && <div className="muted">{r.differences.join('; ')}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">{t.fairness.amountsNote}</p>
    </section>
  );
}
