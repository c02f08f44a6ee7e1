/**
 * The Forum charts' data: `/api/telemetry/chart` (the candles) and `/api/telemetry/num` (the number chart),
 * fetched when the world shows and every 60 s while it does (spec 3 §7 polling). A failed fetch keeps the
 * previous samples and is logged: a chart that cannot refresh still shows what it had. A refresh that brings
 * the same samples leaves the stores alone: redrawing a week of candles is a long frame, and most minutes
 * bring nothing new.
 */
import { atom } from 'nanostores';
import { z } from '../../../shared/zod';
import { telemetrySampleSchema } from '../../../shared/api/game';
import { createHttp, type ApiResult } from '../../net/http';
import { eidolApi } from '../../net/eidolApi';

/** A telemetry sample `{amount, created_at}`. */
export type Sample = z.infer<typeof telemetrySampleSchema>;

/** How often the charts refresh while shown. */
export const CHART_REFRESH_MS = 60_000;

/** The two series the Forum draws. */
export interface ForumChartApi {
  chart(): Promise<ApiResult<Sample[]>>;
  numbers(): Promise<ApiResult<Sample[]>>;
}

/** The app's endpoints: the number chart is the eidol screen's, the candles its own. */
export function defaultForumChartApi(): ForumChartApi {
  const http = createHttp();
  return {
    chart: () => http.get('/api/telemetry/chart', { schema: z.array(telemetrySampleSchema) }),
    numbers: () => eidolApi.numbers(),
  };
}

/** Candle samples, newest first. */
export const $forumChartSamples = atom<readonly Sample[]>([]);
/** Number samples (T as a fraction), newest first. */
export const $forumNumberSamples = atom<readonly Sample[]>([]);

/** Whether two sample lists hold the same samples in the same order. */
export function sameSamples(a: readonly Sample[], b: readonly Sample[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.amount !== b[i]!.amount || a[i]!.created_at !== b[i]!.created_at) return false;
  }
  return true;
}

/** Fetches now and every 60 s until the returned teardown runs. */
export function startForumChartData(api: ForumChartApi): () => void {
  let live = true;
  const load = () => {
    void api.chart().then((r) => {
      if (!live) return;
      if (!r.ok) console.warn(`forum chart: ${r.message}`);
      else if (!sameSamples($forumChartSamples.get(), r.data)) $forumChartSamples.set(r.data);
    });
    void api.numbers().then((r) => {
      if (!live) return;
      if (!r.ok) console.warn(`forum number chart: ${r.message}`);
      else if (!sameSamples($forumNumberSamples.get(), r.data)) $forumNumberSamples.set(r.data);
    });
  };
  load();
  const timer = setInterval(load, CHART_REFRESH_MS);
  return () => {
    live = false;
    clearInterval(timer);
  };
}
