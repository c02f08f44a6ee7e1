/**
 * The public solvency report, `GET /api/solvency` (no session needed), and a logged-in player's proof of
 * liabilities, `GET /api/solvency/proof`: their leaf (with the salt only they see) and path in the tree of
 * the same snapshot the report publishes. Reports are cached a few seconds, snapshots half a minute.
 */
import type { ChainGateway } from '../../chain/gateway';
import type { RouteModule } from '../../app';
import { readSolvency, liabilityRootView } from '../../domain/solvency/solvencyReport';
import { LIABILITY_SNAPSHOT_MS, solvencyCache } from '../../domain/solvency/solvencyCache';
import { proofFor, takeLiabilitySnapshot } from '../../domain/solvency/liabilitySnapshot';
import { AppError } from '../../domain/errors';
import type { LiabilityProof } from '../../../shared/api/solvency';
import { requireUser } from '../requireUser';
import { ok } from '../envelope';

/** Answered to a player who registered after the snapshot was taken. */
export const NOT_IN_SNAPSHOT = 'You joined after the latest snapshot was taken: you are counted in the next one, within a minute.';

/** The solvency routes over `gateway` (undefined where this node has no chain: custody is then left out). */
export function solvencyRoutes(gateway: ChainGateway | undefined, opts: { ttlMs?: number; snapshotTtlMs?: number } = {}): RouteModule {
  return (app, ctx) => {
    const snapshots = solvencyCache(ctx.clock, () => takeLiabilitySnapshot(ctx.db, ctx.clock), opts.snapshotTtlMs ?? LIABILITY_SNAPSHOT_MS);
    const reports = solvencyCache(
      ctx.clock,
      async (now) =>
        readSolvency(ctx.db, gateway, now, (err) => app.log.warn({ err }, 'solvency: custody not readable'), await snapshots.get()),
      opts.ttlMs,
    );
    app.get('/api/solvency', async () => {
      const snapshot = await snapshots.get();
      const report = await reports.get();
      if (report.liability_root.hash === snapshot.root) return ok(report);
      // The report was made from an older snapshot than the proofs now use: make it again from this one.
      reports.drop();
      return ok(await reports.get());
    });
    app.get('/api/solvency/proof', async (request) => {
      const user = await requireUser(ctx, request);
      const snapshot = await snapshots.get();
      const proof = proofFor(snapshot, user.id);
      if (!proof) throw new AppError(404, NOT_IN_SNAPSHOT);
      const data: LiabilityProof = {
        root: liabilityRootView(snapshot),
        index: proof.index,
        leaf: { user_id: proof.leaf.userId, salt: proof.leaf.salt, amounts: proof.leaf.amounts.map(String) },
        path: proof.path.map((s) => ({ side: s.side, hash: s.hash, sums: s.sums.map(String) })),
      };
      return ok(data);
    });
  };
}
