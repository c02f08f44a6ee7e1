/** Renders a React element into jsdom for a test and tears it down again. */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// React warns unless the environment declares that tests drive act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A mounted element. */
export interface Mounted {
  container: HTMLElement;
  unmount(): void;
  /** The button whose text or aria-label is `name`. */
  button(name: string): HTMLButtonElement;
}

/** Mounts `element` into a fresh container. */
export async function render(element: ReactElement): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root!: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(element);
  });
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
    button: (name) => {
      const found = [...container.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
      if (!found) throw new Error(`no button "${name}"`);
      return found;
    },
  };
}

/** Clicks inside act() and lets effects and promises settle. */
export async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    el.click();
  });
}

/** Runs `fn` inside act() and lets one round of promises settle. */
export async function settle(fn: () => void): Promise<void> {
  await act(async () => {
    fn();
    await Promise.resolve();
  });
}

/** Types into a React-controlled input (React listens for the native setter plus an input event). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
