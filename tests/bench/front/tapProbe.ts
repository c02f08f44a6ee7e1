/**
 * The page side of the tap bench, installed before any of the page's own scripts: the Event Timing API's
 * interactions (`PerformanceObserver({type: 'event', durationThreshold: 16})`: tap → next paint, as INP
 * counts it, rounded to 8 ms and only reported from 16 ms up) and, for every tap, a proxy that needs no
 * threshold: the pointerdown's timestamp to the task after the next animation frame (the frame the click's
 * effects are painted in). The listeners sit on the window in the bubbling phase, so they run after the
 * page's own handlers. Each interaction keeps its longest event's phases, so a slow tap says where its
 * time went: waiting for the main thread (input delay), the handlers (processing), or the frame after them
 * (presentation: rendering, and whatever else runs before the paint).
 */

/** One interaction's longest event, ms. */
export interface TapInteraction {
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

/** What the probe keeps, on `window.tapProbe`. */
export interface TapProbe {
  /** The longest event per interactionId. */
  interactions: Record<number, TapInteraction>;
  /** pointerdown → after the next frame, ms, one per tap. */
  afterPaint: number[];
}

declare global {
  interface Window {
    tapProbe?: TapProbe;
  }
}

/** Installs the probe (passed to Playwright's addInitScript; runs in the page, so it closes over nothing). */
export function installTapProbe(): void {
  const probe: TapProbe = { interactions: {}, afterPaint: [] };
  window.tapProbe = probe;
  let downAt = 0;
  window.addEventListener('pointerdown', (e) => (downAt = e.timeStamp), { capture: true });
  window.addEventListener('click', () => {
    const start = downAt;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => probe.afterPaint.push(performance.now() - start);
      ch.port2.postMessage(0);
    });
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (!e.interactionId) continue;
      if ((probe.interactions[e.interactionId]?.duration ?? -1) >= e.duration) continue;
      probe.interactions[e.interactionId] = {
        duration: e.duration,
        inputDelay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        presentation: e.startTime + e.duration - e.processingEnd,
      };
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}
