/** Bus frames: small messages travel as JSON, large ones in chunks under the NOTIFY limit that come back whole. */
import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../../src/server/realtime/bus';
import { encodeFrames, FrameAssembler, MAX_FRAME_BYTES } from '../../../src/server/realtime/busFrames';

const small: BusMessage = { to: 'user', userId: 7, event: 'item_arrived', payload: { id: 1 }, nonce: 'n1' };
const large: BusMessage = { to: 'all', event: 'forumupd', payload: { text: 'Ω€😀 forum '.repeat(5000) }, nonce: 'n2' };

describe('bus frames', () => {
  it('sends a small message as one JSON frame', () => {
    const frames = encodeFrames(small, 'x.1');
    expect(frames).toEqual([JSON.stringify(small)]);
    expect(new FrameAssembler().accept(frames[0]!)).toEqual(small);
  });

  it('cuts a large message into frames under the limit and puts it back together', () => {
    const frames = encodeFrames(large, 'x.2');
    expect(frames.length).toBeGreaterThan(5);
    for (const f of frames) expect(Buffer.byteLength(f)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const asm = new FrameAssembler();
    const out = frames.map((f) => asm.accept(f));
    expect(out.slice(0, -1).every((m) => m === undefined)).toBe(true);
    expect(out.at(-1)).toEqual(large);
  });

  it("keeps two senders' chunks apart, and a message completes where its last chunk lands", () => {
    const one = encodeFrames(large, 'a.1', 2000);
    const two = encodeFrames({ ...large, nonce: 'other' }, 'b.1', 2000);
    const asm = new FrameAssembler();
    const done: BusMessage[] = [];
    const interleaved = one.flatMap((f, i) => [f, two[i]]).filter((f): f is string => f !== undefined);
    for (const f of interleaved) {
      const m = asm.accept(f);
      if (m) done.push(m);
    }
    expect(done.map((m) => (m.to === 'all' ? m.nonce : ''))).toEqual(one.length <= two.length ? ['n2', 'other'] : ['other', 'n2']);
  });

  it('ignores malformed frames and messages of an unknown shape, and forgets partial ones on reset', () => {
    const asm = new FrameAssembler();
    for (const bad of ['', 'not json', '{"to":"user"}', '{"to":"nobody"}', '~x:0', '~x:5:2:AAAA', '~x:a:b:AAAA', 'null'])
      expect(asm.accept(bad)).toBeUndefined();
    const frames = encodeFrames(large, 'c.1');
    asm.accept(frames[0]!);
    asm.reset();
    for (const f of frames.slice(1)) expect(asm.accept(f)).toBeUndefined();
  });
});
