/** The shop routes (spec 2 §2) and their screen, registered with screenFor in one line. */
import { lazy, type ReactElement } from 'react';
import type { RouteName } from '../../../../shared/routes';
import type { View } from '../../../app/routeView';

// The shop loads with its route (App's Suspense waits), keeping it out of the first paint.
const ShopScreen = lazy(() => import('./ShopScreen'));

/** Routes whose screens live here. */
export const shopRouteNames: readonly RouteName[] = ['mageShop', 'eggShop', 'gdaoShop'];

/** The screen of a shop route, or null for any other route; keyed, so a shop never shows another's list or flow. */
export function shopScreenFor(view: Extract<View, { kind: 'show' }>): ReactElement | null {
  switch (view.route) {
    case 'mageShop':
      return <ShopScreen key="mage" variant="mage" />;
    case 'eggShop':
      return <ShopScreen key="egg" variant="egg" />;
    case 'gdaoShop':
      return <ShopScreen key="gdao" variant="gdao" />;
    default:
      return null;
  }
}
