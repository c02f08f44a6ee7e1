/** The shop routes (spec 2 §2) and their screen, spread into screenFor's table. */
import { lazy } from 'react';
import type { ScreenTable } from '../../../app/screenTable';

// The shop loads with its route (App's Suspense waits), keeping it out of the first paint.
const ShopScreen = lazy(() => import('./ShopScreen'));

/** The screen of each shop route; keyed, so a shop never shows another's list or flow. */
export const shopScreens: ScreenTable<'mageShop' | 'eggShop' | 'gdaoShop'> = {
  mageShop: () => <ShopScreen key="mage" variant="mage" />,
  eggShop: () => <ShopScreen key="egg" variant="egg" />,
  gdaoShop: () => <ShopScreen key="gdao" variant="gdao" />,
};
