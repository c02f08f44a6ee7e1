/**
 * The shape of a message catalogue, derived from the English one. The catalogue is cut into parts so that a
 * screen's texts load with it: `core` is in the entry chunk, the others in the lazy chunks of the screens
 * that import their `t` (t.ts for core, t/<part>.ts for the rest).
 */
import type { messages as core } from './languages/en/core';
import type { messages as home } from './languages/en/home';
import type { messages as onboarding } from './languages/en/onboarding';
import type { messages as items } from './languages/en/items';
import type { messages as shop } from './languages/en/shop';
import type { messages as world } from './languages/en/world';
import type { messages as coop } from './languages/en/coop';
import type { messages as solvency } from './languages/en/solvency';
import type { messages as fairness } from './languages/en/fairness';
import type { messages as security } from './languages/en/security';

/**
 * The parts of a catalogue by file name: a language is the folder languages/<code>/ with one file per part,
 * each `export const messages: Parts['<part>'] = { … }` (the type checker lists every missing key).
 */
export interface Parts {
  core: typeof core;
  home: typeof home;
  onboarding: typeof onboarding;
  items: typeof items;
  shop: typeof shop;
  world: typeof world;
  coop: typeof coop;
  solvency: typeof solvency;
  fairness: typeof fairness;
  security: typeof security;
}

/** The name of one part of the catalogue. */
export type PartName = keyof Parts;

/**
 * What every language must provide: all parts' sections together, each a string or a function with the
 * English parameters. A missing or extra key in a translation is a type error.
 */
export type Messages = Parts['core'] &
  Parts['home'] &
  Parts['onboarding'] &
  Parts['items'] &
  Parts['shop'] &
  Parts['world'] &
  Parts['coop'] &
  Parts['solvency'] &
  Parts['fairness'] &
  Parts['security'];
