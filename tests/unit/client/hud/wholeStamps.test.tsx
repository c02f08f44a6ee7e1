// @vitest-environment jsdom
/** Date stamps in a button's or error line's text stay on one line; the text reads the same. */
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from '../../../../src/client/hud/components/Button';
import { ErrorLine } from '../../../../src/client/hud/components/ErrorLine';
import { render, type Mounted } from './render';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const TEXT = 'For your safety a new address can receive withdrawals from 2026-11-29 20:57 UTC (a cooling-off period after its first use).';

describe('whole date stamps', () => {
  it('wraps the stamp of a button label in a no-wrap span, the label unchanged', async () => {
    mounted = await render(<Button>{TEXT}</Button>);
    const button = mounted.container.querySelector('button')!;
    expect(button.textContent).toBe(TEXT);
    expect([...button.querySelectorAll('.nowrap')].map((s) => s.textContent)).toEqual(['2026-11-29 20:57 UTC']);
  });

  it('wraps stamps in an error line; a text without one stays a bare text node', async () => {
    mounted = await render(
      <div>
        <ErrorLine text="Frozen since 2026-11-28 until 2026-11-29 10:00:00" testId="a" />
        <Button>Send</Button>
      </div>,
    );
    const line = mounted.container.querySelector('[data-testid="a"]')!;
    expect([...line.querySelectorAll('.nowrap')].map((s) => s.textContent)).toEqual(['2026-11-28', '2026-11-29 10:00:00']);
    expect(line.textContent).toBe('Frozen since 2026-11-28 until 2026-11-29 10:00:00');
    expect(mounted.container.querySelector('button')!.innerHTML).toBe('Send');
  });
});
