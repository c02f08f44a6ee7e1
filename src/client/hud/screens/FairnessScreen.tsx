/**
 * /fairness, open to guests and players: how a round's outcome is fixed in advance and how to check it,
 * every chain's commitment, the settled rounds (newest first, "Older" pages back), and for a chosen round
 * its published data recomputed in this browser with `verifyAnchored` (the server's own rules, anchored to
 * the previous round's own record and the listed commitment, with each eidol's value continuity): each
 * check ✓/✗, the payouts table, and on request the walk to the commitment in a Web Worker.
 */
import { t } from '../../i18n/t/fairness';
import { useEffect, useRef, useState } from 'react';
import type { FairChain, FairnessView, FairRoundDetail } from '../../../shared/api/game';
import { thresholdFractionString, type WalkProgress } from '../../../shared/rules/fairness';
import type { RoundVerification } from '../../../shared/rules/round/verifyRound';
import { verifyAnchored, type FairnessSource } from '../../../shared/rules/round/verifyAnchored';
import { fairnessApi } from '../../net/fairnessApi';
import { navigate } from '../../stores/router';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import './FairnessScreen.css';
import { appendRounds, checkRows, FAIRNESS_STEPS, payoutRows, shortThreshold, type FairRound } from './fairnessView';
import { startWalk } from './fairnessWalk';

type List =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'loaded'; chains: FairChain[]; rounds: FairRound[]; page: number; hasMore: boolean };

type Chosen =
  | { state: 'none' }
  | { state: 'loading'; id: number }
  | { state: 'failed'; id: number; text: string }
  | {
      state: 'done';
      id: number;
      detail: FairRoundDetail;
      verification: RoundVerification;
      walk: { steps: number; terminalHash: string } | null;
    };

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
    const anchored = await verifyAnchored(apiSource(id, r.data), id);
    if (!live.current || ticket !== latest.current) return;
    // A round whose verification could not run at all is still shown, with every check failed.
    const verification = anchored.verification ?? {
      roundId: id,
      ok: false,
      thresholdUnits: null,
      checks: [],
      mismatches: [],
      entries: [],
      settlement: null,
    };
    const walk =
      anchored.chain && anchored.walkSteps !== null ? { steps: anchored.walkSteps, terminalHash: anchored.chain.terminal_hash } : null;
    setChosen({ state: 'done', id, detail: r.data, verification, walk });
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
            <ul className="fairness-chains" data-testid="fairness-chains">
              {list.chains.map((c, i) => (
                <li key={c.id} data-testid="fairness-chain" data-chain={c.id}>
                  <strong>{t.fairness.chain(c.id, i === 0)}</strong>{' '}
                  <span className="muted">{t.fairness.chainRounds(c.first_round_id, c.last_round_id, c.length)}</span>
                  <div>
                    {t.fairness.terminalHash}{' '}
                    <code className="hash" data-testid={i === 0 ? 'fairness-terminal-hash' : undefined}>
                      {c.terminal_hash}
                    </code>
                  </div>
                  <div className="muted">{t.fairness.saltRule[c.salt_rule](c.block_rule_from ?? 0)}</div>
                  <div>
                    {t.fairness.salt}{' '}
                    <code className="hash" data-testid={i === 0 ? 'fairness-salt' : undefined}>
                      {c.salt}
                    </code>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section className="panel" aria-labelledby="fairness-rounds">
            <h2 id="fairness-rounds">{t.fairness.settled}</h2>
            {list.rounds.length === 0 && (
              <p className="muted" data-testid="fairness-empty">
                {t.fairness.noRound}
              </p>
            )}
            <ul className="fairness-rounds" data-testid="fairness-rounds">
              {list.rounds.map((r) => (
                <li
                  key={r.id}
                  data-testid="fairness-round"
                  data-round={r.id}
                  data-chosen={chosen.state !== 'none' && chosen.id === r.id ? 'true' : undefined}
                >
                  <span>
                    <strong>#{r.id}</strong> <span className="muted">{r.ends_at}</span>
                  </span>
                  <code className="hash">{r.hash}</code>
                  <span title={r.threshold}>
                    {t.fairness.thresholdShort(shortThreshold(r.threshold))}
                    {r.block_number !== null && <span className="muted"> · {t.fairness.blockShort(r.block_number)}</span>}
                  </span>
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
      {chosen.state === 'done' && (
        <RoundReport key={chosen.id} detail={chosen.detail} verification={chosen.verification} walk={chosen.walk} />
      )}

      <Button variant="secondary" small onClick={() => navigate('/')}>
        {t.common.back}
      </Button>
    </main>
  );
}

/** The list state after a page arrived (appended after `listed`). */
function loaded(data: FairnessView, listed: FairRound[]): List {
  return { state: 'loaded', chains: data.chains ?? [], rounds: appendRounds(listed, data.rounds), page: data.page, hasMore: data.has_more };
}

/** The published record as the verifier reads it: the API, with the chosen round's answer already in hand. */
function apiSource(id: number, detail: FairRoundDetail): FairnessSource {
  return {
    chains: async () => {
      const r = await fairnessApi.page(1);
      return r.ok ? (r.data.chains ?? []) : [];
    },
    round: async (n) => {
      if (n === id) return detail;
      const r = await fairnessApi.round(n);
      return r.ok ? r.data : undefined;
    },
  };
}

/** The walk to the commitment: a button, then its progress, then its verdict. */
function WalkToCommitment({ hash, walk }: { hash: string; walk: { steps: number; terminalHash: string } }) {
  const [progress, setProgress] = useState<WalkProgress | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  const percent = progress ? Math.floor((100 * progress.done) / Math.max(1, progress.total)) : 0;
  return (
    <div className="stack" data-testid="fairness-walk">
      {progress === null ? (
        <Button variant="secondary" small onClick={() => (stop.current = startWalk({ hash, ...walk }, setProgress))}>
          {t.fairness.walk(walk.steps)}
        </Button>
      ) : progress.reached === undefined ? (
        <p className="muted" role="status">
          <progress max={100} value={percent} /> {t.fairness.walking(progress.done, progress.total)}
        </p>
      ) : (
        <p
          data-testid="fairness-walk-result"
          data-ok={progress.reached ? 'true' : 'false'}
          className={progress.reached ? 'fair-ok' : 'fair-bad'}
        >
          {progress.reached ? t.fairness.walkReached(walk.steps) : t.fairness.walkMissed(walk.steps)}
        </p>
      )}
    </div>
  );
}

/** One round recomputed: its inputs, each check ✓/✗ and the payouts table. */
function RoundReport({
  detail,
  verification,
  walk,
}: {
  detail: FairRoundDetail;
  verification: RoundVerification;
  walk: { steps: number; terminalHash: string } | null;
}) {
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
        {t.fairness.block}{' '}
        {detail.block_number === null ? (
          <span className="muted">{t.fairness.noBlock}</span>
        ) : (
          <>
            #{detail.block_number} <code className="hash">{detail.block_hash}</code>
          </>
        )}
      </p>
      <p>
        {t.fairness.thresholdIs}{' '}
        <span className="hash" data-testid="fairness-threshold">
          {units === null ? t.fairness.cannotCompute : thresholdFractionString(BigInt(units))}
        </span>
        {units !== null && <span className="muted hash"> = {detail.threshold}</span>}
      </p>
      {walk && <WalkToCommitment hash={detail.hash} walk={walk} />}
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
