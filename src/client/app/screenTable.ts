/** The type of a route → screen table: a Record, so a route without its screen fails to compile. */
import type { ReactElement } from 'react';
import type { RouteName } from '../../shared/routes';
import type { View } from './routeView';

/** A view the shell shows (not the splash). */
export type ShownView = Extract<View, { kind: 'show' }>;

/** The screen of each route in R, made from the shown view. */
export type ScreenTable<R extends RouteName> = Record<R, (view: ShownView) => ReactElement>;
