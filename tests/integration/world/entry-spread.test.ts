/**
 * Masters entering the Forum and the Ditch together stand apart, on both databases: no two on one spot,
 * each at least ENTRY_SPACING from the others (their avatars and names used to print over each other).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roomStateSchema } from '../../../src/shared/api/rooms';
import { ENTRY_SPACING } from '../../../src/server/domain/world/entrySpot';
import { SENATE_GATE } from '../../../src/shared/rules/world';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestServer } from '../../support/server';

describe.each(dialectsFor(inject('pgAdminUrl')))('masters entering together on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect, inject('pgAdminUrl'));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives each of four masters entering at once its own spot, in the Forum and in the Ditch', async () => {
    const players = await Promise.all([0, 1, 2, 3].map((i) => registerPlayer(s, `spread${dialect}${i}`)));
    for (const room of [1, 2] as const) {
      const answers = await Promise.all(players.map((p) => p.client.get(`/api/rooms/enter/${room}`)));
      for (const a of answers) expect(a.status, a.text).toBe(200);
      // Each answer shows its own master where it was put (the others may reach a room state a window later).
      const own = answers.map((a, i) => roomStateSchema.parse(a.body.data).data.find((o) => o.user_id === players[i]!.user.id)!.coordinate);
      const rows = await s.testDb.db.kysely
        .selectFrom('world_objects')
        .select(['user_id', 'coordinate', 'room'])
        .where('type', '=', 'master')
        .where(
          'user_id',
          'in',
          players.map((p) => p.user.id),
        )
        .execute();
      expect(rows.map((r) => Number(r.room))).toEqual([room, room, room, room]);
      const stored = new Map(rows.map((r) => [Number(r.user_id), Number(r.coordinate)]));
      expect(own).toEqual(players.map((p) => stored.get(p.user.id)));
      const coordinates = [...own].sort((a, b) => a - b);
      expect(new Set(coordinates).size).toBe(4);
      for (let i = 1; i < coordinates.length; i++) expect(coordinates[i]! - coordinates[i - 1]!).toBeGreaterThanOrEqual(ENTRY_SPACING);
      // They fill the spots from the entry point on.
      expect(coordinates[0]).toBe(room === 1 ? SENATE_GATE : 0);
    }
  });
});
