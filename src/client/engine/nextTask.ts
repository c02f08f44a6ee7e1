/**
 * Gives the main thread back between the app's start-up stages: a module graph runs in one task once it
 * has loaded, so each stage that ends here is a task of its own, and a tap or a frame can go in between.
 */

/** Resolves in a new task (scheduler.yield where the browser has it, else a message, which is not clamped like setTimeout). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
