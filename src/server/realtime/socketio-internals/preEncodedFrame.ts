/**
 * A Socket.IO packet's WebSocket frame, built once for every socket it goes to. engine.io writes a packet's
 * `wsPreEncodedFrame` as is (Socket.IO's own adapter pre-builds its broadcasts' frames the same way) with ws's
 * `Sender.frame`, a static method @types/ws does not declare. Runs only where the fence allows ('frame');
 * otherwise each socket's ws frames the packet itself, as it does without this.
 */
import * as wsModule from 'ws';
import { socketIoPatchEnabled } from './fence';

/** ws's frame builder, if this ws has it. */
const frameOf = (wsModule as unknown as { Sender?: { frame?: (data: Buffer, options: object) => Buffer[] } }).Sender?.frame;

/** The WebSocket text frame of an engine.io message packet (`4` + the Socket.IO packet text), or undefined. */
export function preEncodedFrame(packetText: string): Buffer[] | undefined {
  if (!frameOf || !socketIoPatchEnabled('frame')) return undefined;
  return frameOf(Buffer.from(`4${packetText}`), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true });
}
