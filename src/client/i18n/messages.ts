/** The shape of a message catalogue, derived from the English one. */
import type { en } from './en';

/**
 * What every language file must provide: the English catalogue's keys, each a string or a function with the
 * same parameters. A missing or extra key in a translation is a type error (`const de: Messages = {...}`).
 */
export type Messages = typeof en;
