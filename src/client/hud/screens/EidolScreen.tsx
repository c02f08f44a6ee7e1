/**
 * /eidol, the main game screen's management view (spec 1 §2, §4): the eidol and its risk angle on the stage
 * (swipe the eidol band up or down; the range input does the same for keyboard and screen readers), Emanate /
 * Risk, Yieldy / Precise, XP and level, the charts with their size toggle, the last-10 results, the
 * countdown slot, the action buttons and the round's pop-ups (in their own lane under the eidol).
 */
import { t } from '../../i18n/t/home';
import { useEffect, useMemo, useState } from 'react';
import { $roundOpen } from '../../app/roundClock';
import { useStore } from '@nanostores/react';
import { $game, $selectedEidolId } from '../../stores/game';
import { $session } from '../../stores/session';
import { $options, cycleChartSize } from '../../stores/options';
import { navigate } from '../../stores/router';
import { showToast } from '../../stores/toasts';
import { onServerEvent } from '../../net/serverEvents';
import { eidolApi } from '../../net/eidolApi';
import { playSound } from '../../engine/audio';
import { $eidolHistory, deviceClock, joinActor, riskControl } from '../../game/eidol/eidolStores';
import { eidolActions, eidolPrecision, selectedEidol, type EidolAction } from '../../game/eidol/eidolStatus';
import { feedRiskContext } from '../../game/eidol/riskContextFeed';
import { lastResults } from '../../game/eidol/lastResults';
import { anglsUnits, formatAngls } from '../../game/eidol/numbers';
import { startEidolData } from '../../game/eidol/eidolData';
import { watchRoundPopups } from '../../game/eidol/roundPopupWatcher';
import { Button } from '../components/Button';
import { StageBand } from '../components/eidol/StageBand';
import { RiskReadout } from '../components/eidol/RiskReadout';
import { CapacityPanel } from '../components/eidol/CapacityPanel';
import { riskDigits } from '../../game/eidol/riskAngle';
import { LastResults } from '../components/eidol/LastResults';
import { RoundPopupLayer } from '../components/eidol/RoundPopupLayer';
import { RoundCountdown } from '../components/RoundCountdown';
import { hourlyCandles, roundPoints } from '../../game/eidol/eidolCandles';
import './EidolScreen.css';

/** Label of the chart size toggle ("24", "48", "7d"). */
export function chartToggleLabel(size: number): string {
  return size === 168 ? '7d' : String(size);
}

/** What the candle chart shows, in words. */
export function candleSummary(count: number, hours: number): string {
  const span = hours === 168 ? t.eidol.sevenDays : t.eidol.hours(hours);
  return count === 0 ? t.eidol.noCandles(span) : t.eidol.candles(count, span);
}

