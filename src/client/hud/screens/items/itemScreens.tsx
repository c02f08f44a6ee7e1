/** The item-action routes (spec 2 §2) and their screens, spread into screenFor's table. */
import { lazy } from 'react';
import type { ScreenTable } from '../../../app/screenTable';

// Each screen loads with its route (App's Suspense waits), keeping the item actions out of the first paint.
const PopScreen = lazy(() => import('./PopScreen'));
const TrainScreen = lazy(() => import('./TrainScreen'));
const TransmuteEctoScreen = lazy(() => import('./TransmuteEctoScreen'));
const ExtractScreen = lazy(() => import('./ExtractScreen'));
const FeedScreen = lazy(() => import('./FeedScreen'));
const EnchantScreen = lazy(() => import('./EnchantScreen'));
const BurnScreen = lazy(() => import('./BurnScreen'));
const OgleScreen = lazy(() => import('./OgleScreen'));

/** The screen of each item route. */
export const itemScreens: ScreenTable<
  'pop' | 'popEidol' | 'transmute' | 'trainEidol' | 'transmuteEcto' | 'extract' | 'feed' | 'apple' | 'ecto' | 'gdaoChest' | 'ogle'
> = {
  pop: () => <PopScreen />,
  popEidol: () => <PopScreen variant="selected" />,
  transmute: () => <TrainScreen />,
  trainEidol: () => <TrainScreen variant="selected" />,
  transmuteEcto: () => <TransmuteEctoScreen />,
  extract: () => <ExtractScreen />,
  feed: () => <FeedScreen food="cookie" />,
  apple: () => <FeedScreen food="apple" />,
  ecto: () => <EnchantScreen />,
  gdaoChest: () => <BurnScreen />,
  ogle: () => <OgleScreen />,
};
