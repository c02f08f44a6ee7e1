/** Session lookups of one event-loop turn share one query and answer exactly as loadSession would. */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSessionLoader } from '../../src/server/domain/auth/sessionLoader';
import { createSession, loadSession, SESSION_TOUCH_MS, SESSION_TTL_MS } from '../../src/server/domain/auth/sessions';
import { dialectsFor } from '../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../support/server';

/** Counts the statements run through the handle it is plugged into. */
function statementCounter(): KyselyPlugin & { selects: number; updates: number } {
  const c = {
    selects: 0,
    updates: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      if (args.node.kind === 'SelectQueryNode') c.selects += 1;
      if (args.node.kind === 'UpdateQueryNode') c.updates += 1;
      return args.node;
    },
    transformResult: ((args) => Promise.resolve(args.result)) as KyselyPlugin['transformResult'],
  };
  return c;
}

describe.each(dialectsFor(inject('pgAdminUrl')))('session loader on %s', (dialect) => {
  let s: TestServer;
  let users: number[];
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
    users = [];
    for (const n of ['sl1', 'sl2', 'sl3']) users.push((await registerPlayer(s, n)).user.id as number);
  });
  afterAll(() => s?.close());

  it('answers a burst of lookups with one query, each its own session; unknown and expired ones get none', async () => {
    const k = s.testDb.db.kysely;
    const now = Date.now();
    const live = await Promise.all(users.map((u) => createSession(k, u, now)));
    const expired = await createSession(k, users[0]!, now - SESSION_TTL_MS - 1);
    const counter = statementCounter();
    const load = createSessionLoader(k.withPlugin(counter));
    const got = await Promise.all([
      ...live.map((x) => load(x.id, now)),
      load('no-such-cookie', now),
      load(expired.id, now),
      load(live[1]!.id, now),
    ]);
    expect(counter.selects).toBe(1);
    expect(counter.updates).toBe(0);
    expect(got.map((x) => x?.userId)).toEqual([...users, undefined, undefined, users[1]]);
    for (const [i, x] of live.entries()) expect(got[i]).toEqual(await loadSession(k, x.id, now));
  });

  it('refuses a session deleted since the last burst and touches one unseen for SESSION_TOUCH_MS', async () => {
    const k = s.testDb.db.kysely;
    const now = Date.now();
    const [gone, stale] = await Promise.all([createSession(k, users[0]!, now), createSession(k, users[1]!, now)]);
    const load = createSessionLoader(k);
    expect((await load(gone.id, now))?.userId).toBe(users[0]);
    await k.deleteFrom('sessions').where('id', '=', gone.key).execute();
    const later = now + SESSION_TOUCH_MS;
    const [a, b] = await Promise.all([load(gone.id, later), load(stale.id, later)]);
    expect(a).toBeUndefined();
    expect(b?.expiresAt).toBe(later + SESSION_TTL_MS);
    const row = await k.selectFrom('sessions').select(['last_seen_at', 'expires_at']).where('id', '=', stale.key).executeTakeFirstOrThrow();
    expect(row).toEqual({ last_seen_at: later, expires_at: later + SESSION_TTL_MS });
  });
});
