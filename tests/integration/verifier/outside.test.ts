/**
 * The outside verifier (tests/verifier: node built-ins only, written from the docs) against a real server on
 * both databases, rounds keyed by the real embedded dev chain's blocks: three players at different risks
 * (one eidol with Yieldy, an egg, one carried-over eidol sitting round 2 out after the pool shrank, its
 * re-join refused), a transmutation attempt with the player's seed, a gDAO month published and anchored on
 * the chain, and the liability proof. Every check holds; then one published number at a time is changed in
 * transit (a payout, T, a revealed seed, a proof sibling, a liability total) and the verifier refuses exactly
 * that; `npm run verify:outside` prints a line per check and exits 0, and 1 on a server that lies.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import { registerPlayer, startTestServer, type TestClient, type TestServer } from '../../support/server';
import { startRoundChain, type RoundChain } from '../../support/chain';
import { fundAngls, setPool } from '../../support/gameFixtures';
import { chainModule, type ChainModule } from '../../../src/server/http/routes/walletRoutes';
import { solvencyRoutes } from '../../../src/server/http/routes/solvencyRoutes';
import { ensureGdaoGenesis } from '../../../src/server/domain/gdao/gdaoGenesis';
import { publishDueMonths } from '../../../src/server/domain/gdao/monthlyIncome';
import { createLedger, ensureGenesis } from '../../../src/server/ledger/index';
import { openRoundCapacity } from '../../../src/server/domain/rounds/roundCapacity';
import { ECONOMY_CONFIG } from '../../../src/shared/rules/round/economyConfig';
import { ANGLS, insertEidols } from '../rounds/support/world';
import { activate, insertEidol } from '../gdao/support';
import { verifyOutside, type OutsideOptions } from '../../verifier/outside';
import type { FairRoundDetail } from '../../../src/shared/api/game';
import type { LeafProof, TransmutationLine } from '../../../src/shared/api/gdao';
import type { SolvencyView } from '../../../src/shared/api/solvency';

const pgAdminUrl = inject('pgAdminUrl');
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A fetch that hands every JSON answer whose path matches `re` to `edit` first: a server that lies about one number. */
const tampering =
  <T>(re: RegExp, edit: (data: T) => void): typeof fetch =>
  async (input, init) => {
    const res = await fetch(input, init);
    if (!re.test(new URL(String(input)).pathname) || !res.ok) return res;
    const body = (await res.json()) as { data: T };
    edit(body.data);
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  };

