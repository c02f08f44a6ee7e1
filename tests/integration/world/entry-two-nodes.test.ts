/**
 * Masters entering the Forum at the same moment through two server nodes (one PostgreSQL database) stand
 * apart: each node chose its spots alone, so two enters on two nodes could read the same free spot and both
 * take it. The spot is now chosen and written under a per-room database lock (seen waiting in pg_locks).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { roomStateSchema } from '../../../src/shared/api/rooms';
import { ENTRY_LOCK, ENTRY_SPACING } from '../../../src/server/domain/world/entrySpot';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')).filter((d) => d === 'postgres'))(
  'masters entering together on two nodes on %s',
  (dialect) => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer(dialect, inject('pgAdminUrl'));
      b = await startTestServer(dialect, inject('pgAdminUrl'), {}, {}, { beside: a, clock: a.clock });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('gives each of eight masters, half entering on each node at once, its own spot', async () => {
      for (const round of [0, 1, 2]) {
        const players = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => registerPlayer(a, `twonode${round}x${i}`)));
        // Odd players go through node b with the same session (one database).
        const clients = players.map((p, i) => {
          if (i % 2 === 0) return p.client;
          const onB = b.client();
          for (const [k, v] of p.client.cookies) onB.cookies.set(k, v);
          return onB;
        });
        const answers = await Promise.all(clients.map((c) => c.get('/api/rooms/enter/1')));
        for (const res of answers) expect(res.status, res.text).toBe(200);
        const own = answers.map(
          (res, i) => roomStateSchema.parse(res.body.data).data.find((o) => o.user_id === players[i]!.user.id)!.coordinate,
        );
        const rows = await a.testDb.db.kysely
          .selectFrom('world_objects')
          .select(['user_id', 'coordinate'])
          .where('type', '=', 'master')
          .where('room', '=', 1)
          .execute();
        const stored = new Map(rows.map((r) => [Number(r.user_id), Number(r.coordinate)]));
        expect(own).toEqual(players.map((p) => stored.get(p.user.id)));
        // Every master present (this round's and the earlier rounds'), ENTRY_SPACING apart.
        const all = [...stored.values()].sort((x, y) => x - y);
        expect(all).toHaveLength(8 * (round + 1));
        for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!, `spots ${all.join(', ')}`).toBeGreaterThanOrEqual(ENTRY_SPACING);
      }
    });

    it("chooses through the database: enters on both nodes wait for the room's entry lock, then take their own spots", async () => {
      const players = await Promise.all([0, 1].map((i) => registerPlayer(a, `lockwait${i}`)));
      const onB = b.client();
      for (const [k, v] of players[1]!.client.cookies) onB.cookies.set(k, v);
      const holder = new pg.Client({ connectionString: a.testDb.location });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1::int, 1)', [ENTRY_LOCK]);
        const answers = Promise.all([players[0]!.client.get('/api/rooms/enter/1'), onB.get('/api/rooms/enter/1')]);
        // Both nodes' choices wait on the lock this connection holds (PostgreSQL's lock table shows them waiting).
        const waiting = async () =>
          Number(
            (
              await holder.query(
                "select count(*) as n from pg_locks where locktype = 'advisory' and classid = $1 and objid = 1 and objsubid = 2 and not granted",
                [ENTRY_LOCK],
              )
            ).rows[0].n,
          );
        await expect.poll(waiting, { timeout: 30_000 }).toBe(2);
        await holder.query('commit');
        const done = await answers;
        for (const res of done) expect(res.status, res.text).toBe(200);
        const own = done.map(
          (res, i) => roomStateSchema.parse(res.body.data).data.find((o) => o.user_id === players[i]!.user.id)!.coordinate,
        );
        expect(Math.abs(own[0]! - own[1]!)).toBeGreaterThanOrEqual(ENTRY_SPACING);
      } finally {
        await holder.end();
      }
    });
  },
);
