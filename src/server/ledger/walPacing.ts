/** SQLite: when the ledger's connection checkpoints its WAL, chosen per commit by the commit's size. */
import type SQLite from 'better-sqlite3';

// WAL checkpoints. A commit rewrites about one entries-index page per account it touches; at SQLite's
// default (checkpoint once the WAL holds 1000 pages) batches checkpoint on nearly every commit, copying
// those same hot pages into the database file again and fsyncing it. A WAL of up to MAX_WAL_BYTES lets
// one checkpoint absorb many commits' copies. Small commits keep the connection's own setting: a short
// WAL is rewritten in place, and an fsync that does not grow the file is cheaper (single transfers were
// ~30 % slower while a long WAL first grew). Durability is unchanged: every commit is fsynced to the WAL.
const MAX_WAL_BYTES = 64 << 20;
const SMALL_COMMIT_ENTRIES = 64;
const walPages = new WeakMap<SQLite.Database, { base: number; max: number; now: number }>();

/** Sets the connection's checkpoint threshold for a commit of `entries` entries (one pragma only when it changes). */
export function paceCheckpoints(sqlite: SQLite.Database, entries: number): void {
  let w = walPages.get(sqlite);
  if (!w) {
    const base = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
    const max = Math.max(base, Math.floor(MAX_WAL_BYTES / Number(sqlite.pragma('page_size', { simple: true }))));
    walPages.set(sqlite, (w = { base, max, now: base }));
  }
  // base <= 0: the connection checkpoints by itself (or never); not ours to change.
  const pages = entries <= SMALL_COMMIT_ENTRIES || w.base <= 0 ? w.base : w.max;
  if (pages === w.now) return;
  sqlite.pragma(`wal_autocheckpoint = ${pages}`);
  w.now = pages;
}
