/**
 * Resolves once the browser has painted the page as it stands (index.html's static splash), so the app's
 * scripts never run ahead of that first paint: when they arrive quickly (a fast network, a warm cache) the
 * browser would otherwise run them first, and a slow phone would show a blank page meanwhile.
 */

/** Resolves after the next frame has been painted; at once in a hidden tab, which paints no frames. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') return resolve();
    requestAnimationFrame(() => {
      // A task queued from the frame's callback runs once the frame is out; a message is not clamped like setTimeout.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
}
