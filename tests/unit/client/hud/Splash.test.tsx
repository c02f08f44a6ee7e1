// @vitest-environment jsdom
/** The splash: index.html paints the same markup at once, before any script, so the two never drift apart. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Splash } from '../../../../src/client/hud/components/Splash';
import { fillCatalogueText } from '../../../../scripts/build/catalogueHtml';
import { render, type Mounted } from './render';

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

/** The static splash inside index.html's #root, its texts filled from the catalogue as the build does. */
function staticSplash(): Element {
  const doc = new DOMParser().parseFromString(fillCatalogueText(fs.readFileSync(path.resolve('index.html'), 'utf8')), 'text/html');
  const splash = doc.querySelector('#root > .splash');
  if (!splash) throw new Error('index.html has no static splash in #root');
  return splash;
}

describe('Splash', () => {
  it('is painted by index.html with the same structure and text as the component', async () => {
    mounted = await render(<Splash />);
    const live = mounted.container.querySelector('.splash')!;
    const still = staticSplash();
    expect(still.getAttribute('role')).toBe(live.getAttribute('role'));
    expect(still.textContent).toBe(live.textContent);
    expect([...still.children].map((c) => c.outerHTML)).toEqual([...live.children].map((c) => c.outerHTML));
  });
});
