/**
 * Withdrawal recovery against a fake chain gateway (a recorder of what was signed and sent) and a real
 * in-memory SQLite ledger: a process that dies after storing a withdrawal's signed bytes, or after sending
 * them, is followed by one that sends the SAME bytes again and never signs a second transaction (which
 * would take a new nonce and could pay twice). A death inside settlement rolls back and settles once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keccak256, stringToHex, type Address, type Chain, type Hash, type Hex, type PublicClient } from 'viem';
import { createWithdrawalProcessor, type WithdrawalPoint } from '../../../../src/server/chain/withdrawals';
import { precalcSend } from '../../../../src/server/domain/wallet/send';
import type { ChainGateway } from '../../../../src/server/chain/gateway';
import type { Payment, Signer } from '../../../../src/server/chain/signer';
import { commitTransaction } from '../../../../src/server/domain/transactions/index';
import { findUserById } from '../../../../src/server/domain/users/userRepo';
import { createLedger, ensureGenesis, playerAccount, systemAccount, transfer, type Ledger } from '../../../../src/server/ledger/index';
import { manualClock } from '../../../../src/server/clock';
import type { Db } from '../../../../src/server/db/database';
import { insertPlayer, memoryDb } from '../../support/memoryDb';

const HOT = '0x00000000000000000000000000000000000000a0' as Address;
const DEST = '0x00000000000000000000000000000000000dea11';
const USDC = '0x000000000000000000000000000000000000c0de' as Address;
const CONFIRMATIONS = 2;

/** A chain that records: every payment signed, every raw transaction sent (mined at once at the head). */
function fakeGateway() {
  const signed: Payment[] = [];
  const sent: Hex[] = [];
  const mined = new Map<Hash, bigint>();
  let head = 100n;
  const client = {
    async sendRawTransaction({ serializedTransaction: raw }: { serializedTransaction: Hex }): Promise<Hash> {
      sent.push(raw);
      const hash = keccak256(raw);
      if (!mined.has(hash)) mined.set(hash, head);
      return hash;
    },
    getBlockNumber: async () => head,
    async getTransactionReceipt({ hash }: { hash: Hash }) {
      const block = mined.get(hash);
      if (block === undefined) throw new Error('transaction receipt not found');
      return { blockNumber: block, status: 'success' as const };
    },
    // Every signed nonce is taken by a mined transaction of ours (the chain's count never runs ahead).
    getTransactionCount: async () => mined.size,
  };
  const signer: Pick<Signer, 'hotWallet' | 'serial' | 'signPayment'> = {
    hotWallet: HOT,
    serial: (fn) => fn(),
    async signPayment(p) {
      signed.push(p);
      const raw = stringToHex(`pay ${p.kind} ${p.to} ${p.amount} nonce ${p.nonce}`);
      return { raw, hash: keccak256(raw) };
    },
  };
  const gateway = {
    chain: { id: 31337 } as Chain,
    client: client as unknown as PublicClient,
    dev: undefined,
    confirmations: CONFIRMATIONS,
    pollMs: 1000,
    tokens: [{ asset: 'USDC', address: USDC, decimals: 18 }],
    signer: signer as Signer,
  } as unknown as ChainGateway;
  return { gateway, signed, sent, mine: (n: number) => void (head += BigInt(n)) };
}

/** Thrown by the hook: the process "dies" as the withdrawal passes the point. */
class Died extends Error {}

