/**
 * The embedded dev chain keeps its state across a restart (journal replay): block height and hashes of
 * its transactions, token addresses, balances and the hot wallet's nonce; a reverted snapshot leaves the
 * journal too; calls that would change state outside the journal are refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { erc20Abi, parseEther, parseUnits, zeroAddress } from 'viem';
import { receipt, startTestChain, type TestChain } from '../../support/chain';

describe('embedded dev chain', () => {
  const open: TestChain[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  const start = async (dataDir?: string) => {
    const c = await startTestChain({ dataDir });
    open.push(c);
    return c;
  };

  it('comes back after a restart with the same contracts, balances, blocks and nonces', async () => {
    const first = await start();
    const { gateway } = first;
    const usdc = gateway.tokens.find((t) => t.asset === 'USDC')!;
    expect(usdc.decimals).toBe(18);
    expect(gateway.tokens.find((t) => t.asset === 'ANGLS')!.decimals).toBe(18);
    const to = '0x00000000000000000000000000000000000a3011' as const;
    const sent = await gateway.signer!.sendToken(usdc.address, to, parseUnits('12.5', 18));
    await receipt(first, sent);
    await receipt(first, await gateway.signer!.sendNative(to, parseEther('0.25')));
    // A reverted transaction is journaled too (it was mined and took a nonce) and replays the same way.
    const nonce = await gateway.client.getTransactionCount({ address: gateway.signer!.hotWallet });
    const bad = await gateway.signer!.signPayment({ kind: 'transfer', token: usdc.address, to: zeroAddress, amount: 1n, nonce });
    await gateway.client.sendRawTransaction({ serializedTransaction: bad.raw });
    expect((await receipt(first, bad.hash)).status).toBe('reverted');
    await first.mine(3);
    const before = {
      head: await gateway.client.getBlockNumber(),
      usdc: gateway.dev!.usdc,
      angls: gateway.dev!.angls,
      tokenBalance: await gateway.client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
      balance: await gateway.client.getBalance({ address: to }),
      nonce: await gateway.client.getTransactionCount({ address: gateway.signer!.hotWallet }),
      xpub: gateway.dev!.keys.depositXpub,
    };
    await first.close({ keep: true });
    open.splice(open.indexOf(first), 1);

    const second = await start(first.dataDir);
    const g = second.gateway;
    expect({
      head: await g.client.getBlockNumber(),
      usdc: g.dev!.usdc,
      angls: g.dev!.angls,
      tokenBalance: await g.client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
      balance: await g.client.getBalance({ address: to }),
      nonce: await g.client.getTransactionCount({ address: g.signer!.hotWallet }),
      xpub: g.dev!.keys.depositXpub,
    }).toEqual(before);
    expect((await g.client.getTransactionReceipt({ hash: sent })).status).toBe('success');
    expect((await g.client.getTransactionReceipt({ hash: bad.hash })).status).toBe('reverted');
    // The chain goes on from there: the next send takes the next nonce.
    const next = await g.signer!.sendNative(to, 1n);
    expect((await receipt(second, next)).status).toBe('success');
    expect(await g.client.getTransactionCount({ address: g.signer!.hotWallet })).toBe(before.nonce + 1);
  });

  it('forgets blocks undone by evm_revert, also after a restart, and refuses unjournaled state changes', async () => {
    const c = await start();
    const rpc = (method: string, params: unknown[] = []) => c.gateway.client.request({ method, params } as never) as Promise<unknown>;
    const snapshot = await rpc('evm_snapshot');
    const head = await c.gateway.client.getBlockNumber();
    await receipt(c, await c.gateway.signer!.sendNative('0x00000000000000000000000000000000000b0b00', 5n));
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    expect(await c.gateway.client.getBlockNumber()).toBe(head);
    await expect(rpc('hardhat_setBalance', ['0x00000000000000000000000000000000000b0b00', '0x1'])).rejects.toThrow(
      /not available on the Aeon dev chain/,
    );
    await expect(rpc('evm_setAutomine', [false])).rejects.toThrow(/not available/);
    await c.close({ keep: true });
    open.splice(open.indexOf(c), 1);
    const again = await start(c.dataDir);
    expect(await again.gateway.client.getBlockNumber()).toBe(head);
    expect(await again.gateway.client.getBalance({ address: '0x00000000000000000000000000000000000b0b00' })).toBe(0n);
  });
});
