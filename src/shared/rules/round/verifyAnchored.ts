/**
 * Verification that trusts only the commitment (ECONOMY.md "What must be shown"), shared by the `/fairness`
 * page and `npm run verify`: a round is checked against
 *   - its chain as the chains listing commits it (terminal hash, first round, length, rule);
 *   - the PREVIOUS round's hash read from that round's own record (or the terminal hash for a chain's first
 *     round), never the `previous_hash` of the same response — a forged round whose previous_hash is simply
 *     sha256 of its own hash links to nothing anyone published;
 *   - T recomputed under the rule the listing gives (block hash, or the salt for rounds before the block rule);
 *   - each eidol's value before = its value after in the round it last played + its account's movements
 *     since, link by link of the running balance (`movements`), so no value appears between rounds.
 * `walkToCommitment` (fairnessChain.ts) checks, on request, the whole way from the round to the terminal hash.
 * Never throws on bad data: what cannot be read or fetched is a mismatch.
 */
import type { FairChain, FairEntry, FairRoundDetail } from '../../api/game';
import { ECONOMY_CONFIG, type EconomyConfig } from './economyConfig';
import { verifyRound, type RoundAnchor, type RoundVerification, type VerifyCheck, type VerifyMismatch } from './verifyRound';

/** Where the verifier reads the published record (the page: the API; the CLI: the database through the same loaders). */
export interface FairnessSource {
  /** Every chain ever used, as committed. */
  chains(): Promise<FairChain[]>;
  /** A settled round's own record; undefined when there is none. */
  round(id: number): Promise<FairRoundDetail | undefined>;
}

/** The verdict on one round, anchored. */
export interface AnchoredVerification {
  roundId: number;
  ok: boolean;
  /** The listed chain the round's id falls in (null: none does). */
  chain: FairChain | null;
  /** The round's own recomputation against the anchor, with the continuity check appended; null when the round cannot be read. */
  verification: RoundVerification | null;
  /** Links from the round to its chain's terminal hash (its position), for the walk; null without a chain. */
  walkSteps: number | null;
}

const INTEGER = /^-?(0|[1-9]\d*)$/;
const UNITS = /^(0|[1-9]\d*)$/;

/** The chain whose rounds include `roundId`: first_round_id ≤ id < first_round_id + length. */
export function chainOfRound(chains: readonly FairChain[], roundId: number): FairChain | null {
  return chains.find((c) => c.first_round_id <= roundId && roundId < c.first_round_id + c.length) ?? null;
}

/** The rule the listing gives round `roundId` of `chain`. */
export function ruleOf(chain: FairChain, roundId: number): RoundAnchor['rule'] {
  return chain.block_rule_from !== null && roundId >= chain.block_rule_from ? 'block' : 'salt';
}

/** Verifies round `roundId` against the commitment, fetching what it needs from `source`. */
export async function verifyAnchored(
  source: FairnessSource,
  roundId: number,
  config: EconomyConfig = ECONOMY_CONFIG,
): Promise<AnchoredVerification> {
  const cache = new Map<number, Promise<FairRoundDetail | undefined>>();
  const fetchRound = (id: number) => {
    let p = cache.get(id);
    if (!p) cache.set(id, (p = source.round(id).catch(() => undefined)));
    return p;
  };
  const [chains, detail] = await Promise.all([source.chains().catch(() => [] as FairChain[]), fetchRound(roundId)]);
  const chain = chainOfRound(chains, roundId);
  if (!detail) return { roundId, ok: false, chain, verification: null, walkSteps: null };

  // The anchor: the previous round's own record within the same chain, or the chain's terminal hash.
  const anchorMismatches: VerifyMismatch[] = [];
  let previousHash = '';
  if (!chain) {
    anchorMismatches.push({ field: 'chain', eidolId: null, expected: `a listed chain holding round ${roundId}`, published: 'none' });
  } else if (roundId === chain.first_round_id) {
    previousHash = chain.terminal_hash;
  } else {
    const previous = await fetchRound(roundId - 1);
    if (previous) previousHash = previous.hash;
    else anchorMismatches.push({ field: 'hash', eidolId: null, expected: `round ${roundId - 1}'s own record`, published: 'not found' });
  }
  if (chain && detail.chain_id !== chain.id)
    anchorMismatches.push({ field: 'chain_id', eidolId: null, expected: String(chain.id), published: String(detail.chain_id) });
  const verification = verifyRound(detail, config, { previousHash, rule: chain ? ruleOf(chain, roundId) : 'block' });
  const chainCheck = verification.checks.find((c) => c.name === 'chain')!;
  chainCheck.mismatches.unshift(...anchorMismatches);
  chainCheck.ok = chainCheck.mismatches.length === 0;

  const continuity = await checkContinuity(detail, fetchRound);
  verification.checks.push(continuity);
  verification.mismatches = verification.checks.flatMap((c) => c.mismatches);
  verification.ok = verification.checks.every((c) => c.ok);
  return { roundId, ok: verification.ok, chain, verification, walkSteps: chain ? roundId - chain.first_round_id + 1 : null };
}

