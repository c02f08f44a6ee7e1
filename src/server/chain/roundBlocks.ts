/**
 * The chain blocks that key the rounds' thresholds (ECONOMY.md "Threshold"): the head's number at a
 * round's lock, and later the hash of block head + 1. BNB Smart Chain mines a block every few seconds; the
 * embedded dev chain mines only when sent something, so there an empty block is mined (`evm_mine` through
 * the journaling RPC front, so the chain replays it after a restart) when the block is asked for and not
 * there yet. Any failure to read is a `ChainUnreadable`: the round waits locked and the scheduler retries.
 */
import { createPublicClient, http, type PublicClient } from 'viem';

/** The chain could not be read (RPC down, refused, or answered nonsense). */
export class ChainUnreadable extends Error {
  override name = 'ChainUnreadable';
}

/** What the rounds read from the chain. */
export interface RoundBlocks {
  /** The number of the newest block. */
  head(): Promise<number>;
  /** Block `n`'s hash (0x + 64 lowercase hex), or undefined while it is not mined (outside the dev chain). */
  hashOf(n: number): Promise<string | undefined>;
}

/** Reads blocks through `client`; `dev`: the embedded dev chain, where a missing block is mined (empty). */
export function roundBlocks(client: PublicClient, dev: boolean): RoundBlocks {
  const read = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new ChainUnreadable(`chain unreadable (${what}): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, {
        cause: err,
      });
    }
  };
  const head = () => read('head', async () => Number(await client.getBlockNumber({ cacheTime: 0 })));
  return {
    head,
    async hashOf(n) {
      if (dev) {
        // Mine empty blocks up to n: the dev chain's front journals each one (a plain RPC call, no key).
        while ((await head()) < n)
          await read('mine', () =>
            (client.request as (a: { method: string; params: unknown[] }) => Promise<unknown>)({ method: 'evm_mine', params: [] }),
          );
      }
      const block = await read(`block ${n}`, async () => {
        try {
          return await client.getBlock({ blockNumber: BigInt(n) });
        } catch (err) {
          // viem says "could not be found" for a block not mined yet: that is a wait, not an outage.
          if (err instanceof Error && err.name === 'BlockNotFoundError') return undefined;
          throw err;
        }
      });
      if (!block) return undefined;
      const hash = block.hash?.toLowerCase();
      if (!hash || !/^0x[0-9a-f]{64}$/.test(hash)) throw new ChainUnreadable(`chain answered block ${n} without a hash`);
      return hash;
    },
  };
}

/** Round blocks read from `rpcUrl` directly (tests point it at a port to stop and restart the chain). */
export function roundBlocksAt(rpcUrl: string, dev: boolean): RoundBlocks {
  // retryCount 0: an outage must surface at once as ChainUnreadable, the scheduler has its own retry.
  return roundBlocks(createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }), cacheTime: 0 }) as PublicClient, dev);
}
