/**
 * The outside verifier: fetches a server's public record (and a logged-in player's own proofs) and recomputes
 * it with node built-ins only, from the docs alone. Each part answers a list of checks; nothing here trusts a
 * result the server computed.
 */
import { check, type Check } from './bytes';
import { checkRound, type PublishedChain, type PublishedRound } from './roundCheck';
import { checkAttempt, type PublishedAttempt } from './transmuteCheck';
import { checkGdaoMonth } from './gdaoCheck';
import { checkLiability, type LiabilityProof, type LiabilityRoot } from './liabilityCheck';

/** What to verify on `url`. */
export interface OutsideOptions {
  url: string;
  /** A logged-in player's Cookie header: the transmutation history, the gDAO proof and the liability proof are theirs. */
  cookie?: string;
  /** Rounds to check; default every round of the fairness listing's first page. */
  rounds?: number[];
  /** The player's eidol whose transmutation history is checked. */
  eidol?: number;
  /** The commitments the player saw BEFORE each attempt (attempt → seed_hash); without it, the history's own copy. */
  shown?: Record<number, string>;
  /** The gDAO month (YYYY-MM); default the newest published one. */
  month?: string;
  /** A chain JSON-RPC URL: the anchoring transaction of the gDAO month is read from it. */
  rpc?: string;
  /** The fetch to use (a test passes one that tampers with answers). */
  fetch?: typeof fetch;
}

/** Runs every check the options allow; a fetch that fails is a failed check, never an exception. */
export async function verifyOutside(o: OutsideOptions): Promise<Check[]> {
  const f = o.fetch ?? fetch;
  // The API wraps answers as {success, data}; the shapes are the docs', read as declared and checked by use.
  const get = async <T>(path: string, auth = false): Promise<T> => {
    const res = await f(`${o.url}${path}`, { headers: auth && o.cookie ? { cookie: o.cookie } : {} });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    const body = (await res.json()) as { data?: T };
    if (body?.data === undefined) throw new Error(`GET ${path}: no data`);
    return body.data;
  };
  const out: Check[] = [];
  const attempt = async (name: string, fn: () => Promise<Check[]>) => {
    try {
      out.push(...(await fn()));
    } catch (e) {
      out.push(check(name, () => (e instanceof Error ? e.message : String(e))));
    }
  };

  await attempt('rounds', async () => {
    const listing = await get<{ chains: PublishedChain[]; rounds: Array<{ id: number }> }>('/api/fairness');
    const chains: PublishedChain[] = listing.chains;
    const ids: number[] = o.rounds ?? listing.rounds.map((r) => r.id);
    const cache = new Map<number, PublishedRound>();
    const round = async (id: number) =>
      cache.get(id) ?? (cache.set(id, await get<PublishedRound>(`/api/fairness/rounds/${id}`)), cache.get(id)!);
    const checks: Check[] = [];
    for (const id of ids) {
      const r = await round(id);
      // The chain is the one the listing commits for this id, not the one the round's answer names.
      const chain = chains.find((c) => id >= c.first_round_id && id < c.first_round_id + c.length);
      if (!chain) {
        checks.push(check(`round ${id}: chain`, () => 'no listed chain holds this round'));
        continue;
      }
      const previousHash = id === chain.first_round_id ? chain.terminal_hash : (await round(id - 1)).hash;
      const previousValues = new Map<number, Map<number, string>>();
      for (const p of new Set(r.entries.flatMap((e) => (e.previous_round_id === null ? [] : [e.previous_round_id])))) {
        previousValues.set(p, new Map((await round(p)).entries.map((e) => [e.eidol_id, e.value_after])));
      }
      checks.push(...checkRound(r, chain, previousHash, previousValues));
    }
    return checks;
  });

  if (o.cookie && o.eidol !== undefined) {
    await attempt('transmutation', async () => {
      const lines: PublishedAttempt[] = await get(`/api/oogles/${o.eidol}/transmutations`, true);
      return lines.filter((l) => l.player_seed !== null).flatMap((l) => checkAttempt(l, o.shown?.[l.attempt] ?? l.seed_hash));
    });
  }

  await attempt('gDAO', async () => {
    const months: Array<{ month: string }> = await get('/api/gdao/distributions');
    const month = o.month ?? months[0]?.month;
    if (!month) return [check('gDAO: a published month', () => 'none published')];
    const m = await get<Parameters<typeof checkGdaoMonth>[0] & { anchor: Anchor }>(`/api/gdao/distributions/${month}`);
    if (!o.cookie) return [check(`gDAO ${month}: root from the public rows`, () => 'needs a logged-in player for the proof')];
    const checks = checkGdaoMonth(m, await get<Parameters<typeof checkGdaoMonth>[1]>(`/api/gdao/distributions/${month}/proof`, true));
    if (o.rpc) checks.push(await anchoredOnChain(f, o.rpc, month, m.anchor));
    return checks;
  });

  if (o.cookie) {
    await attempt('liabilities', async () => {
      const report: { liability_root: LiabilityRoot; assets: Array<{ asset: string; liabilities: string }> } = await get('/api/solvency');
      const proof: LiabilityProof = await get('/api/solvency/proof', true);
      return checkLiability(proof, report);
    });
  }
  return out;
}

/** A month's `anchor` as published. */
interface Anchor {
  status: string;
  tx_hash: string | null;
  from: string | null;
  calldata: string | null;
}

/** The month's anchoring transaction read from the chain: from = to = the published sender, input = the published calldata. */
async function anchoredOnChain(f: typeof fetch, rpc: string, month: string, anchor: Anchor): Promise<Check> {
  const name = `gDAO ${month}: anchoring transaction on the chain`;
  if (anchor.status !== 'anchored' || !anchor.tx_hash) return check(name, () => `not anchored yet (${anchor.status})`);
  const res = await f(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionByHash', params: [anchor.tx_hash] }),
  });
  const tx = ((await res.json()) as { result?: { from: string; to: string | null; input: string } | null }).result;
  return check(name, () => {
    if (!tx) return `transaction ${anchor.tx_hash} not found`;
    if (tx.from.toLowerCase() !== anchor.from?.toLowerCase() || tx.to?.toLowerCase() !== tx.from.toLowerCase())
      return 'not a transaction of the platform address to itself';
    return tx.input.toLowerCase() === anchor.calldata?.toLowerCase() || `its input ${tx.input} is not the published calldata`;
  });
}

/** One printed line per check. */
export const lineOf = (c: Check): string => (c.ok ? `✓ ${c.name}` : `✗ ${c.name}: ${c.detail}`);
