/**
 * The eidol screen's stage (/eidol): the eidol sized √((value − 1)/16 + 1) and tinted by the risk colour,
 * the risk rays, arcs and eye, the candle chart and the number chart, each in the band the HUD leaves for
 * it. A thin view over headless parts: it redraws only what changed (its inputs are versioned), reuses
 * its Graphics, and the risk angle itself lives in the shared RiskAngleControl, whose context only the
 * screen's feed writes (riskContextFeed.ts): the scene reads the angle.
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import { hasTexture, loadAtlases, onAtlasesLoaded, texture } from '../../engine/atlas';
import { RISK_EYE_FRAME } from '../../engine/frameNames';
import { DESIGN_WIDTH, type Layout } from '../../engine/resize';
import type { Scene, SceneHost } from '../../engine/scene';
import { Disposables } from '../../engine/disposables';
import { wakeStageEvery, waking } from '../../engine/stageWake';
import { $game } from '../../stores/game';
import { $selectedEidolId } from '../../stores/game';
import { $options } from '../../stores/options';
import { $hudScrollY } from '../stageStores';
import type { EidolView } from '../../../shared/api/game';
import { $eidolBands, $eidolHistory, $numberSamples, $riskAngle, type Band } from './eidolStores';
import type { RiskAngleControl } from './riskAngleControl';
import { eidolScale, riskColour, visualAngle } from './riskAngle';
import { eidolFrameFor, selectedEidol } from './eidolStatus';
import { hourlyCandles, localHourStart, referenceLineColour, roundPoints } from './eidolCandles';
import { numberSeries } from './numberChart';
import { anglsUnits, unitsToNumber } from './numbers';
import { drawCandles, drawNumbers, type ChartFrame } from './chartDrawing';
import { RiskDrawing } from './riskDrawing';
import { riskTint } from './riskTint';

/** Share of the eidol band a value-1 eidol fills; bigger values grow by eidolScale up to the band's height. */
const BASE_SHARE = 0.3;
const MAX_SHARE = 0.92;
const HOUR_MS = 3_600_000;

/** The eidol scene; `clock` is the device clock (benchmarks and tests pass their own). */
export class EidolScene implements Scene {
  readonly name = 'eidol';
  private readonly bag = new Disposables();
  private readonly view = new Container();
  private risk: RiskDrawing | null = null;
  private readonly charts = new Container({ isRenderGroup: true });
  private readonly candles = new Graphics();
  private readonly numbers = new Graphics();
  private sprite: Sprite | null = null;
  private eye: Sprite | null = null;
  private layout: Layout | null = null;
  private eidol: EidolView | null = null;
  private drawnAngle = -1;
  private frameDirty = true;
  private chartsDirty = true;
  private chartHour = 0;

  constructor(
    private readonly control: RiskAngleControl,
    private readonly clock: { now(): number },
  ) {}

  /** Waits for the shared atlas load (the scene still draws rays and charts without it). */
  async prepare(): Promise<void> {
    await loadAtlases().catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.risk ??= new RiskDrawing();
    // The charts are their own render group: a swipe changes the risk drawing every frame, and that must not
    // make Pixi re-batch the hundreds of candle shapes that did not change.
    this.charts.addChild(this.candles, this.numbers);
    this.view.addChild(this.charts, this.risk.view);
    this.layout = layout;
    // Each of these only marks what the next frame redraws: they wake a sleeping stage for it.
    const eidolChanged = waking(() => {
      this.readEidol();
      this.frameDirty = this.chartsDirty = true;
    });
    const chartsChanged = waking(() => (this.chartsDirty = true));
    this.bag.add($game.subscribe(eidolChanged));
    this.bag.add($selectedEidolId.listen(eidolChanged));
    this.bag.add($eidolBands.listen(waking(() => (this.frameDirty = this.chartsDirty = true))));
    this.bag.add($eidolHistory.listen(chartsChanged));
    this.bag.add($numberSamples.listen(chartsChanged));
    this.bag.add($options.listen(chartsChanged));
    this.bag.add(onAtlasesLoaded(waking(() => (this.frameDirty = true))));
    // The charts' last hour starts at each hour's turn.
    this.bag.add(wakeStageEvery(HOUR_MS, this.clock));
    this.bag.add($hudScrollY.subscribe((y) => (this.view.y = -y / (this.layout?.scale ?? 1))));
  }

