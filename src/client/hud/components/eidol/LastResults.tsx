/**
 * The last-10 list: each round's sum, newest first, gold ↑ for a gain and pink ↓ for a loss, fading per row;
 * the round's emission share follows as "Mined +x", apart from the result (a lost round still mines).
 */
import { t } from '../../../i18n/t/home';
import type { RoundResult } from '../../../game/eidol/lastResults';
import { formatAngls } from '../../../game/eidol/numbers';

/** The list (empty: a short line instead). */
export function LastResults({ results }: { results: RoundResult[] }) {
  if (results.length === 0) return <p className="muted">{t.eidol.noRounds}</p>;
  return (
    <ol className="eidol-last" aria-label={t.eidol.lastResults} data-testid="last-results">
      {results.map((r) => {
        const up = r.amount >= 0n;
        return (
          <li key={r.gameId} className={up ? 'gain' : 'loss'} style={{ opacity: r.alpha }}>
            {up ? '↑ +' : '↓ '}
            {formatAngls(r.amount)} {t.units.ngls}
            {r.mined > 0n ? (
              <span className="mined" data-testid="last-mined">
                {' · '}
                {t.eidol.mined} +{formatAngls(r.mined)}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
