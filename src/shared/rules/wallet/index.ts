/**
 * Wallet rules shared by client and server: panel rules (activation, badges, gDAO, XP), addresses,
 * amounts, balance/limit checks and the spec's texts. Pure, no I/O.
 */
export * from './panel';
export * from './texts';
export * from './currency';
export * from './address';
export * from './burnAddresses';
export * from './amount';
export * from './balance';
export * from './send';
export * from './wire';
