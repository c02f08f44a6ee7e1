// @vitest-environment jsdom
/** The copyable address: its text is the address, in two unbreakable halves with the one break between them. */
import { afterEach, describe, expect, it } from 'vitest';
import { AddressCopy } from '../../../../src/client/hud/components/AddressCopy';
import { render, type Mounted } from './render';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

describe('AddressCopy', () => {
  it('shows the address whole, as two halves that each stay on one line', async () => {
    mounted = await render(<AddressCopy address={ADDR} />);
    const button = mounted.container.querySelector('[data-testid="address-copy"]')!;
    expect(button.textContent).toBe(ADDR);
    const halves = [...button.querySelectorAll('.address-half')].map((h) => h.textContent);
    expect(halves).toEqual([ADDR.slice(0, 21), ADDR.slice(21)]);
    // The only place a line may break is between the halves.
    expect(button.querySelectorAll('wbr')).toHaveLength(1);
  });

  it('reads the loading text without an address', async () => {
    mounted = await render(<AddressCopy address={null} />);
    expect(mounted.container.querySelector('.address-half')).toBeNull();
  });
});
