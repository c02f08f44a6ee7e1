/** The handshake gate both transports share: the `Origin` check, then the per-address limits. */
import type { IncomingMessage } from 'node:http';
import type { AddressBook } from './addressBook';
import { originAllowed } from './origin';

/** A refused handshake: the HTTP status to answer and why. */
export interface Refusal {
  status: 403 | 429;
  reason: string;
}

/** Decides whether a handshake may open a socket (and charges its address's handshake rate). */
export type Admission = (req: IncomingMessage, address: string) => Refusal | undefined;

/** The gate for a server whose public URL is `publicUrl`. */
export function createAdmission(book: AddressBook, publicUrl: string): Admission {
  return (req, address) => {
    const origin = req.headers.origin;
    if (!originAllowed(origin, req.headers.host, publicUrl)) return { status: 403, reason: 'origin not allowed' };
    const refusal = book.admit(address);
    return refusal ? { status: 429, reason: refusal } : undefined;
  };
}
