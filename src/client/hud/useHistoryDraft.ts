/**
 * useState whose value also lives in this history entry's state: a half-filled form survives the player
 * going back and forward again (the browser hands the entry's state back; the router only pushes new
 * entries), and a fresh visit to the same screen starts empty. Only strings: drafts are what was typed.
 */
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';

/** Where the drafts sit inside `history.state` (next to whatever else the entry holds). */
const DRAFTS = 'aeonDrafts';

function entryDrafts(): Record<string, string> {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  const drafts = state && typeof state === 'object' ? (state as Record<string, unknown>)[DRAFTS] : undefined;
  return drafts && typeof drafts === 'object' ? (drafts as Record<string, string>) : {};
}

/** This entry's draft under `key`, if any. */
export function readDraft(key: string): string | undefined {
  const v = entryDrafts()[key];
  return typeof v === 'string' ? v : undefined;
}

/** Keeps `value` as this entry's draft under `key` (replaceState: no new entry, the URL unchanged). */
export function writeDraft(key: string, value: string): void {
  if (typeof history === 'undefined') return;
  const state: unknown = history.state;
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  history.replaceState({ ...base, [DRAFTS]: { ...entryDrafts(), [key]: value } }, '', location.href);
}

/** Takes any saved string (a free-text draft). */
const anyText = (_v: string): _v is never => true;

/**
 * A string state kept in this history entry under `key`; `initial` when the entry has none (or `accept`
 * refuses what it has: a currency or operation no longer offered).
 */
export function useHistoryDraft<T extends string>(
  key: string,
  initial: T,
  accept: (v: string) => v is T = anyText,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    const saved = readDraft(key);
    return saved !== undefined && accept(saved) ? saved : initial;
  });
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setValue((prev) => {
        const v = typeof next === 'function' ? next(prev) : next;
        writeDraft(key, v);
        return v;
      }),
    [key],
  );
  return [value, set];
}
