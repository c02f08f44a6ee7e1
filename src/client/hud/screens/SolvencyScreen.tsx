/**
 * /solvency, open to guests and players: per asset, in plain words, what the game owes its players, what
 * its pools hold and what was issued, with ✓/✗ for "pools + players = issued" and "the public proof counts
 * everything owed"; the account-by-account figures and custody details sit behind "The maths". A logged-in
 * player's proof is checked here, in the browser, against the published root. "Refresh" reads it all again.
 */
import { t } from '../../i18n/t/solvency';
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { LiabilityProof, SolvencyView } from '../../../shared/api/solvency';
import { solvencyApi } from '../../net/solvencyApi';
import { navigate } from '../../stores/router';
import { $session } from '../../stores/session';
import { Button } from '../components/Button';
import { ErrorLine } from '../components/ErrorLine';
import { formatDecimalText } from '../../i18n/format';
import './SolvencyScreen.css';
import { solvencyCards, updatedText, type SolvencyCard, type SolvencyCheck, type SolvencyLine } from './solvencyView';
import { myProofView } from './solvencyProofView';

type State =
  { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; view: SolvencyView; refreshing: boolean; error: string };
type ProofState =
  { state: 'none' } | { state: 'checking' } | { state: 'failed'; text: string } | { state: 'loaded'; proof: LiabilityProof };

