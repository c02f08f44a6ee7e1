/** The toast layer's store: at most 20 toasts, one per type (a new one replaces its type's), 5 s by default. */
import { atom } from 'nanostores';

/** Most toasts shown at once. */
export const MAX_TOASTS = 20;
/** Default life of a toast in ms. */
export const TOAST_MS = 5000;

/** One toast. */
export interface Toast {
  id: number;
  type: string;
  text: string;
  tone: 'info' | 'error' | 'success';
}

/** The visible toasts, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast; `type` groups toasts so a repeat replaces the previous one instead of stacking. */
export function showToast(text: string, options: { type?: string; tone?: Toast['tone']; ms?: number } = {}): number {
  const type = options.type ?? text;
  const toast: Toast = { id: nextId++, type, text, tone: options.tone ?? 'info' };
  const kept = $toasts.get().filter((t) => {
    if (t.type !== type) return true;
    clearTimer(t.id);
    return false;
  });
  const next = [...kept, toast];
  while (next.length > MAX_TOASTS) clearTimer(next.shift()!.id);
  $toasts.set(next);
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), options.ms ?? TOAST_MS),
  );
  return toast.id;
}

/** Removes a toast (its timer ran out or the player closed it). */
export function dismissToast(id: number): void {
  clearTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}
