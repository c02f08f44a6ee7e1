/**
 * Numbers and dates in the player's locale, for the figures whose format the spec leaves open (counts,
 * dates of a list). Amounts with fixed decimals (spec 1 §9), countdowns and the spec's UTC stamps keep
 * their fixed formats and do not come through here.
 */
import { playerLanguages } from './catalogues';

/** The player's locale (the browser's first language), or the runtime default outside a browser. */
export function playerLocale(): string | undefined {
  return playerLanguages()[0];
}

/** A count or other free-format number with the player's digit grouping and decimal sign. */
export function formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(playerLocale(), options).format(value);
}

/** A date and time in the player's locale (medium date, short time unless `options` say otherwise). */
export function formatDate(
  value: Date | number | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(playerLocale(), options).format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A decimal string of any size ("11100000.25", "-3") with the player's digit grouping and decimal sign,
 * every digit kept: Intl formats the whole part as a BigInt, so no amount passes through a float.
 */
export function formatDecimalText(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const decimal = new Intl.NumberFormat(playerLocale()).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${m[1]}${formatNumber(BigInt(m[2]!))}${m[3] === undefined ? '' : decimal + m[3]}`;
}
