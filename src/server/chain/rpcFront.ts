/**
 * The dev chain's JSON-RPC endpoint on 127.0.0.1: forwards to hardhat's in-process provider and journals
 * every block it mines (journal.ts), so the chain survives a restart. Calls that would change state
 * outside the journal (eth_sendTransaction with unlocked keys, balance/code/time edits, interval mining)
 * are refused: everything on this chain is a locally signed raw transaction or an explicit empty block.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChainJournal } from './journal';

/** What the front forwards to (hardhat's EthereumProvider). */
export interface RpcProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface RpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** Read-only or harmless calls pass through; state changes go through `journaled`. */
const PASS_PREFIXES = ['eth_', 'net_', 'web3_'];
const REFUSED = new Set(['eth_sendTransaction', 'eth_signTransaction', 'eth_sign', 'eth_signTypedData_v4', 'eth_accounts', 'eth_coinbase']);

/** A listening front; `close` stops it (the provider is the caller's). */
export interface RpcFront {
  url: string;
  port: number;
  /** Mines one empty block through the journal. */
  mine(): Promise<void>;
  /** Blocks mined since the last one with a transaction (the dev chain mines confirmations while this is low). */
  emptyBlocksSinceTx(): number;
  close(): Promise<void>;
}

/** Starts the front on 127.0.0.1:`port` (0: a free port). */
export async function startRpcFront(provider: RpcProvider, journal: ChainJournal, port: number): Promise<RpcFront> {
  // One state change at a time: each journal line must name the block its own call mined.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = queue.then(fn, fn);
    queue = p.catch(() => undefined);
    return p;
  };
  let sinceTx = 0;

  const head = async () => {
    const block = (await provider.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
      number: string;
      timestamp: string;
    };
    return { block: Number(block.number), timestamp: Number(block.timestamp) };
  };
  const journaled = (method: string, params: unknown[]) =>
    serial(async () => {
      const before = await head();
      const result = await provider.request({ method, params });
      const after = await head();
      // A refused transaction (bad nonce, underpriced) mines nothing and leaves no line.
      if (after.block > before.block) {
        const raw = method === 'eth_sendRawTransaction' ? (params[0] as `0x${string}`) : undefined;
        journal.append(raw ? { ...after, raw } : after);
        sinceTx = raw ? 0 : sinceTx + 1;
      }
      return result;
    });
  const revert = (params: unknown[]) =>
    serial(async () => {
      const result = await provider.request({ method: 'evm_revert', params });
      if (result === true) journal.truncateAbove((await head()).block);
      return result;
    });

  const call = async (req: RpcRequest): Promise<unknown> => {
    const method = typeof req.method === 'string' ? req.method : '';
    const params = Array.isArray(req.params) ? (req.params as unknown[]) : [];
    if (method === 'eth_sendRawTransaction' || method === 'evm_mine') return journaled(method, method === 'evm_mine' ? [] : params);
    if (method === 'evm_revert') return revert(params);
    if (method === 'evm_snapshot') return provider.request({ method, params });
    if (REFUSED.has(method) || !PASS_PREFIXES.some((p) => method.startsWith(p))) {
      throw Object.assign(
        new Error(`${method || 'this call'} is not available on the Aeon dev chain (its state must replay from the journal)`),
        { code: -32601 },
      );
    }
    return provider.request({ method, params });
  };
  const answer = async (req: RpcRequest) => {
    try {
      return { jsonrpc: '2.0', id: req.id ?? null, result: await call(req) };
    } catch (err) {
      const e = err as { code?: unknown; message?: string; data?: unknown };
      return {
        jsonrpc: '2.0',
        id: req.id ?? null,
        error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(err), data: e.data },
      };
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const out =
          body === undefined
            ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
            : Array.isArray(body)
              ? await Promise.all(body.map((r) => answer(r as RpcRequest)))
              : await answer(body as RpcRequest);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(out));
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    mine: async () => void (await journaled('evm_mine', [])),
    emptyBlocksSinceTx: () => sinceTx,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
