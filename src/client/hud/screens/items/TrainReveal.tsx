/**
 * After a transmutation: the attempt, the server seed it revealed, the player's seed and the roll, and a
 * "Check it yourself" button that recomputes all of it here in the browser (trainCheck.ts).
 */
import { t } from '../../../i18n/t/items';
import { useState } from 'react';
import type { TrainOutcome } from '../../../net/itemActionsApi';
import { Button } from '../../components/Button';
import { checkTraining, showRoll, type TrainCheck } from './trainCheck';

/** An attempt made from this screen: the eidol, the hash shown before it, and the answer. */
export interface Attempted {
  eidolId: number;
  shownHash: string;
  outcome: TrainOutcome;
}

/** The check's sentence. */
export function checkText(check: TrainCheck): string {
  return check.ok
    ? t.items.seeds.checkOk(showRoll(check.roll), showRoll(check.chancePercent / 100), check.trained)
    : t.items.seeds.checkFailed(check.reason);
}

/** The revealed seeds and the check. */
export function TrainReveal({ attempted }: { attempted: Attempted }) {
  const [check, setCheck] = useState<TrainCheck | null>(null);
  const o = attempted.outcome;
  return (
    <section className="train-reveal" aria-label={t.items.seeds.revealedSeed} data-testid="train-reveal">
      <dl className="balances">
        <div>
          <dt>{t.items.seeds.attempt}</dt>
          <dd data-testid="train-attempt">{o.attempt}</dd>
        </div>
        <div>
          <dt>{t.items.committedSeed}</dt>
          <dd className="mono">{attempted.shownHash}</dd>
        </div>
        <div>
          <dt>{t.items.seeds.revealedSeed}</dt>
          <dd className="mono" data-testid="train-revealed-seed">
            {o.seed}
          </dd>
        </div>
        <div>
          <dt>{t.items.seeds.playerSeed}</dt>
          <dd className="mono" data-testid="train-used-seed">
            {o.player_seed}
          </dd>
        </div>
        <div>
          <dt>{t.items.seeds.roll}</dt>
          <dd data-testid="train-roll">{showRoll(o.roll)}</dd>
        </div>
      </dl>
      <Button variant="secondary" small onClick={() => setCheck(checkTraining(attempted.shownHash, o))} data-testid="train-check">
        {t.items.seeds.checkYourself}
      </Button>
      {check ? (
        <p className={check.ok ? 'notice' : 'error-line'} role="status" data-testid="train-check-result">
          {checkText(check)}
        </p>
      ) : null}
    </section>
  );
}
