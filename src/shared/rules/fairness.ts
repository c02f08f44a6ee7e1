/**
 * Provable fairness, isomorphic: the server books rounds with these rules and the `/fairness` page
 * recomputes them in the browser with the same code. Hashes in `fairnessHash`, the chain in
 * `fairnessChain`, threshold and zones in `fairnessThreshold`.
 *
 * The procedure anyone can follow without this code (Node shown; any SHA-256/HMAC works):
 *   const c = require('node:crypto'), raw = (h) => Buffer.from(h, 'hex');
 *   // chain: each round's hash hashes to the previous round's; the first round's to terminal_hash
 *   c.createHash('sha256').update(raw(hash)).digest('hex') === previousHash
 *   // threshold: the HMAC's first 13 hex digits are its first 52 bits
 *   const u = BigInt('0x' + c.createHmac('sha256', Buffer.from(salt, 'utf8')).update(raw(hash)).digest('hex').slice(0, 13));
 *   // T = u / 2^52; risk r = p/q wins ('bot') when 0 < r and p·2^52 ≤ u·q, loses ('top') when greater
 */
export * from './fairnessHash';
export * from './fairnessChain';
export * from './fairnessThreshold';
