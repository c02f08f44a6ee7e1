/**
 * A text with its date stamps unbreakable: "2026-11-29 20:57 UTC" in a server message otherwise breaks at a
 * hyphen on a phone ("2026-11-" / "29"). Only the stamps are wrapped; the text reads the same.
 */
import type { ReactNode } from 'react';

const STAMP = /(\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?(?: UTC)?)/;

/** `text` as is, or split with each date stamp in a no-wrap span. */
export function keepStampsWhole(text: string): ReactNode {
  if (!STAMP.test(text)) return text;
  return text.split(STAMP).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