describe('withdrawal recovery', () => {
  let db: Db;
  let ledger: Ledger;
  let userId: number;
  const clock = manualClock();

  beforeEach(async () => {
    db = await memoryDb();
    await ensureGenesis(db, clock);
    ledger = createLedger(db, clock);
    userId = await insertPlayer(db, clock);
    await ledger.run(async (tx) => {
      const custody = await systemAccount(tx, 'chain_custody', 'USDC');
      await transfer(tx, {
        id: 'deposit',
        debit: custody,
        credit: await playerAccount(tx, userId, 'USDC'),
        amount: 100_000_000n,
        code: 'deposit',
      });
    });
  });
  afterEach(async () => {
    await db?.close();
  });

  /** Queues a 1 USDC withdrawal the way the wallet does (precalculation, commit); returns its id. */
  async function queueWithdrawal(): Promise<string> {
    const user = (await findUserById(db.kysely, userId))!;
    const record = await precalcSend(ledger, user, { to_address: DEST, amount: '1', currency: 'busd' });
    await commitTransaction({ ledger }, userId, record.id);
    return record.id;
  }

  const processor = (gateway: ChainGateway, dieAt?: WithdrawalPoint) =>
    createWithdrawalProcessor(db, clock, gateway, () => {}, {
      at: (point) => {
        if (point === dieAt) throw new Died(point);
      },
    });
  const row = (id: string) => db.kysely.selectFrom('chain_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** After the crash: a fresh processor finishes the withdrawal; everything sent must be the first signature's bytes. */
  async function finish(chain: ReturnType<typeof fakeGateway>, id: string, raw: Hex) {
    const done = (await processor(chain.gateway).step()).done;
    chain.mine(CONFIRMATIONS);
    done.push(...(await processor(chain.gateway).step()).done);
    expect(done).toEqual([id]);
    expect(chain.signed).toHaveLength(1);
    expect(chain.sent.length).toBeGreaterThan(0);
    expect(new Set(chain.sent)).toEqual(new Set([raw]));
    expect(await row(id)).toMatchObject({ status: 'done', raw, nonce: 0 });
    expect((await ledger.balancesOf(userId)).busd).toBe(100_000_000n - 1_500_000n);
    expect((await ledger.check()).violations).toEqual([]);
  }

  it('re-sends the stored bytes of a withdrawal signed just before the process died, and signs nothing new', async () => {
    const chain = fakeGateway();
    const id = await queueWithdrawal();
    await expect(processor(chain.gateway, 'signed').step()).rejects.toBeInstanceOf(Died);
    const stored = await row(id);
    expect(stored.status).toBe('signed');
    expect(chain.sent).toEqual([]);
    await finish(chain, id, stored.raw as Hex);
  });

  it('re-sends the same bytes when the process died after sending them, before marking them broadcast', async () => {
    const chain = fakeGateway();
    const id = await queueWithdrawal();
    await expect(processor(chain.gateway, 'sent').step()).rejects.toBeInstanceOf(Died);
    const stored = await row(id);
    expect(stored.status).toBe('signed');
    expect(chain.sent).toEqual([stored.raw]);
    await finish(chain, id, stored.raw as Hex);
  });

  it('re-sends the same bytes again when the process died during the recovery itself', async () => {
    const chain = fakeGateway();
    const id = await queueWithdrawal();
    await expect(processor(chain.gateway, 'signed').step()).rejects.toBeInstanceOf(Died);
    await expect(processor(chain.gateway, 'resent').step()).rejects.toBeInstanceOf(Died);
    await finish(chain, id, (await row(id)).raw as Hex);
  });

  it('settles once when the process died inside the settlement', async () => {
    const chain = fakeGateway();
    const id = await queueWithdrawal();
    await processor(chain.gateway).step();
    chain.mine(CONFIRMATIONS);
    await expect(processor(chain.gateway, 'settling').step()).rejects.toBeInstanceOf(Died);
    expect((await row(id)).status).toBe('broadcast');
    await finish(chain, id, (await row(id)).raw as Hex);
  });

  it('gives each of several queued withdrawals its own nonce, kept across a crash', async () => {
    const chain = fakeGateway();
    const ids = [await queueWithdrawal(), await queueWithdrawal(), await queueWithdrawal()];
    let deaths = 0;
    const dying = createWithdrawalProcessor(db, clock, chain.gateway, () => {}, {
      at: (point, id) => {
        if (point === 'signed' && id === ids[1]) {
          deaths += 1;
          throw new Died(point);
        }
      },
    });
    await expect(dying.step()).rejects.toBeInstanceOf(Died);
    expect(deaths).toBe(1);
    await processor(chain.gateway).step();
    chain.mine(CONFIRMATIONS);
    expect((await processor(chain.gateway).step()).done.sort()).toEqual([...ids].sort());
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.nonce)).toEqual([0, 1, 2]);
    expect(chain.signed.map((p) => p.nonce)).toEqual([0, 1, 2]);
    expect(new Set(chain.sent)).toEqual(new Set(rows.map((r) => r.raw)));
    expect((await ledger.check()).violations).toEqual([]);
  });
});
