/** Field schemas for answers whose types vary between servers (FACTS.md: numbers arrive as strings or numbers). */
import { z } from '../../shared/zod';

/** Money as a number or a string; the client keeps decimal strings. */
export const money = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

/** A text that may be absent or null, read as ''. */
export const textOrEmpty = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);