describe.each(dialectsFor(pgAdminUrl))('the outside verifier on %s', (dialect) => {
  let rc: RoundChain;
  let mod: ChainModule;
  let s: TestServer;
  let a: { client: TestClient; id: number };
  let trainer: { client: TestClient; id: number };
  let eidolOfTrainer = 0;
  let shown = '';
  let month = '';

  beforeAll(async () => {
    rc = await startRoundChain();
    mod = chainModule(rc.chain.gateway);
    s = await startTestServer(
      dialect,
      pgAdminUrl,
      { rounds: { enabled: true, chainLength: 20, blocks: rc.blocks }, routes: [mod.routes, solvencyRoutes(undefined)] },
      { roundOpenSeconds: 10, roundLockedSeconds: 2 },
    );
    await mod.scanNow();
    await s.rounds!.idle();
    const db = s.testDb.db;
    await ensureGenesis(db, s.clock);
    await ensureGdaoGenesis(db, s.clock);
    // Round 1 opened at boot, before the ledger's genesis filled the pool: its K is set as an open now sets it.
    await openRoundCapacity(db.kysely, 1, s.clock.now(), ECONOMY_CONFIG);
    const k = db.kysely;
    const players = [];
    for (const tag of ['va', 'vb', 'vc']) {
      const p = await registerPlayer(s, `${tag}${dialect}`);
      players.push({ client: p.client, id: p.user.id });
    }
    const [pa, pb, pc] = players as [typeof a, typeof a, typeof a];
    // A new player's level is below 0 until they are confirmed; rounds take players at level ≥ 0.
    await k
      .updateTable('users')
      .set({ level: 0 })
      .where(
        'id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    // The trainer also plays (its egg and 0.5 eidol), so it has a leaf in the month too.
    const pt = pc;
    a = pa;
    trainer = pt;
    // Round 1: a cautious eidol, a high angle with Yieldy, an egg at r = 0, a middling angle with Yieldy 10.
    const [, high] = await insertEidols(db, s.clock, [
      { owner: pa.id, risk: '0.3', value: 100n * ANGLS },
      { owner: pb.id, risk: '0.85', yieldy: 5, value: 400n * ANGLS },
      { owner: pc.id, type: 'egg', risk: '0', value: 100n * ANGLS, experience: 3 },
      { owner: pc.id, risk: '0.5', yieldy: 10, value: 50n * ANGLS },
    ]);
    // The pool shrinks before round 1 settles: at round 2's open K = 5 % of ~20,000 ANGLS, so the 0.85 eidol's
    // claim (≥ 289 ANGLS) passes m × K (~200) and it sits round 2 out; the others fit.
    await setPool(db, s.clock, 20_000n * ANGLS);
    const round1 = await k.selectFrom('rounds').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    s.clock.set(round1.ends_at);
    await s.rounds!.idle();
    // Its re-join at a higher angle is refused by the capacity.
    const refused = await pb.client.post('/api/game/join', { risk: '0.9', oogle_id: high });
    expect(refused.status).toBe(422);

    // A transmutation attempt while round 2 is open: the commitment read before, the player's own seed with it.
    await activate(db, pt.id);
    await fundAngls(db, s.clock, pt.id, 100n * ANGLS, `verifier-${dialect}`);
    eidolOfTrainer = await insertEidol(db, s.clock, pt.id, { experience: 720 });
    shown = (await pt.client.get(`/api/oogles/${eidolOfTrainer}/train`)).body.data.seed_hash;
    const trained = await pt.client.post(`/api/oogles/${eidolOfTrainer}/train`, { seed_hash: shown, player_seed: `outside-${dialect}` });
    expect(trained.status).toBe(200);

    const round2 = await k.selectFrom('rounds').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    s.clock.set(round2.ends_at);
    await s.rounds!.idle();

    // The month closes: published, then anchored in a chain transaction two blocks deep.
    const d = new Date(s.clock.now());
    month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    s.clock.set(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 0, 1));
    await s.rounds!.idle();
    // (The upkeep's hourly job may have published it already as the clock moved; publishing is idempotent.)
    await publishDueMonths(createLedger(db, s.clock));
    expect((await s.client().get('/api/gdao/distributions')).body.data.map((m: { month: string }) => m.month)).toContain(month);
    await mod.anchorNow();
    await rc.chain.mine(2);
    await mod.anchorNow();
    expect((await s.client().get(`/api/gdao/distributions/${month}`)).body.data.anchor.status).toBe('anchored');
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await rc?.close();
  });

  const options = (extra: Partial<OutsideOptions> = {}): OutsideOptions => ({
    url: s.url,
    cookie: trainer.client.cookieHeader(),
    rounds: [1, 2],
    eidol: eidolOfTrainer,
    shown: { 1: shown },
    month,
    rpc: rc.chain.gateway.chain.rpcUrls.default.http[0],
    ...extra,
  });
  const failing = async (o: OutsideOptions) => (await verifyOutside(o)).filter((c) => !c.ok).map((c) => c.name);

  it('the record is what it should be: winners and losers, a Yieldy share, a sat-out eidol, an egg', async () => {
    const r1 = (await s.client().get('/api/fairness/rounds/1')).body.data;
    const r2 = (await s.client().get('/api/fairness/rounds/2')).body.data;
    expect(r1.entries).toHaveLength(4);
    expect(r2.entries.filter((e: { sat_out: boolean }) => e.sat_out)).toHaveLength(1);
    expect(r1.entries.some((e: { yieldy: number; mined: string }) => e.yieldy > 0 && BigInt(e.mined) > 0n)).toBe(true);
    expect(r1.entries.some((e: { type: string; zone: null }) => e.type === 'egg' && e.zone === null)).toBe(true);
    // Round 2 checks continuity through round 1's own record.
    expect(r2.entries.filter((e: { previous_round_id: number | null }) => e.previous_round_id === 1).length).toBeGreaterThanOrEqual(3);
  });

  it('every check holds on an honest server, for the trainer and for another player', async () => {
    const checks = await verifyOutside(options());
    for (const c of checks) console.info(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name} ${c.ok ? '' : c.detail}`);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const names = checks.map((c) => c.name);
    for (const n of [
      'round 1: chain link',
      'round 1: T',
      'round 1: settlement',
      'round 2: chain link',
      'round 2: continuity',
      'transmutation attempt 1: commitment',
      'transmutation attempt 1: roll',
      `gDAO ${month}: the player's leaf and proof`,
      `gDAO ${month}: anchoring calldata`,
      `gDAO ${month}: anchoring transaction on the chain`,
      'liabilities: totals = liabilities',
    ]) {
      expect(names).toContain(n);
    }
    // Another player (active in the month, so with a leaf) verifies too.
    expect(await failing(options({ cookie: a.client.cookieHeader(), eidol: undefined }))).toEqual([]);
  });

  it('refuses one changed payout, T, revealed seed, proof sibling or liability total, naming what broke', async () => {
    expect(
      await failing(
        options({
          fetch: tampering<FairRoundDetail>(/^\/api\/fairness\/rounds\/1$/, (d) => {
            const e = d.entries.find((x) => x.payout !== '0') ?? d.entries[0]!;
            e.payout = String(BigInt(e.payout) + 1n);
          }),
        }),
      ),
    ).toEqual(['round 1: settlement']);
    expect(
      await failing(
        options({
          fetch: tampering<FairRoundDetail>(/^\/api\/fairness\/rounds\/2$/, (d) => {
            d.threshold_units = String(BigInt(d.threshold_units) ^ 1n);
          }),
        }),
      ),
    ).toEqual(['round 2: T']);
    expect(
      await failing(
        options({
          fetch: tampering<TransmutationLine[]>(/\/transmutations$/, (d) => {
            const seed = d[0]!.seed!;
            d[0]!.seed = `${seed.slice(0, 63)}${seed.endsWith('0') ? '1' : '0'}`;
          }),
        }),
      ),
    ).toContain('transmutation attempt 1: commitment');
    expect(
      await failing(
        options({
          fetch: tampering<LeafProof>(/\/distributions\/[\d-]+\/proof$/, (d) => {
            const sib = d.siblings[0]!;
            d.siblings[0] = `${sib.slice(0, 63)}${sib.endsWith('0') ? '1' : '0'}`;
          }),
        }),
      ),
    ).toEqual([`gDAO ${month}: the player's leaf and proof`]);
    expect(
      await failing(
        options({
          fetch: tampering<SolvencyView>(/^\/api\/solvency$/, (d) => {
            d.liability_root.totals[0] = String(BigInt(d.liability_root.totals[0]!) + 1n);
          }),
        }),
      ),
    ).toEqual(['liabilities: player ' + trainer.id + "'s proof", 'liabilities: totals = liabilities']);
    // The pool after a round, and a value before that does not follow from the previous round.
    expect(
      await failing(
        options({
          fetch: tampering<FairRoundDetail>(/^\/api\/fairness\/rounds\/2$/, (d) => {
            d.pool_after = String(BigInt(d.pool_after) - 1n);
          }),
        }),
      ),
    ).toEqual(['round 2: settlement']);
  });

  it(
    'npm run verify:outside prints a line per check: exit 0 when all hold, 1 behind a server that lies, 2 on bad arguments',
    { timeout: 120_000 },
    async () => {
      const run = promisify(execFile);
      const args = [
        'tsx',
        'tests/verifier/cli.ts',
        s.url,
        '--cookie',
        trainer.client.cookieHeader(),
        '--eidol',
        String(eidolOfTrainer),
        '--month',
        month,
      ];
      const ok = await run('npx', args, { cwd: ROOT });
      const lines = ok.stdout.trim().split('\n');
      expect(lines.filter((l) => l.startsWith('✗'))).toEqual([]);
      expect(lines).toContain('✓ round 2: settlement');
      expect(lines.at(-1)).toMatch(/^all \d+ checks hold$/);
      await expect(run('npx', ['tsx', 'tests/verifier/cli.ts', 'not-a-url'], { cwd: ROOT })).rejects.toMatchObject({ code: 2 });

      // A server in front of the real one that adds one unit to round 1's pool after.
      const liar = http.createServer((req, res) => {
        void (async () => {
          const up = await fetch(`${s.url}${req.url}`, { headers: { cookie: req.headers.cookie ?? '' } });
          let text = await up.text();
          if (req.url === '/api/fairness/rounds/1') {
            const body = JSON.parse(text) as { data: FairRoundDetail };
            body.data.pool_after = String(BigInt(body.data.pool_after) + 1n);
            text = JSON.stringify(body);
          }
          res.writeHead(up.status, { 'content-type': 'application/json' }).end(text);
        })();
      });
      await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = liar.address() as { port: number };
        const lied = await run('npx', ['tsx', 'tests/verifier/cli.ts', `http://127.0.0.1:${port}`, ...args.slice(3)], { cwd: ROOT }).then(
          () => null,
          (e: { code: number; stdout: string }) => e,
        );
        expect(lied?.code).toBe(1);
        expect(lied?.stdout).toContain('✗ round 1: settlement: pool after:');
        expect(lied?.stdout.trim().split('\n').at(-1)).toMatch(/^1 of \d+ checks FAILED$/);
      } finally {
        await new Promise((resolve) => liar.close(resolve));
      }
    },
  );
});
