/** Exact decimal-string → integer-units parsing (never through floating point). */

/** Why a decimal string was refused. */
export class MoneyParseError extends Error {
  override name = 'MoneyParseError';
}

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Parses `text` ("12.5", "-0.00000001", ".5") into integer units of `scale` decimals. More decimals than
 * the scale throw, unless `truncate` is set, which drops them (toward zero).
 */
export function parseUnits(text: string, scale: number, opts: { truncate?: boolean } = {}): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m || (!m[2] && !m[3])) throw new MoneyParseError(`not a decimal number: "${text}"`);
  const [, sign, whole = '', frac = ''] = m;
  if (frac.length > scale && !opts.truncate && /[1-9]/.test(frac.slice(scale))) {
    throw new MoneyParseError(`"${text}" has more than ${scale} decimals`);
  }
  const digits = (whole || '0') + frac.slice(0, scale).padEnd(scale, '0');
  const units = BigInt(digits);
  return sign && units !== 0n ? -units : units;
}

/** Like `parseUnits`, but undefined instead of an exception (for form validation). */
export function tryParseUnits(text: string, scale: number): bigint | undefined {
  try {
    return parseUnits(text, scale);
  } catch {
    return undefined;
  }
}
