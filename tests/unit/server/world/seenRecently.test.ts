/** The one presence boundary: present while seen less than PRESENCE_TIMEOUT_MS ago; at exactly the timeout, gone (as the sweep clears it). */
import { describe, expect, it } from 'vitest';
import { PRESENCE_TIMEOUT_MS, seenRecently } from '../../../../src/server/domain/world/presenceConfig';

describe('seenRecently', () => {
  it('keeps a master present until the timeout and not at it', () => {
    const now = 1_000_000;
    expect(seenRecently(now, now)).toBe(true);
    expect(seenRecently(now - PRESENCE_TIMEOUT_MS + 1, now)).toBe(true);
    expect(seenRecently(now - PRESENCE_TIMEOUT_MS, now)).toBe(false);
  });
});
