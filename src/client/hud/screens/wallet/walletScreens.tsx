/** The wallet routes (spec 2 §2) and their screens, spread into screenFor's table. */
import { lazy } from 'react';
import type { ScreenTable } from '../../../app/screenTable';
import { sendtoOf } from './sendView';

// Each screen loads with its route (App's Suspense waits), keeping the wallet out of the first paint.
const SendScreen = lazy(() => import('./SendScreen'));
const ExchangeScreen = lazy(() => import('./ExchangeScreen'));
const DepositScreen = lazy(() => import('./DepositScreen'));
const StarterGasScreen = lazy(() => import('./StarterGasScreen'));
const StarterBuyScreen = lazy(() => import('./StarterBuyScreen'));

/** The screen of each wallet route. */
export const walletScreens: ScreenTable<'send' | 'withdraw' | 'exchange' | 'deposit' | 'starterGas' | 'starterBuy'> = {
  send: (view) => <SendScreen sendto={sendtoOf(view.params, view.search)} />,
  withdraw: () => <SendScreen variant="withdraw" />,
  exchange: () => <ExchangeScreen />,
  deposit: () => <DepositScreen />,
  starterGas: () => <StarterGasScreen />,
  starterBuy: () => <StarterBuyScreen />,
};