/** The eidol screen. */
export default function EidolScreen() {
  const state = useStore($game);
  const selectedId = useStore($selectedEidolId);
  const { user } = useStore($session);
  const { chart_size } = useStore($options);
  const history = useStore($eidolHistory);
  // The one round clock (the countdown's) says when bidding closes: no second timer here.
  const locked = !useStore($roundOpen);
  const [busy, setBusy] = useState(false);
  const eidol = selectedEidol(state.game, selectedId);
  const userLevel = user?.level ?? -1;
  const results = useMemo(() => (eidol && history.eidolId === eidol.id ? lastResults(history.txs) : []), [eidol, history]);
  // The same candles the stage draws, for the chart's text alternative (the canvas is hidden from readers).
  const candles = useMemo(
    () =>
      eidol && history.eidolId === eidol.id ? hourlyCandles(roundPoints(eidol.value, history.txs), chart_size, deviceClock.now()) : [],
    [eidol, history, chart_size],
  );
  const p = eidol ? eidolPrecision(eidol, deviceClock.now()) : 0;
  const last = results[0] ? (results[0].amount >= 0n ? 'up' : 'down') : null;
  const bidsClosed = locked || !eidol || eidol.is_locked || userLevel === -1;

  useEffect(() => startEidolData(eidolApi, $game, $selectedEidolId), []);
  // A refusal belongs to the eidol it was for: turning to another clears it.
  useEffect(() => joinActor.send({ type: 'CLEAR' }), [selectedId]);
  // The control's one context writer: the screen's, so the range input works even where the stage cannot draw.
  useEffect(() => feedRiskContext(riskControl, deviceClock, $roundOpen), []);
  useEffect(
    () =>
      watchRoundPopups({
        onGameEnded: (h) => onServerEvent('game_ended', () => h()),
        game: $game,
        play: (s) => void playSound(s),
      }),
    [],
  );

  const act = async (a: EidolAction) => {
    if (a.path) return navigate(a.path);
    if (a.id !== 'confirmLoss' || !eidol) return;
    setBusy(true);
    const r = await eidolApi.confirmLoss(eidol.id);
    setBusy(false);
    if (!r.ok) showToast(r.text, { tone: 'error', type: 'confirmloss' });
  };

  return (
    <main className="screen eidol-screen" data-testid="screen-eidol">
      <StageBand
        band="eidol"
        aria-hidden="true"
        data-testid="eidol-band"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          riskControl.touchStart(e.pointerId, e.clientY, e.currentTarget.getBoundingClientRect().height);
        }}
        onPointerMove={(e) => riskControl.touchMove(e.pointerId, e.clientY)}
        onPointerUp={(e) => riskControl.touchEnd(e.pointerId)}
        onPointerCancel={(e) => riskControl.touchEnd(e.pointerId)}
      />
      <RoundPopupLayer />
      <RoundCountdown />
      {!eidol ? (
        <section className="panel">
          <p className="muted">{state.status === 'loading' ? t.common.fetchingAeonData : t.eidol.noEidolYet}</p>
        </section>
      ) : (
        <section className="panel eidol-stats" aria-label={t.eidol.eidol}>
          <RiskReadout p={p} last={last} disabled={bidsClosed} />
          <p>
            <span className="label">{t.eidol.value}</span>{' '}
            <span data-testid="eidol-value">
              {formatAngls(anglsUnits(eidol.value))} {t.units.ngls}
            </span>
          </p>
          <p>
            <span className="label">{t.eidol.yieldyPrecise}</span>{' '}
            <span data-testid="eidol-traits">
              {eidol.data.greedy} % / {eidol.data.precise}
            </span>
          </p>
          <p>
            <span className="label">{t.units.xp}</span>{' '}
            <span data-testid="eidol-xp">
              {eidol.experience} / {eidol.next_level_experience}
            </span>{' '}
            <span className="label">{t.eidol.level}</span> <span data-testid="eidol-level">{eidol.level}</span>
          </p>
        </section>
      )}
      {eidol && state.game && <CapacityPanel game={state.game} eidol={eidol} digits={riskDigits(p)} bidsClosed={bidsClosed} />}
      <div className="row chart-head">
        <span className="label">{t.eidol.chart}</span>
        <Button variant="secondary" small onClick={cycleChartSize} aria-label={t.eidol.chartSize} data-testid="chart-size">
          {chartToggleLabel(chart_size)}
        </Button>
      </div>
      <StageBand band="candles" aria-hidden="true" />
      <p className="sr-only" data-testid="candle-summary" data-candles={candles.length}>
        {candleSummary(candles.length, chart_size)}
      </p>
      <StageBand band="numbers" aria-hidden="true" />
      <LastResults results={results} />
      <nav className="row eidol-actions" aria-label={t.eidol.actions}>
        {eidolActions(eidol, userLevel, locked).map((a) => (
          <Button key={a.id} disabled={!a.enabled || busy} onClick={() => void act(a)} data-testid={`action-${a.id}`}>
            {a.label}
          </Button>
        ))}
        {eidol ? (
          <Button variant="secondary" small onClick={() => navigate('/ogle')} data-testid="action-ogle">
            {t.eidol.actionsTitle}
          </Button>
        ) : null}
        <Button variant="secondary" small onClick={() => navigate('/')}>
          {t.common.back}
        </Button>
      </nav>
    </main>
  );
}
