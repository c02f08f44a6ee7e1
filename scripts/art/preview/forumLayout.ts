/**
 * Where each world prop stands: the centre of its zone in spec 3 §2 (map coordinates), plus the gates and
 * the edge. The Forum preview uses it; the Forum scene may too.
 */
import { PROP_FRAMES, caravanFrame, chestFrame, incenseFrame } from '../../../src/client/engine/frameNames';

/** A prop at a map coordinate. */
export interface PlacedProp {
  frame: string;
  x: number;
}

/** Forum props by zone centre, left to right. */
export const FORUM_PROPS: PlacedProp[] = [
  { frame: PROP_FRAMES.notes, x: 1085 },
  { frame: PROP_FRAMES.goldenState, x: 2235 },
  { frame: PROP_FRAMES.chartBall, x: 2870 },
  { frame: PROP_FRAMES.gateEntry, x: 4833 },
  { frame: PROP_FRAMES.quests, x: 7291 },
  { frame: PROP_FRAMES.ledger, x: 8090 },
  { frame: chestFrame(false), x: 8540 },
  { frame: PROP_FRAMES.mint, x: 9361 },
  { frame: PROP_FRAMES.gateSenate, x: 10631 },
  { frame: PROP_FRAMES.taxBox, x: 10983 },
  { frame: incenseFrame(1, true), x: 11643 },
  { frame: PROP_FRAMES.eyePanel, x: 12824 },
  { frame: PROP_FRAMES.quests, x: 14898 },
  { frame: incenseFrame(2, false), x: 15383 },
  { frame: PROP_FRAMES.funding, x: 17243 },
  { frame: incenseFrame(3, false), x: 18083 },
  { frame: PROP_FRAMES.notes, x: 18864 },
  { frame: PROP_FRAMES.mail, x: 20268 },
  { frame: caravanFrame(5), x: 20813 },
  { frame: PROP_FRAMES.store, x: 21492 },
  { frame: PROP_FRAMES.olympiaEdge, x: 22560 },
];

/** Ditch props: its edge back to the Forum. */
export const DITCH_PROPS: PlacedProp[] = [{ frame: PROP_FRAMES.forumEdge, x: 120 }];
