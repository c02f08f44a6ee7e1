/**
 * The wallet panel as spec 1 §2 has it: not always on screen, opened by the wallet (back-arrow) button or a
 * swipe from the left edge, closed by its Close button or a swipe back. It stays mounted while closed (off
 * screen and inert) so its address and balances are ready the moment it opens.
 */
import { t } from '../../i18n/t';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Button } from './Button';

/** How near the left edge (px) a swipe must start to open the drawer: the home swiper owns the rest. */
export const EDGE_PX = 32;
/** How far (px) a horizontal swipe must travel to count. */
export const SWIPE_PX = 60;

/** What a finished swipe does to the drawer, or null when it is no drawer swipe. */
export function swipeAction(startX: number, dx: number, dy: number, open: boolean): 'open' | 'close' | null {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dy) > Math.abs(dx) / 2) return null;
  if (!open && dx > 0 && startX <= EDGE_PX) return 'open';
  if (open && dx < 0) return 'close';
  return null;
}

/** Props: the panel content and the area that listens for swipes. */
export interface WalletDrawerProps {
  panel: ReactNode;
  children: ReactNode;
}

/** The screen content with the drawer beside it. */
export function WalletDrawer({ panel, children }: WalletDrawerProps) {
  const [open, setOpen] = useState(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const onDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    // Only the pointer that started the swipe counts (spec: multi-touch starts are ignored).
    if (!s || s.id !== e.pointerId) return;
    const action = swipeAction(s.x, e.clientX - s.x, e.clientY - s.y, open);
    if (action) setOpen(action === 'open');
  };
  return (
    <div className="drawer-host" onPointerDown={onDown} onPointerUp={onUp}>
      <Button
        variant="secondary"
        small
        className="wallet-toggle"
        aria-expanded={open}
        aria-label={t.components.openWallet}
        onClick={() => setOpen(true)}
        data-testid="wallet-open"
      >
        ‹ {t.components.wallet}
      </Button>
      <aside
        className={`wallet-drawer ${open ? 'open' : ''}`}
        data-testid="wallet-drawer"
        data-open={open}
        inert={!open}
        aria-hidden={!open}
      >
        {panel}
        <Button variant="secondary" small onClick={() => setOpen(false)} data-testid="wallet-close">
          {t.common.close}
        </Button>
      </aside>
      {children}
    </div>
  );
}
