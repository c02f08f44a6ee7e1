/** The gateway's admission rules on their own: Origin, client address behind proxies, token buckets, address caps. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../../src/server/clock';
import { AddressBook } from '../../../../src/server/realtime/addressBook';
import { clientAddressResolver } from '../../../../src/server/realtime/clientAddress';
import { DEFAULT_REALTIME_LIMITS } from '../../../../src/server/realtime/limits';
import { originAllowed } from '../../../../src/server/realtime/origin';
import { TokenBucket, TokenRate } from '../../../../src/server/realtime/tokenBucket';

const PUBLIC = 'https://aeon.example';

describe('originAllowed', () => {
  it('lets through no Origin, the public URL, and the Host the request was sent to', () => {
    expect(originAllowed(undefined, 'x', PUBLIC)).toBe(true);
    expect(originAllowed('https://aeon.example', '10.0.0.1:8080', PUBLIC)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', PUBLIC)).toBe(true);
    expect(originAllowed('http://LOCALHOST:5173', 'localhost:5173', PUBLIC)).toBe(true);
  });
  it('refuses other sites, other ports, opaque and non-web origins', () => {
    expect(originAllowed('https://evil.example', 'aeon.example', PUBLIC)).toBe(false);
    expect(originAllowed('https://aeon.example.evil.example', 'aeon.example', PUBLIC)).toBe(false);
    expect(originAllowed('http://127.0.0.1:9999', '127.0.0.1:8080', PUBLIC)).toBe(false);
    expect(originAllowed('null', 'aeon.example', PUBLIC)).toBe(false);
    expect(originAllowed('file://', undefined, PUBLIC)).toBe(false);
    expect(originAllowed('chrome-extension://abc', 'aeon.example', PUBLIC)).toBe(false);
  });
});

describe('clientAddressResolver', () => {
  const req = (remote: string, forwarded?: string) =>
    ({ socket: { remoteAddress: remote }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;
  it('uses the peer address unless proxies are trusted', () => {
    expect(clientAddressResolver(false)(req('10.0.0.9', '1.2.3.4'))).toBe('10.0.0.9');
    expect(clientAddressResolver(undefined)(req('10.0.0.9', '1.2.3.4'))).toBe('10.0.0.9');
  });
  it('reads X-Forwarded-For only through trusted proxies, as Fastify does', () => {
    const viaProxy = clientAddressResolver('10.0.0.9');
    expect(viaProxy(req('10.0.0.9', '1.2.3.4'))).toBe('1.2.3.4');
    // A client naming itself in a header appended to by the proxy does not move its address.
    expect(viaProxy(req('10.0.0.9', '6.6.6.6, 1.2.3.4'))).toBe('1.2.3.4');
    expect(viaProxy(req('8.8.8.8', '1.2.3.4'))).toBe('8.8.8.8');
    expect(clientAddressResolver(2)(req('8.8.8.8', '1.2.3.4'))).toBe('8.8.8.8');
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then the refill rate, on the injected clock', () => {
    const clock = manualClock(0);
    const b = new TokenBucket(new TokenRate(3, 2, clock.now));
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    clock.advance(499);
    expect(b.take()).toBe(false);
    clock.advance(1);
    expect(b.take()).toBe(true);
    clock.advance(60_000);
    expect(b.full()).toBe(true);
  });
});

describe('AddressBook', () => {
  it('caps live sockets per address and frees a slot on close; other addresses are unaffected', () => {
    const book = new AddressBook({ ...DEFAULT_REALTIME_LIMITS, socketsPerAddress: 2, handshakeBurst: 100 }, () => 0);
    expect(book.admit('a')).toBeUndefined();
    expect([book.add('a'), book.add('a'), book.add('a')]).toEqual([true, true, false]);
    expect(book.admit('a')).toBe('too many sockets');
    expect(book.admit('b')).toBeUndefined();
    book.remove('a');
    expect(book.count('a')).toBe(1);
    expect(book.admit('a')).toBeUndefined();
  });
  it('limits new connections per address over time', () => {
    const clock = manualClock(0);
    const book = new AddressBook({ ...DEFAULT_REALTIME_LIMITS, handshakeBurst: 2, handshakesPerSecond: 1 }, clock.now);
    expect([book.admit('a'), book.admit('a'), book.admit('a')]).toEqual([undefined, undefined, 'too many connections']);
    clock.advance(1_000);
    expect(book.admit('a')).toBeUndefined();
  });
});