/** The solvency page. */
export default function SolvencyScreen() {
  const [s, setS] = useState<State>({ state: 'loading' });
  const [p, setP] = useState<ProofState>({ state: 'none' });
  const { status } = useStore($session);
  const live = useRef(true);

  async function load() {
    // A refresh keeps the figures on screen while it runs; only the first load shows the loading line.
    setS((now) => (now.state === 'loaded' ? { ...now, refreshing: true, error: '' } : { state: 'loading' }));
    const r = await solvencyApi.report();
    if (!live.current) return;
    if (r.ok) return setS({ state: 'loaded', view: r.data, refreshing: false, error: '' });
    setS((now) => (now.state === 'loaded' ? { ...now, refreshing: false, error: r.text } : { state: 'failed', text: r.text }));
  }

  async function loadProof() {
    setP({ state: 'checking' });
    const r = await solvencyApi.proof();
    if (!live.current) return;
    setP(r.ok ? { state: 'loaded', proof: r.data } : { state: 'failed', text: r.text });
  }

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, []);

  // The proof is the player's own: asked for once the page knows a player is logged in.
  useEffect(() => {
    if (status === 'user') void loadProof();
    else setP({ state: 'none' });
  }, [status]);

  async function refresh() {
    await load();
    if (status === 'user') await loadProof();
  }

  // A proof from a newer snapshot than the report on screen (the snapshot moved on between the two reads):
  // read both again, once; a second mismatch stays shown as "refresh to check again".
  const reread = useRef(false);
  useEffect(() => {
    if (s.state !== 'loaded' || p.state !== 'loaded' || p.proof.root.hash === s.view.liability_root.hash || reread.current) return;
    reread.current = true;
    void refresh();
  });

  return (
    <main className="screen solvency" data-testid="screen-solvency">
      <h1>{t.solvency.title}</h1>
      <p className="muted">{t.solvency.intro}</p>

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
          <MyProof view={s.view} proof={p} guest={status !== 'user'} />
          {solvencyCards(s.view).map((card) => (
            <AssetCard key={card.asset} card={card} />
          ))}
          <ErrorLine text={s.error} testId="solvency-refresh-error" />
          <Button variant="secondary" small disabled={s.refreshing} onClick={() => void refresh()}>
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

/** "Are my coins counted?": the check done here, the player's amounts, and the proof behind "The maths". */
function MyProof({ view, proof, guest }: { view: SolvencyView; proof: ProofState; guest: boolean }) {
  const checked = proof.state === 'loaded' ? myProofView(proof.proof, view) : null;
  return (
    <section className="panel" aria-labelledby="solvency-proof" data-testid="solvency-proof">
      <h2 id="solvency-proof">{t.solvency.proofTitle}</h2>
      <p className="muted">{t.solvency.proofIntro}</p>
      {guest && <p data-testid="solvency-proof-guest">{t.solvency.proofGuest}</p>}
      {proof.state === 'checking' && (
        <p className="muted" role="status">
          {t.solvency.proofChecking}
        </p>
      )}
      {proof.state === 'failed' && <ErrorLine text={proof.text} testId="solvency-proof-error" />}
      {checked && (
        <>
          <p
            data-testid="solvency-proof-verdict"
            data-state={checked.state}
            className={checked.state === 'counted' ? 'solvency-ok' : checked.state === 'stale' ? 'muted' : 'solvency-bad'}
          >
            {checked.headline}
          </p>
          <h3>{t.solvency.proofYours}</h3>
          <dl className="solvency-lines">
            {checked.amounts.map((a) => (
              <div key={a.asset} data-testid="solvency-proof-amount" data-asset={a.asset}>
                <dt>{a.title}</dt>
                <dd className="solvency-amount">{formatDecimalText(a.amount)}</dd>
              </div>
            ))}
          </dl>
          <Checks checks={checked.checks} />
        </>
      )}
      <details className="solvency-maths" data-testid="solvency-proof-maths">
        <summary>{t.solvency.maths}</summary>
        <p className="muted">{t.solvency.proofHow}</p>
        <p>{t.solvency.proofRoot}</p>
        <p className="solvency-hash" data-testid="solvency-root">
          {view.liability_root.hash}
        </p>
        <p className="muted">{t.solvency.proofTaken(view.liability_root.taken_at, view.liability_root.players)}</p>
        {checked && (
          <>
            <p className="muted">{checked.maths.position}</p>
            <p className="muted">{checked.maths.steps}</p>
            <p>{t.solvency.proofSalt}</p>
            <p className="solvency-hash" data-testid="solvency-salt">
              {checked.maths.salt}
            </p>
          </>
        )}
      </details>
    </section>
  );
}

/** ✓/✗ lines. */
function Checks({ checks }: { checks: SolvencyCheck[] }) {
  return (
    <ul className="solvency-checks">
      {checks.map((c) => (
        <li key={c.text} data-testid="solvency-check" data-ok={c.ok} className={c.ok ? 'solvency-ok' : 'solvency-bad'}>
          {c.ok ? '✓' : '✗'} {c.text}
        </li>
      ))}
    </ul>
  );
}

/** One asset: the verdict, the plain summary and its checks, then the figures behind "The maths". */
function AssetCard({ card }: { card: SolvencyCard }) {
  const id = `solvency-${card.asset.toLowerCase()}`;
  const checks = [card.sums, ...(card.proof ? [card.proof] : [])];
  return (
    <section className="panel" aria-labelledby={id} data-testid="solvency-asset" data-asset={card.asset}>
      <h2 id={id}>{card.title}</h2>
      <p
        data-testid="solvency-verdict"
        className={card.verdict.tone === 'ok' ? 'solvency-ok' : card.verdict.tone === 'bad' ? 'solvency-bad' : 'muted'}
      >
        {card.verdict.text}
      </p>
      <Lines lines={card.proof ? [...card.summary.slice(0, 1), card.proof.line, ...card.summary.slice(1)] : card.summary} />
      <ul className="solvency-checks">
        {checks.map((c) => (
          <li key={c.text} data-testid="solvency-check" data-ok={c.ok} className={c.ok ? 'solvency-ok' : 'solvency-bad'}>
            {c.text}
          </li>
        ))}
      </ul>
      <details className="solvency-maths" data-testid="solvency-maths">
        <summary>{t.solvency.maths}</summary>
        <p className="solvency-equation" data-testid="solvency-equation">
          {card.equation}
        </p>
        <h3>{t.solvency.pools}</h3>
        {card.pools.length === 0 ? <p className="muted">{t.solvency.noPool(card.title)}</p> : <Lines lines={card.pools} />}
        <h3>{t.solvency.owedTitle}</h3>
        <Lines lines={card.owed} />
        {card.custody.length > 0 && (
          <>
            <h3>{t.solvency.custodyTitle}</h3>
            <Lines lines={card.custody} />
          </>
        )}
      </details>
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
          <dd className="solvency-amount">{formatDecimalText(l.amount)}</dd>
          <dd className="muted solvency-explain">{l.explain}</dd>
        </div>
      ))}
    </dl>
  );
}
