/** The wallet routes (spec 2 §2) and their screens, registered with screenFor in one line. */
import type { ReactElement } from 'react';
import type { RouteName } from '../../../../shared/routes';
import type { View } from '../../../app/routeView';
import SendScreen from './SendScreen';
import ExchangeScreen from './ExchangeScreen';
import DepositScreen from './DepositScreen';
import StarterGasScreen from './StarterGasScreen';
import StarterBuyScreen from './StarterBuyScreen';
import { sendtoOf } from './sendView';

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
