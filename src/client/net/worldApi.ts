/**
 * The world's endpoints (spec 3 §7, contracts "Wire decisions"), typed; each returns an ApiResult and never
 * throws. Every action answers the room's state so the screen refreshes at once; `send` answers the
 * master's deposit address, which the screen opens as /send/{address}.
 */
import { z } from '../../shared/zod';
import { roomStateSchema, type RoomState } from '../../shared/api/rooms';
import { telemetrySchema } from '../../shared/api/game';
import type { RoomId } from '../../shared/rules/world';
import { createHttp, type ApiResult, type Http } from './http';

/** The eye panel's figures (`GET /api/telemetry`). */
export type Telemetry = z.infer<typeof telemetrySchema>;

const state = { schema: roomStateSchema };

/** Creates the world endpoints over an HTTP client. */
export function createWorldApi(http: Http) {
  const act = (path: string, body: unknown = {}): Promise<ApiResult<RoomState>> => http.post(`/api/rooms/${path}`, body, state);
  return {
    /** GET /api/rooms/enter/{room}: joins the room and answers its state. */
    enter: (room: RoomId): Promise<ApiResult<RoomState>> => http.get(`/api/rooms/enter/${room}`, state),
    /** GET /api/rooms/leave: the own master leaves its room. */
    leave: (): Promise<ApiResult<unknown>> => http.get('/api/rooms/leave'),
    /** POST /api/rooms/walk: the own master now stands at `coordinate` (the answer holds the clamped one). */
    walk: (coordinate: number, flip: boolean) => act('walk', { coordinate, flip }),
    /** POST /api/rooms/verse: a chat line in the room. */
    verse: (text: string) => act('verse', { verse: text }),
    /** POST /api/rooms/yell: a chat line announced to everyone. */
    yell: (text: string) => act('yell', { verse: text }),
    /** POST /api/rooms/scribe: an inscription where the master stands (uses a Scribe item). */
    scribe: (text: string) => act('scribe', { verse: text }),
    /** POST /api/rooms/vote/{id}: a vote for an inscription. */
    vote: (id: number) => act(`vote/${id}`),
    /** POST /api/rooms/promote/{id}: the admin account lengthens an inscription. */
    promote: (id: number) => act(`promote/${id}`),
    /** POST /api/rooms/like/{id}: "{name} luves you!" to that master's player. */
    like: (id: number) => act(`like/${id}`),
    /** POST /api/rooms/send/{id}: that master's deposit address. */
    send: (id: number): Promise<ApiResult<string>> => http.post(`/api/rooms/send/${id}`, {}, { schema: z.string() }),
    /** POST /api/rooms/incense/: burns one Incense in slot 1–3. */
    incense: (slot: 1 | 2 | 3) => act('incense/', { incense_id: slot }),
    /** POST /api/rooms/caravan/: sends the caravan, or unpacks its goods once back. */
    caravan: () => act('caravan/'),
    /** GET /api/telemetry: the eye panel's mining and pool figures. */
    telemetry: (): Promise<ApiResult<Telemetry>> => http.get('/api/telemetry', { schema: telemetrySchema }),
  };
}

/** The endpoints' type. */
export type WorldApi = ReturnType<typeof createWorldApi>;

/** The app's world endpoints over the same-origin HTTP client. */
export const worldApi: WorldApi = createWorldApi(createHttp());
