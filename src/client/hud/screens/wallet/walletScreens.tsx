/** The wallet routes (spec 2 §2) and their screens, registered with screenFor in one line. */
import { lazy, type ReactElement } from 'react';
import type { RouteName } from '../../../../shared/routes';
import type { View } from '../../../app/routeView';
import { sendtoOf } from './sendView';

// Each screen loads with its route (App's Suspense waits), keeping the wallet out of the first paint.
const SendScreen = lazy(() => import('./SendScreen'));
const ExchangeScreen = lazy(() => import('./ExchangeScreen'));
const DepositScreen = lazy(() => import('./DepositScreen'));
const StarterGasScreen = lazy(() => import('./StarterGasScreen'));
const StarterBuyScreen = lazy(() => import('./StarterBuyScreen'));

/** Routes whose screens live here. */
export const walletRouteNames: readonly RouteName[] = ['send', 'withdraw', 'exchange', 'deposit', 'starterGas', 'starterBuy'];

/** The screen of a wallet route, or null for any other route. */
export function walletScreenFor(view: Extract<View, { kind: 'show' }>): ReactElement | null {
  switch (view.route) {
    case 'send':
      return <SendScreen sendto={sendtoOf(view.params, view.search)} />;
    case 'withdraw':
      return <SendScreen variant="withdraw" />;
    case 'exchange':
      return <ExchangeScreen />;
    case 'deposit':
      return <DepositScreen />;
    case 'starterGas':
      return <StarterGasScreen />;
    case 'starterBuy':
      return <StarterBuyScreen />;
    default:
      return null;
  }
}
