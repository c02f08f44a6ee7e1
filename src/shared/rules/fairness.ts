/**
 * Provable fairness, isomorphic: the server books rounds with these rules and the `/fairness` page
 * recomputes them in the browser with the same code. Hashes and chain in `fairnessHash`/`fairnessChain`,
 * threshold and zones in `fairnessThreshold`.
 */
export * from './fairnessHash';
export * from './fairnessChain';
export * from './fairnessThreshold';
