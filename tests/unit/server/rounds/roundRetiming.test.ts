/** A running round measured again with new timings: from its opening, never into the past, settling left alone. */
import { describe, expect, it } from 'vitest';
import { retimedBoundaries } from '../../../../src/server/domain/rounds/roundRetiming';

// Opened at 0 under 600 s / 60 s rounds.
const round = { opens_at: 0, can_act_before: 600_000, ends_at: 660_000 };
const short = { openMs: 15_000, lockedMs: 3_000 };

describe('retimedBoundaries', () => {
  it('shortens an open round to the new open time counted from its opening', () => {
    expect(retimedBoundaries(round, short, 5_000)).toEqual({ can_act_before: 15_000, ends_at: 18_000 });
  });

  it('locks now an open round already open longer than the new open time', () => {
    expect(retimedBoundaries(round, short, 120_000)).toEqual({ can_act_before: 120_000, ends_at: 123_000 });
  });

  it('lengthens an open round under longer timings, and leaves it as it is under the same ones', () => {
    expect(retimedBoundaries(round, { openMs: 900_000, lockedMs: 60_000 }, 5_000)).toEqual({ can_act_before: 900_000, ends_at: 960_000 });
    expect(retimedBoundaries(round, { openMs: 600_000, lockedMs: 60_000 }, 5_000)).toEqual({ can_act_before: 600_000, ends_at: 660_000 });
  });

  it('in the locked phase moves only the end, never before now', () => {
    expect(retimedBoundaries(round, short, 601_000)).toEqual({ can_act_before: 600_000, ends_at: 603_000 });
    expect(retimedBoundaries(round, short, 650_000)).toEqual({ can_act_before: 600_000, ends_at: 650_000 });
  });

  it('leaves a round past its end to the scheduler', () => {
    expect(retimedBoundaries(round, short, 700_000)).toEqual({ can_act_before: 600_000, ends_at: 660_000 });
  });
});
