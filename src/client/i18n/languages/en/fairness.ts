/** English, fairness part: the provably fair page. */

// "1 hash", "5,000 hashes": the walk from a chain's first round is one hash long.
const hashes = (n: number) => `${Number(n).toLocaleString('en')} ${Number(n) === 1 ? 'hash' : 'hashes'}`;

export const messages = {
  /** The provably fair page: how a round is checked, and the recomputation of one. */
  fairness: {
    title: 'Provably fair',
    howTitle: 'How to check any round',
    /** How anyone can check a round, in plain words, in the order it happens. */
    steps: [
      "What this page proves: nobody — not us, not anyone who works here — could know or pick a round's outcome before joins closed, and no eidol's value was changed between rounds.",
      "Before a chain's first round we publish its terminal hash (below): the last link of a chain of SHA-256 hashes made from a secret seed. Rounds reveal the chain backwards: SHA-256 of a round's hash must equal the hash the round before it revealed (the first round: the terminal hash). So our part of every outcome was fixed before play began.",
      "When a round locks, we publish the number of the next block of the blockchain. Nobody knows that block's hash until it is mined. The round's threshold T is the first 52 bits of HMAC-SHA256(key = the round hash, message = that block's hash), divided by 2^52: a number from 0 to 1.",
      'An eidol with risk r > 0 wins (↑) when r ≤ T and loses (↓) when r > T, so it wins with probability 1 − r. The stakes, claims, pool and emission then follow the published rules, in whole units.',
      "Choose a round below: this page checks its hash against the previous round's own record, recomputes T and every payout in your browser with the code the server books it with, and checks that each eidol came in with what it left its last round with. One more tap walks the chain all the way to the terminal hash.",
    ],
    /** Labels of the checks, as the page lists them. */
    checks: {
      chain: "SHA-256 of the hash = the previous round's own published hash",
      threshold: "T recomputed from the hash and the block's hash",
      settlement: 'Every zone, stake, payout and mined amount recomputed',
      pool: 'Mining pool after the round recomputed',
      continuity: 'Each eidol brought exactly what it left its last round with (plus its feeds and extracts since)',
    },
    terminalBefore: 'Or from a terminal:',
    verifyCommand: 'npm run verify -- <round id>',
    terminalAfter: 'recomputes a round from the database and compares it with the ledger.',
    loading: 'Loading the fairness record…',
    commitment: 'Commitments (every chain ever used)',
    chain: (id: number, current: boolean) => `Chain ${id}${current ? ' (current)' : ''}`,
    chainRounds: (first: number, last: number | null, length: number) =>
      `rounds ${first}–${first - 1 + length} (${length} links), last settled: ${last ?? 'none yet'}`,
    /** How a chain's rounds key T, by the listing's salt rule. */
    saltRule: {
      block: () => 'T keyed by the block after each lock.',
      salt: () => 'Older chain: T keyed by the salt (HMAC-SHA256(salt, round hash)).',
      salt_then_block: (from: number) => `T keyed by the salt before round ${from}, by the block after the lock from round ${from} on.`,
    },
    blockShort: (n: number) => `block ${n}`,
    block: 'Block:',
    noBlock: 'none (salt rule)',
    walk: (steps: number) => `Walk the chain to its commitment (${hashes(steps)})`,
    walking: (done: number, total: number) => `${Number(done).toLocaleString('en')} of ${Number(total).toLocaleString('en')} hashes…`,
    walkReached: (steps: number) =>
      `✓ ${hashes(steps)} from this round ${Number(steps) === 1 ? 'reaches' : 'reach'} the chain's terminal hash.`,
    walkMissed: (steps: number) =>
      `✗ ${hashes(steps)} from this round ${Number(steps) === 1 ? 'does' : 'do'} not reach the chain's terminal hash.`,
    terminalHash: 'Terminal hash:',
    salt: 'Salt:',
    settled: 'Settled rounds',
    noRound: 'No round has settled yet.',
    thresholdShort: (value: string) => `T ${value}`,
    verifyRound: (id: number) => `Verify round ${id}`,
    verify: 'Verify',
    older: 'Older',
    recomputing: (id: number) => `Recomputing round ${id}…`,
    roundError: (id: number, text: string) => `Round ${id}: ${text}`,
    round: (id: number) => `Round ${id}`,
    allMatch: '✓ Recomputed in your browser: everything matches.',
    mismatches: (n: number) => `✗ ${n} published value(s) do not match the recomputation.`,
    hash: 'Hash:',
    previousHash: 'Previous hash:',
    thresholdIs: 'T =',
    cannotCompute: 'cannot be computed',
    holds: ' (holds)',
    doesNotHold: ' (does not hold)',
    nobodyJoined: 'Nobody joined this round.',
    columns: {
      eidol: 'Eidol',
      risk: 'Risk',
      zone: 'Zone',
      stake: 'Stake',
      payout: 'Payout',
      mined: 'Mined',
      valueAfter: 'Value after',
      check: 'Check',
    },
    amountsNote:
      'Amounts in ANGLS. Stake is what the round took (the bet); payout is the stake back plus the claim; mined is the emission share.',
    notRecomputed: 'could not be recomputed',
    difference: (field: string, want: string, got: string) => `${field} ${want} (published ${got})`,
  },
};
