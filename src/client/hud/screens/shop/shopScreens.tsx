/** The shop routes (spec 2 §2) and their screen, registered with screenFor in one line. */
import { lazy, type ReactElement } from 'react';
import type { RouteName } from '../../../../shared/routes';
import type { View } from '../../../app/routeView';

// The shop loads with its route (App's Suspense waits), keeping it out of the first paint.
const ShopScreen = lazy(() => import('./ShopScreen'));

/** Routes whose screens live here. */
export const shopRouteNames: readonly RouteName[] = ['mageShop', 'eggShop', 'gdaoShop'];

/** The screen of a shop route, or null for any other route. */
export function shopScreenFor(view: Extract<View, { kind: 'show' }>): ReactElement | null {
  switch (view.route) {
    case 'mageShop':
      return <ShopScreen variant="mage" />;
    case 'eggShop':
      return <ShopScreen variant="egg" />;
    case 'gdaoShop':
      return <ShopScreen variant="gdao" />;
    default:
      return null;
  }
}
