/**
 * The round's room on the eidol screen: what is left of the capacity (a meter), the largest angle this eidol
 * fits now, a warning while the finger holds the angle past it (written into the DOM from `$riskAngle`, no
 * React render per frame), a sitting-out notice, and the join machine's answer — its refusal in one place.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { t } from '../../../i18n/t/home';
import type { EidolView, GameView } from '../../../../shared/api/game';
import { $riskAngle, joinActor } from '../../../game/eidol/eidolStores';
import { degreesText, eidolRoom } from '../../../game/eidol/eidolRoom';
import { formatAngls } from '../../../game/eidol/numbers';
import { riskText, riskUnits } from '../../../game/eidol/riskAngle';

/** Props: the game, the selected eidol, its risk decimals, whether bids are taken now. */
export interface CapacityPanelProps {
  game: GameView;
  eidol: EidolView;
  digits: number;
  bidsClosed: boolean;
}

/** The capacity panel (nothing when the server publishes no capacity). */
export function CapacityPanel({ game, eidol, digits, bidsClosed }: CapacityPanelProps) {
  const room = eidolRoom(game, eidol, digits);
  const over = useRef<HTMLParagraphElement>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  const join = useSelector(joinActor, (s) => ({ state: s.value as string, error: s.context.error }));
  // The panel sits below the fold of a phone: a refused bid brings its answer (with the risk that fits) into
  // view, or the player lets go of the angle and sees nothing happen. 'nearest' leaves a visible answer still.
  const refusal = join.state === 'refused' ? join.error : null;
  useEffect(() => {
    if (refusal) answer.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  const maxUnits = room?.maxRisk.units;
  useEffect(() => {
    if (maxUnits === undefined) return;
    return $riskAngle.subscribe((theta) => {
      if (over.current) over.current.hidden = bidsClosed || riskUnits(theta, digits) <= maxUnits;
    });
  }, [maxUnits, digits, bidsClosed]);
  if (!room) return null;
  const maxDegrees = degreesText(room.maxAngle);
  const used = room.capacity === 0n ? 100 : Number(((room.capacity - room.left) * 1000n) / room.capacity) / 10;
  return (
    <section className="panel eidol-capacity" aria-label={t.capacity.room} data-testid="capacity-panel">
      <p>
        <span className="label">{t.capacity.room}</span>{' '}
        <span className="capacity-left" data-testid="capacity-left">
          {t.capacity.roomOf(formatAngls(room.left), formatAngls(room.capacity))}
        </span>
      </p>
      <div
        className="capacity-meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={100 - used}
        aria-label={t.capacity.room}
      >
        <span style={{ width: `${100 - used}%` }} />
      </div>
      {!bidsClosed && (
        <p data-testid="capacity-fits">
          {room.maxRisk.units === 0n ? t.capacity.full : t.capacity.fitsUpTo(maxDegrees, riskText(room.maxRisk.units, digits))}
        </p>
      )}
      <p ref={over} className="loss" hidden data-testid="capacity-over">
        {t.capacity.over(maxDegrees)}
      </p>
      {room.sitsOut && !bidsClosed && (
        <p className="loss" data-testid="capacity-sits-out">
          {t.capacity.sitsOut(maxDegrees)}
        </p>
      )}
      <p
        ref={answer}
        role="status"
        aria-live="polite"
        className={`join-answer ${join.state === 'refused' ? 'loss' : 'muted'}`}
        data-testid="join-answer"
      >
        {join.state === 'refused'
          ? join.error
          : join.state === 'sending'
            ? t.capacity.sending
            : join.state === 'joined'
              ? t.capacity.joined
              : ''}
      </p>
    </section>
  );
}
