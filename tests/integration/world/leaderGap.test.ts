/**
 * Ends that pass while no node leads the upkeep (PostgreSQL, three nodes on one database): an inscription
 * whose time runs out after its leader stopped is announced as removed by the next leader, even one started
 * after the end, whose snapshot never held it; and only once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { roomStateSchema, type ForumUpdate } from '../../../src/shared/api/rooms';
import { manualClock } from '../../../src/server/clock';
import { DAY_MS, SCRIBE_ITEM_ID } from '../../../src/server/domain/world/worldConfig';
import { FANOUT_WINDOW_MS } from '../../../src/server/domain/world/presenceConfig';
import { issueItem } from '../../support/itemFixtures';
import { registerPlayer } from '../../support/server';
import { settle, type TestSocket } from '../../support/sockets';
import { dialectsFor } from '../../support/testDb';
import { makePresent, playerWithSocket, startWorldServer, type WorldServer } from './support';

describe.each(dialectsFor(inject('pgAdminUrl')).filter((d) => d === 'postgres'))('world upkeep after a leader gap on %s', (dialect) => {
  const nodes: WorldServer[] = [];
  const open: TestSocket[] = [];
  beforeAll(async () => {
    const first = await startWorldServer(dialect, inject('pgAdminUrl'));
    nodes.push(first, await startWorldServer(dialect, inject('pgAdminUrl'), { beside: first.s }));
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    // The first node owns the database: it goes last (its app may have stopped already).
    for (const n of nodes.slice(1).reverse()) await n.s.close();
    await nodes[0]?.s.close();
  });

  it('announces the end of an inscription that passed while no node led, from a leader that never held it', async () => {
    const [first, second] = nodes as [WorldServer, WorldServer];
    const b = second.s;
    // A watcher in the Forum, its socket on node b (which never leads here: its clock never reaches a lock retry).
    const watcher = await playerWithSocket(b, 'gap1', open);
    expect((await watcher.client.get('/api/rooms/enter/1')).status).toBe(200);
    const author = await registerPlayer(b, 'gap2');
    await makePresent(b, author.user.id, 1, 17000);
    await issueItem(b.testDb.db, b.clock, author.user.id, SCRIBE_ITEM_ID, 1n);
    const r = await author.client.post('/api/rooms/scribe', { verse: 'while it stands' });
    expect(r.status).toBe(200);
    const id = roomStateSchema.parse(r.body.data).data.find((o) => o.type === 'scribe' && o.user_id === author.user.id)!.id;
    b.clock.advance(FANOUT_WINDOW_MS);
    const removals = () =>
      watcher.socket.received.filter((m) => m.event === 'forumupd' && (m as unknown as ForumUpdate).removed.includes(id));

    // The leader stops (its lock released); the inscription's time runs out before any node leads again.
    await first.s.app.close();
    // A node started after the end: it loads only standing inscriptions, then takes the free lock.
    const later = manualClock(b.clock.now() + 7 * DAY_MS + 1_000);
    const third = await startWorldServer(dialect, inject('pgAdminUrl'), { beside: first.s, clock: later });
    nodes.push(third);
    // The watcher's next re-enter (every 60 s) reaches the new node; its socket stays on node b.
    const viaThird = third.s.client();
    for (const [k, v] of watcher.client.cookies) viaThird.cookies.set(k, v);
    const entered = await viaThird.get('/api/rooms/enter/1');
    expect(roomStateSchema.parse(entered.body.data).data.some((o) => o.id === id)).toBe(false);
    await third.s.upkeep();
    later.advance(FANOUT_WINDOW_MS);
    await expect.poll(() => removals().length).toBe(1);

    // Announced once: the next sweeps find it announced already.
    await third.s.upkeep();
    later.advance(FANOUT_WINDOW_MS);
    await settle(200);
    expect(removals()).toHaveLength(1);
    const row = await third.s.testDb.db.kysely
      .selectFrom('world_objects')
      .select(['type', 'verse', 'room'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 'scribe', verse: 'while it stands', room: null });
  });
});
