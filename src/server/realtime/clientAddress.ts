/**
 * The client address of an upgrade or handshake request, trusting proxies exactly as the HTTP side does
 * (Fastify's `trustProxy`, TRUST_PROXY), so per-address socket caps count players, not the proxy.
 */
import type { IncomingMessage } from 'node:http';
// Fastify's own resolver (a dependency of fastify): the socket side must agree with `request.ip`.
import proxyAddr from '@fastify/proxy-addr';

/** Fastify's trustProxy setting. */
export type TrustProxy = boolean | string | number | string[] | ((address: string, hop: number) => boolean) | undefined;

/** Returns the resolver of client addresses for a `trustProxy` setting (the same rules as Fastify's). */
export function clientAddressResolver(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const direct = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return direct;
  let trust: (address: string, hop: number) => boolean;
  if (typeof trustProxy === 'function') trust = trustProxy;
  else if (trustProxy === true) trust = () => true;
  // Fastify fails closed on a bare hop count (it cannot vouch for the immediate peer); so do we.
  else if (typeof trustProxy === 'number') return direct;
  else trust = proxyAddr.compile(typeof trustProxy === 'string' ? trustProxy.split(',').map((s) => s.trim()) : trustProxy);
  return (req) => proxyAddr(req, trust);
}
