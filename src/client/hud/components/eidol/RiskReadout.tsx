/**
 * "Emanate / Risk": r × 100 % with the eidol's precision and, beside it, the angle in degrees (the game speaks
 * of a 0–90° angle, so the player sees that number move under the finger), the ↑/↓ of the last result (gold up, pink down:
 * arrows too, so colour is never the only cue), and a range input mirroring the angle for keyboard and
 * screen-reader players. The angle changes every frame of a swipe, so both are written straight into the
 * DOM from `$riskAngle`: React does not re-render per frame.
 */
import { t } from '../../../i18n/t/home';
import { useEffect, useRef } from 'react';
import { $riskAngle, riskControl } from '../../../game/eidol/eidolStores';
import { angleDegreesText, riskDigits, riskPercentText, riskUnits } from '../../../game/eidol/riskAngle';

/** Props: precision p, the last round's sign (null: none yet), whether bids are taken now. */
export interface RiskReadoutProps {
  p: number;
  last: 'up' | 'down' | null;
  disabled: boolean;
}

/** The risk readout and its accessible control. */
export function RiskReadout({ p, last, disabled }: RiskReadoutProps) {
  const text = useRef<HTMLSpanElement>(null);
  const degrees = useRef<HTMLSpanElement>(null);
  const range = useRef<HTMLInputElement>(null);
  useEffect(
    () =>
      $riskAngle.subscribe((theta) => {
        const percent = `${riskPercentText(riskUnits(theta, riskDigits(p)), p)} %`;
        const angle = angleDegreesText(theta);
        if (text.current) text.current.textContent = percent;
        if (degrees.current) degrees.current.textContent = angle;
        if (range.current && document.activeElement !== range.current) range.current.value = String(theta);
        range.current?.setAttribute('aria-valuetext', t.eidol.riskValue(`${percent}, ${angle}`));
      }),
    [p],
  );
  const commit = () => riskControl.commit();
  return (
    <div className="eidol-risk">
      <span className="label">{t.eidol.emanateRisk}</span>
      <span className={`value ${last === 'down' ? 'loss' : last === 'up' ? 'gain' : ''}`}>
        <span ref={text} data-testid="risk-percent" />
        {last && (
          <span className="arrow" aria-label={last === 'up' ? t.eidol.lastUp : t.eidol.lastDown}>
            {last === 'up' ? ' ↑' : ' ↓'}
          </span>
        )}
      </span>
      <span className="degrees" ref={degrees} data-testid="risk-degrees" />
      <input
        ref={range}
        type="range"
        min={0}
        max={90}
        step={0.1}
        defaultValue={$riskAngle.get()}
        aria-label={t.eidol.riskAngle}
        disabled={disabled}
        onChange={(e) => riskControl.setAngle(Number(e.currentTarget.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        data-testid="risk-range"
      />
    </div>
  );
}
