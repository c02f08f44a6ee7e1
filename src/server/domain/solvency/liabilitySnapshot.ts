/**
 * The proof of liabilities as published: a ledger snapshot (ledgerSnapshot.ts), every player salted, and the
 * Merkle sum tree over their holdings (shared/rules/liabilityTree.ts), built in slices so a tree over 10^5
 * players never holds the event loop for long. A player's proof is their leaf and path in it.
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { loopSlicer } from '../../loopSlice';
import {
  buildLiabilityTreeSliced,
  LIABILITY_ASSETS,
  proofPath,
  rootHex,
  type LiabilityLeaf,
  type LiabilityTree,
} from '../../../shared/rules/liabilityTree';
import { ensureSalts } from './liabilitySalts';
import { readLedgerSnapshot, type BalanceSum } from './ledgerSnapshot';

/** Reads tried when players register between the salting and the read (each read salts them first). */
const SNAPSHOT_ATTEMPTS = 3;

/** One published snapshot. */
export interface LiabilitySnapshot {
  /** When it was read (clock ms). */
  takenAt: number;
  sums: BalanceSum[];
  tree: LiabilityTree;
  leaves: LiabilityLeaf[];
  /** Leaf index of each player. */
  indexOf: Map<number, number>;
  /** Lowercase hex of the root hash. */
  root: string;
}

/** Takes a snapshot now: salts new players, reads the ledger once, builds the tree. */
export async function takeLiabilitySnapshot(db: Db, clock: Clock): Promise<LiabilitySnapshot> {
  const pause = loopSlicer();
  let read: Awaited<ReturnType<typeof readLedgerSnapshot>>;
  let attempt = 0;
  do {
    await ensureSalts(db, clock, pause);
    read = await readLedgerSnapshot(db, pause);
  } while (read.unsalted > 0 && ++attempt < SNAPSHOT_ATTEMPTS);
  // A player still without a salt (one registering at every attempt) is not in this tree, and so the
  // tree's totals fall short of the liabilities: the page shows that, rather than a root that hides it.
  const takenAt = clock.now();
  const tree = await buildLiabilityTreeSliced(read.leaves, pause);
  const indexOf = new Map(read.leaves.map((l, i) => [l.userId, i]));
  return { takenAt, sums: read.sums, tree, leaves: read.leaves, indexOf, root: rootHex(tree) };
}

/** What players and their eidols hold per asset in the snapshot (units), in LIABILITY_ASSETS order. */
export function liabilitiesOf(s: LiabilitySnapshot): bigint[] {
  return LIABILITY_ASSETS.map((asset) =>
    s.sums.filter((r) => r.asset === asset && r.ownerKind !== 'system').reduce((n, r) => n + r.total, 0n),
  );
}

/** A player's leaf and path, or undefined when they registered after the snapshot. */
export function proofFor(s: LiabilitySnapshot, userId: number) {
  const index = s.indexOf.get(userId);
  if (index === undefined) return undefined;
  return { index, leaf: s.leaves[index]!, path: proofPath(s.tree, index) };
}
