/** The item-action routes (spec 2 §2) and their screens, registered with screenFor in one line. */
import { lazy, type ReactElement } from 'react';
import type { RouteName } from '../../../../shared/routes';
import type { View } from '../../../app/routeView';

// Each screen loads with its route (App's Suspense waits), keeping the item actions out of the first paint.
const PopScreen = lazy(() => import('./PopScreen'));
const TrainScreen = lazy(() => import('./TrainScreen'));
const TransmuteEctoScreen = lazy(() => import('./TransmuteEctoScreen'));
const ExtractScreen = lazy(() => import('./ExtractScreen'));
const FeedScreen = lazy(() => import('./FeedScreen'));
const EnchantScreen = lazy(() => import('./EnchantScreen'));
const BurnScreen = lazy(() => import('./BurnScreen'));
const OgleScreen = lazy(() => import('./OgleScreen'));

/** Routes whose screens live here. */
export const itemRouteNames: readonly RouteName[] = [
  'pop',
  'popEidol',
  'transmute',
  'trainEidol',
  'transmuteEcto',
  'extract',
  'feed',
  'apple',
  'ecto',
  'gdaoChest',
  'ogle',
];

/** The screen of an item route, or null for any other route. */
export function itemScreenFor(view: Extract<View, { kind: 'show' }>): ReactElement | null {
  switch (view.route) {
    case 'pop':
      return <PopScreen />;
    case 'popEidol':
      return <PopScreen variant="selected" />;
    case 'transmute':
      return <TrainScreen />;
    case 'trainEidol':
      return <TrainScreen variant="selected" />;
    case 'transmuteEcto':
      return <TransmuteEctoScreen />;
    case 'extract':
      return <ExtractScreen />;
    case 'feed':
      return <FeedScreen food="cookie" />;
    case 'apple':
      return <FeedScreen food="apple" />;
    case 'ecto':
      return <EnchantScreen />;
    case 'gdaoChest':
      return <BurnScreen />;
    case 'ogle':
      return <OgleScreen />;
    default:
      return null;
  }
}