/** Each entry's value before against its value after where it last played, plus the movements between. */
async function checkContinuity(
  detail: FairRoundDetail,
  fetchRound: (id: number) => Promise<FairRoundDetail | undefined>,
): Promise<VerifyCheck> {
  const mismatches: VerifyMismatch[] = [];
  for (const entry of detail.entries) {
    const miss = (expected: string, published: string) =>
      mismatches.push({ field: 'value_before', eidolId: entry.eidol_id, expected, published });
    let start: bigint;
    let version = 0;
    if (entry.previous_round_id === null) {
      start = 0n; // its first round: the account's whole history, from an empty balance
    } else {
      if (!Number.isSafeInteger(entry.previous_round_id) || entry.previous_round_id >= detail.id) {
        miss('a previous round before this one', String(entry.previous_round_id));
        continue;
      }
      const before = await fetchRound(entry.previous_round_id);
      const there = before?.entries.find((e) => e.eidol_id === entry.eidol_id);
      if (!there || !UNITS.test(there.value_after)) {
        miss(`an entry of eidol ${entry.eidol_id} in round ${entry.previous_round_id}`, 'none');
        continue;
      }
      start = BigInt(there.value_after);
      version = entry.movements[0]?.version !== undefined ? entry.movements[0].version - 1 : 0;
    }
    const end = followMovements(entry, start, version, entry.previous_round_id === null, miss);
    if (end !== null && (!UNITS.test(entry.value_before) || BigInt(entry.value_before) !== end)) {
      miss(
        `${end} (${entry.previous_round_id === null ? 'its movements from 0' : `value after round ${entry.previous_round_id}`} + ${entry.movements.length} movement(s))`,
        entry.value_before,
      );
    }
  }
  return { name: 'continuity', ok: mismatches.length === 0, mismatches };
}

/** Follows the movements from `start`; the balance they end at, or null (reported) when a link breaks. */
function followMovements(
  entry: FairEntry,
  start: bigint,
  firstVersion: number,
  fromOpening: boolean,
  miss: (expected: string, published: string) => void,
): bigint | null {
  let balance = start;
  let version = fromOpening ? 0 : firstVersion;
  for (const m of entry.movements) {
    const ok = [m.amount, m.before, m.after].every((x) => INTEGER.test(x)) && m.version === version + 1;
    if (!ok || BigInt(m.before) !== balance || BigInt(m.before) + BigInt(m.amount) !== BigInt(m.after)) {
      miss(`movement ${version + 1} from ${balance}`, `${m.transfer_id} v${m.version}: ${m.before} + ${m.amount} = ${m.after}`);
      return null;
    }
    // A round's own legs between two listed rounds would mean a round left out of the eidol's history.
    if (m.transfer_id.startsWith('round:')) {
      miss('no round leg between two of its rounds', m.transfer_id);
      return null;
    }
    balance = BigInt(m.after);
    version = m.version;
  }
  return balance;
}
