/** Money: per-asset integer scales, exact parsing and formatting, chain-unit conversion. */
export * from './assets';
export * from './parse';
export * from './format';
export * from './chainUnits';