  update(deltaMs: number): void {
    const now = this.clock.now();
    this.control.update(deltaMs);
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== this.chartHour) {
      this.chartHour = hour;
      this.chartsDirty = true;
    }
    if (this.frameDirty) this.placeEidol();
    if (this.frameDirty || this.control.theta !== this.drawnAngle) this.drawAngle();
    if (this.chartsDirty) this.drawCharts(now);
    this.frameDirty = false;
  }

  /** The player's angle gives way to the server's 4 s after the last touch: frames until then. */
  animating(): boolean {
    return this.control.ownsAngle();
  }

  resize(layout: Layout): void {
    this.layout = layout;
    this.view.y = -$hudScrollY.get() / layout.scale;
    this.frameDirty = this.chartsDirty = true;
  }

  hide(): void {
    this.bag.dispose();
  }

  reset(): void {
    this.bag.dispose();
    this.view.removeChildren();
    this.risk?.destroy();
    this.risk = null;
    this.sprite?.destroy();
    this.eye?.destroy();
    this.sprite = this.eye = null;
    this.drawnAngle = -1;
    this.frameDirty = this.chartsDirty = true;
  }

  private readEidol(): void {
    this.eidol = selectedEidol($game.get().game, $selectedEidolId.get());
  }

  private placeEidol(): void {
    const band = $eidolBands.get().eidol;
    const e = this.eidol;
    const frame = e ? eidolFrameFor(e) : null;
    if (!band || !frame || !hasTexture(frame)) {
      if (this.sprite) this.sprite.visible = false;
      return;
    }
    const tex = texture(frame);
    if (!this.sprite) {
      this.sprite = new Sprite(tex);
      this.sprite.anchor.set(0.5, 1);
      this.view.addChildAt(this.sprite, this.view.getChildIndex(this.risk!.view));
    } else if (this.sprite.texture !== tex) {
      this.sprite.texture = tex;
    }
    const s = this.sprite;
    s.visible = true;
    const base = (band.height * BASE_SHARE) / tex.height;
    const most = Math.min((band.height * MAX_SHARE) / tex.height, (DESIGN_WIDTH * 0.8) / tex.width);
    s.scale.set(Math.min(base * eidolScale(unitsToNumber(anglsUnits(e!.value))), most));
    s.position.set(DESIGN_WIDTH / 2, band.top + band.height * 0.97);
    if (!this.eye && hasTexture(RISK_EYE_FRAME)) {
      this.eye = new Sprite(texture(RISK_EYE_FRAME));
      this.eye.anchor.set(0.5);
      this.view.addChildAt(this.eye, this.view.getChildIndex(this.risk!.view));
    }
    if (this.eye) {
      this.eye.scale.set(Math.min(1, (band.height * 0.14) / this.eye.texture.height));
      this.eye.position.set(DESIGN_WIDTH / 2, band.top + band.height * 0.1);
    }
  }

  private drawAngle(): void {
    const band = $eidolBands.get().eidol;
    const theta = this.control.theta;
    this.drawnAngle = theta;
    $riskAngle.set(theta);
    const risk = this.risk;
    if (!band || !risk) return;
    if (this.frameDirty) {
      risk.layout(DESIGN_WIDTH, band.top, band.height, DESIGN_WIDTH / 2, band.top + band.height * 0.1);
      risk.showDot(this.eye !== null);
    }
    const L = visualAngle(theta);
    const colour = riskColour(L);
    risk.set(theta, L, colour);
    if (this.sprite) this.sprite.tint = riskTint(colour);
  }

  private chartFrame(band: Band, hours: number, now: number): ChartFrame {
    const to = localHourStart(now) + HOUR_MS;
    return { left: 24, top: band.top, width: DESIGN_WIDTH - 48, height: band.height, from: to - hours * HOUR_MS, to };
  }

  private drawCharts(now: number): void {
    this.chartsDirty = false;
    const bands = $eidolBands.get();
    const hours = $options.get().chart_size;
    const e = this.eidol;
    if (bands.candles) {
      const history = $eidolHistory.get();
      const txs = e && history.eidolId === e.id ? history.txs : [];
      const candles = e ? hourlyCandles(roundPoints(e.value, txs), hours, now) : [];
      const value = e ? anglsUnits(e.value) : 0n;
      const lines = e
        ? [e.top_value, e.no_loss_value].map((v) => ({
            value: unitsToNumber(anglsUnits(v)),
            colour: referenceLineColour(value, anglsUnits(v), 0xe5c44f, 0xff8ee4),
          }))
        : [];
      drawCandles(this.candles, this.chartFrame(bands.candles, hours, now), candles, lines);
    } else this.candles.clear();
    if (bands.numbers)
      drawNumbers(this.numbers, this.chartFrame(bands.numbers, hours, now), numberSeries($numberSamples.get(), hours, now));
    else this.numbers.clear();
  }
}
