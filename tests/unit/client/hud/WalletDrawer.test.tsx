// @vitest-environment jsdom
/** The wallet drawer: closed and inert at first, opened by its button or a swipe from the left edge, closed again. */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { SWIPE_PX, WalletDrawer, swipeAction } from '../../../../src/client/hud/components/WalletDrawer';
import { click, render, type Mounted } from './render';

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

const drawer = () => mounted!.container.querySelector<HTMLElement>('[data-testid="wallet-drawer"]')!;

function swipe(from: { x: number; y: number }, to: { x: number; y: number }, id = 1) {
  const host = mounted!.container.querySelector('.drawer-host')!;
  act(() => {
    host.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: from.x, clientY: from.y, pointerId: id }));
    host.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: to.x, clientY: to.y, pointerId: id }));
  });
}

describe('swipeAction', () => {
  it('opens on a rightward swipe from the edge, closes on a leftward one, ignores the rest', () => {
    expect(swipeAction(10, SWIPE_PX, 0, false)).toBe('open');
    expect(swipeAction(200, SWIPE_PX * 2, 0, false)).toBeNull();
    expect(swipeAction(10, SWIPE_PX - 1, 0, false)).toBeNull();
    expect(swipeAction(10, SWIPE_PX, SWIPE_PX, false)).toBeNull();
    expect(swipeAction(300, -SWIPE_PX, 0, true)).toBe('close');
    expect(swipeAction(300, -SWIPE_PX, 0, false)).toBeNull();
  });
});

describe('WalletDrawer', () => {
  it('keeps the panel mounted but closed and inert until opened', async () => {
    // PointerEvent is missing from some jsdom versions; MouseEvent carries what the drawer reads.
    (globalThis as { PointerEvent?: unknown }).PointerEvent ??= class extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: MouseEventInit & { pointerId?: number }) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    };
    mounted = await render(
      <WalletDrawer panel={<p data-testid="panel">Ada Purse</p>}>
        <p>home</p>
      </WalletDrawer>,
    );
    expect(mounted.container.querySelector('[data-testid="panel"]')?.textContent).toBe('Ada Purse');
    expect(drawer().dataset.open).toBe('false');
    expect(drawer().hasAttribute('inert')).toBe(true);
    await click(mounted.button('Open wallet'));
    expect(drawer().dataset.open).toBe('true');
    expect(drawer().hasAttribute('inert')).toBe(false);
    await click(mounted.button('Close'));
    expect(drawer().dataset.open).toBe('false');
    swipe({ x: 5, y: 100 }, { x: 150, y: 110 });
    expect(drawer().dataset.open).toBe('true');
    swipe({ x: 300, y: 100 }, { x: 100, y: 100 });
    expect(drawer().dataset.open).toBe('false');
  });
});

describe('LeftMenu', () => {
  it('lists About, the configured external links in a new tab, and Logout', async () => {
    const { LeftMenu } = await import('../../../../src/client/hud/components/LeftMenu');
    const { $config } = await import('../../../../src/client/stores/config');
    $config.set({
      product_name: 'Aeon',
      admin_name: 'GoldenStern',
      round_open_seconds: 600,
      round_locked_seconds: 60,
      links: { help: 'https://help.example.test', chat: 'https://chat.example.test' },
    });
    mounted = await render(<LeftMenu />);
    const entries = [...mounted.container.querySelectorAll('nav > *')].map((e) => e.textContent);
    expect(entries).toEqual(['About', 'Help And Support', 'Community Chat', 'Logout']);
    const help = mounted.container.querySelector<HTMLAnchorElement>('[data-testid="menu-help"]')!;
    expect(help.href).toBe('https://help.example.test/');
    expect(help.target).toBe('_blank');
    expect(help.rel).toContain('noopener');
    $config.set(null);
  });
});
