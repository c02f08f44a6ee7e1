/**
 * Socket.IO's packet parser (its documented `parser` server option) with a lighter decoder per connection.
 * The encoding is socket.io-parser's own: its Encoder, and its text decoding. What differs is what each
 * connection keeps: socket.io-parser's Decoder is an event emitter with an options object and listener
 * arrays (about 300 bytes a connection); this one holds the one `decoded` listener Socket.IO's Client
 * gives it. Binary packets, which the product's client never sends, go to a full socket.io-parser
 * Decoder made for that connection at the first one, which reassembles their attachments as before.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** socket.io-parser's text decoding: it reads only the decoder's options, so one instance serves every connection. */
const textDecoder = new Decoder() as unknown as { decodeString(text: string): Packet };

/** What Socket.IO's Client listens for. */
type DecodedListener = (packet: Packet) => void;

/** One connection's decoder, with the part of socket.io-parser's Decoder API Socket.IO's Client uses. */
export class LeanDecoder {
  private listener: DecodedListener | undefined = undefined;
  /** The full decoder, made at the first binary packet; from then on every packet goes through it. */
  private full: Decoder | undefined = undefined;

  /** Sets the `decoded` listener (Socket.IO's Client sets one). */
  on(event: string, listener: DecodedListener): this {
    if (event === 'decoded') this.listener = listener;
    return this;
  }

  /** Removes the `decoded` listener. */
  removeListener(event: string, listener: DecodedListener): this {
    if (event === 'decoded' && this.listener === listener) this.listener = undefined;
    return this;
  }

  /** Decodes one engine.io message; throws on a malformed packet, as socket.io-parser does (Socket.IO then closes). */
  add(data: unknown): void {
    if (this.full) return this.full.add(data);
    // A binary frame outside a binary packet: socket.io-parser's own error for it.
    if (typeof data !== 'string') return new Decoder().add(data);
    const packet = textDecoder.decodeString(data);
    if (packet.type === PacketType.BINARY_EVENT || packet.type === PacketType.BINARY_ACK) {
      this.full = new Decoder();
      this.full.on('decoded', (p: Packet) => this.listener?.(p));
      return this.full.add(data);
    }
    this.listener?.(packet);
  }

  /** Drops a half-reassembled binary packet (the connection closed). */
  destroy(): void {
    this.full?.destroy();
  }
}

/** The `parser` option of Socket.IO's Server: socket.io-parser's Encoder, the lean decoder. */
export const leanParser = { Encoder, Decoder: LeanDecoder };
