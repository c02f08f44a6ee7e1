/** The WAL checkpoint threshold follows the commit's size and returns to the connection's own setting. */
import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { paceCheckpoints } from '../../../src/server/ledger/walPacing';

const threshold = (db: SQLite.Database) => Number(db.pragma('wal_autocheckpoint', { simple: true }));

describe('paceCheckpoints', () => {
  it('lengthens the WAL for batch commits only, and leaves a connection that opted out alone', () => {
    const db = new SQLite(':memory:');
    db.pragma('wal_autocheckpoint = 500');
    paceCheckpoints(db, 2);
    expect(threshold(db)).toBe(500);
    paceCheckpoints(db, 2000);
    expect(threshold(db)).toBe((64 << 20) / Number(db.pragma('page_size', { simple: true })));
    paceCheckpoints(db, 2);
    expect(threshold(db)).toBe(500);
    const manual = new SQLite(':memory:');
    manual.pragma('wal_autocheckpoint = 0');
    paceCheckpoints(manual, 2000);
    expect(threshold(manual)).toBe(0);
    db.close();
    manual.close();
  });
});
