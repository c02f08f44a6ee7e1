/** The stand-ins of compactObjects.ts behave as what they replace: a Map, and an emitter's listener table. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { compactListeners, OneEntryMap } from '../../../../../src/server/realtime/socketio-internals/compactObjects';

describe('OneEntryMap', () => {
  it('answers as a Map through one entry, a second, and back', () => {
    const m = new OneEntryMap<string, number>([['/', 1]]);
    expect([m.size, m.get('/'), m.has('/'), m.has('x'), m.get('x')]).toEqual([1, 1, true, false, undefined]);
    m.set('/', 2);
    expect([...m]).toEqual([['/', 2]]);
    m.set('/admin', 3);
    expect([m.size, m.get('/'), m.get('/admin')]).toEqual([2, 2, 3]);
    expect([...m.keys()]).toEqual(['/', '/admin']);
    expect([...m.values()]).toEqual([2, 3]);
    expect(m.delete('/')).toBe(true);
    expect(m.delete('/')).toBe(false);
    expect([...m.entries()]).toEqual([['/admin', 3]]);
    const seen: [string, number][] = [];
    m.forEach((v, k) => seen.push([k, v]));
    expect(seen).toEqual([['/admin', 3]]);
    m.clear();
    expect([m.size, m.has('/admin'), [...m]]).toEqual([0, false, []]);
    m.set('a', 1);
    expect(m.delete('b')).toBe(false);
    expect(m.delete('a')).toBe(true);
    expect(m.size).toBe(0);
    expect(Object.prototype.toString.call(m)).toBe('[object Map]');
  });

  it('compares keys as a Map does (NaN equals NaN)', () => {
    const m = new OneEntryMap<number, string>();
    m.set(NaN, 'nan');
    expect(m.get(NaN)).toBe('nan');
    expect(m.has(0)).toBe(false);
  });
});

describe('compactListeners', () => {
  it('keeps every listener, its order, once-listeners and later additions and removals', () => {
    const e = new EventEmitter();
    const calls: string[] = [];
    const a = () => calls.push('a');
    e.on('x', a);
    e.on('x', () => calls.push('b'));
    e.once('y', () => calls.push('once'));
    e.on('z', () => calls.push('z'));
    e.removeAllListeners('z');
    const before = (e as unknown as { _events: object })._events;
    compactListeners(e);
    const after = (e as unknown as { _events: object })._events;
    expect(after).not.toBe(before);
    expect(Object.getPrototypeOf(after)).toBeNull();
    expect(e.eventNames()).toEqual(['x', 'y']);
    e.emit('x');
    e.emit('y');
    e.emit('y');
    e.emit('toString');
    expect(calls).toEqual(['a', 'b', 'once']);
    e.off('x', a);
    e.on('w', () => calls.push('w'));
    e.emit('x');
    e.emit('w');
    expect(calls).toEqual(['a', 'b', 'once', 'b', 'w']);
    expect(e.listenerCount('x')).toBe(1);
  });

  it('leaves anything but a null-prototype listener table alone', () => {
    const plain = { _events: { a: 1 } };
    const events = plain._events;
    compactListeners(plain);
    expect(plain._events).toBe(events);
    expect(() => compactListeners(undefined)).not.toThrow();
  });
});
