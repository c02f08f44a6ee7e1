/**
 * How bus messages travel as PostgreSQL NOTIFY payloads, which must stay under 8000 bytes. A message that
 * fits goes as its JSON text; a larger one is cut into numbered chunks of its UTF-8 bytes in base64 (ASCII,
 * so a cut never splits a character), sent one after the other in the same statement, and put back
 * together by every receiver before delivery. Chunks of one statement reach every listener together and in
 * order, so a large message keeps its place in the stream like any other.
 */
import type { BusMessage } from './bus';

/** Largest NOTIFY payload sent, in bytes: PostgreSQL refuses 8000 and more; the rest is margin. */
export const MAX_FRAME_BYTES = 7900;
/** Marks a chunk frame: `~<message id>:<index>:<count>:<base64 bytes>`. */
const CHUNK = '~';
/** Most partly received large messages kept at once (a sender that died mid-message leaves one behind). */
const MAX_PENDING = 64;

/** The NOTIFY payloads of `message`; `id` names it when it has to be cut (unique per sender). */
export function encodeFrames(message: BusMessage, id: string, maxBytes = MAX_FRAME_BYTES): string[] {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json) <= maxBytes) return [json];
  const data = Buffer.from(json).toString('base64');
  // Room for the header with a generous count, so every frame stays under the limit.
  const room = maxBytes - `${CHUNK}${id}:999999:999999:`.length;
  if (room < 4) throw new Error('bus frame limit too small for a chunk header');
  const count = Math.ceil(data.length / room);
  const frames: string[] = [];
  for (let i = 0; i < count; i++) frames.push(`${CHUNK}${id}:${i}:${count}:${data.slice(i * room, (i + 1) * room)}`);
  return frames;
}

/** True when `value` has the shape of a bus message (frames come from other processes). */
function isBusMessage(value: unknown): value is BusMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.to) {
    case 'user':
      return (
        typeof m.userId === 'number' &&
        typeof m.event === 'string' &&
        typeof m.nonce === 'string' &&
        typeof m.payload === 'object' &&
        m.payload !== null
      );
    case 'all':
      return typeof m.event === 'string' && typeof m.nonce === 'string' && typeof m.payload === 'object' && m.payload !== null;
    case 'room':
      return (
        typeof m.room === 'number' &&
        typeof m.event === 'string' &&
        typeof m.nonce === 'string' &&
        typeof m.payload === 'object' &&
        m.payload !== null
      );
    case 'disconnect':
      return typeof m.userId === 'number';
    case 'sessions':
      return (
        Array.isArray(m.keys) && m.keys.every((k) => typeof k === 'string') && (m.userId === undefined || typeof m.userId === 'number')
      );
    default:
      return false;
  }
}

function parse(json: string): BusMessage | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return isBusMessage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Turns received frames back into messages, in the order they complete. */
export class FrameAssembler {
  private readonly pending = new Map<string, { parts: string[]; got: number }>();

  /** The message `frame` completes, if any; malformed frames give nothing. */
  accept(frame: string): BusMessage | undefined {
    if (!frame.startsWith(CHUNK)) return parse(frame);
    const [id, index, count, data] = frame.slice(1).split(':');
    const i = Number(index);
    const n = Number(count);
    if (!id || data === undefined || !Number.isInteger(i) || !Number.isInteger(n) || i < 0 || i >= n) return undefined;
    let entry = this.pending.get(id);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
      this.pending.set(id, (entry = { parts: new Array<string>(n), got: 0 }));
    }
    if (entry.parts.length !== n || entry.parts[i] !== undefined) return undefined;
    entry.parts[i] = data;
    if (++entry.got < n) return undefined;
    this.pending.delete(id);
    return parse(Buffer.from(entry.parts.join(''), 'base64').toString('utf8'));
  }

  /** Forgets partly received messages (their remaining chunks were lost with the connection). */
  reset(): void {
    this.pending.clear();
  }
}
