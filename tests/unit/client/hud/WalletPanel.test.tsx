// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { WalletPanel } from '../../../../src/client/hud/components/WalletPanel';
import { makeUser } from '../machines/fixtures';
import { render, click, type Mounted } from './render';

const NOW = Date.UTC(2026, 5, 1);
let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

const text = (id: string) => mounted!.container.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('WalletPanel', () => {
  it('shows "<name> Purse", balances with 8/2/4/0 decimals and the level title', async () => {
    mounted = await render(
      <WalletPanel
        user={makeUser({
          name: 'Ada',
          balance_ngls: '1.123456789',
          balance_busd: '2.5',
          balance_bnb: '0.00019',
          level: 2,
          xp: 30,
          next_level_xp: 120,
          items: [{ id: 4, name: 'gDAO', type: 'Cooptoken', quantity: 7, image: '', data: {} }],
        })}
        address={null}
        nowMs={NOW}
      />,
    );
    expect(text('wallet-name')).toBe('Ada Purse');
    expect(text('wallet-ngls')).toBe('1.12345678');
    expect(text('wallet-busd')).toBe('2.50');
    expect(text('wallet-bnb')).toBe('0.0001');
    expect(text('wallet-gdao')).toBe('7');
    expect(text('wallet-level')).toContain('Apprentice');
    expect(mounted.container.querySelector('[role="progressbar"] > div')?.getAttribute('style')).toContain('width: 25%');
  });

  it('replaces the address with Invoke Mastership until both start flags are set', async () => {
    mounted = await render(<WalletPanel user={makeUser({ start_gas: true, start_pack: false })} address="0xabc" nowMs={NOW} />);
    expect(text('invoke-mastership')).toBe('Invoke Mastership');
    expect(text('wallet-address')).toBeUndefined();
    mounted.unmount();
    mounted = await render(<WalletPanel user={makeUser({ start_gas: true, start_pack: true })} address="0xabc" nowMs={NOW} />);
    expect(text('invoke-mastership')).toBeUndefined();
    expect(text('wallet-address')).toBe('0xabc');
    await click(mounted.button('Copy wallet address'));
    expect(text('wallet-address')).toBe('Copied');
  });

  it('shows S and P badges only while their dates are in the future', async () => {
    mounted = await render(
      <WalletPanel user={makeUser({ senator: '2026-07-01 00:00:00', patricius: '2026-05-01 00:00:00' })} address={null} nowMs={NOW} />,
    );
    expect(text('badge-S')).toBe('S');
    expect(text('badge-P')).toBeUndefined();
  });
});
