/**
 * Provable fairness, isomorphic: the server books rounds with these rules and the `/fairness` page
 * recomputes them in the browser with the same code. Hashes in `fairnessHash`, the chain and the walk to the
 * commitment in `fairnessChain`, threshold and zones in `fairnessThreshold`.
 *
 * The procedure anyone can follow without this code (Node shown; any SHA-256/HMAC works), trusting only the
 * chains listing of `GET /api/fairness` (each chain's terminal hash, first round, length, block_rule_from):
 *   const c = require('node:crypto'), raw = (h) => Buffer.from(h.replace(/^0x/, ''), 'hex');
 *   const sha = (h) => c.createHash('sha256').update(raw(h)).digest('hex');
 *   // 1. link: fetch round n−1's OWN record (/api/fairness/rounds/{n−1}), not the previous_hash beside round n;
 *   //    for a chain's first round use the chain's terminal_hash
 *   sha(round.hash) === previousRound.hash
 *   // 2. optionally the whole way: (n − first_round_id + 1) times sha from round n's hash = terminal_hash
 *   // 3. threshold: the HMAC's first 13 hex digits are its first 52 bits; from block_rule_from on,
 *   //    key = the round hash, message = the block hash (block block_number, mined after the lock) …
 *   const u = BigInt('0x' + c.createHmac('sha256', raw(round.hash)).update(raw(round.block_hash)).digest('hex').slice(0, 13));
 *   //    … before it (the salt rule): key = the salt as UTF-8, message = the round hash
 *   //    c.createHmac('sha256', Buffer.from(salt, 'utf8')).update(raw(round.hash))
 *   // T = u / 2^52; risk r = p/q wins ('bot') when 0 < r and p·2^52 ≤ u·q, loses ('top') when greater
 *   // 4. continuity: per entry, value_after in round previous_round_id (0 for its first round) plus each
 *   //    movement (before + amount = after, versions consecutive) = value_before
 */
export * from './fairnessHash';
export * from './fairnessChain';
export * from './fairnessThreshold';
