/**
 * The world screen's top panel per zone (spec 3 §2: "contextual stats depending on where the avatar
 * stands"; its layout is not specified): the eye's telemetry, the incense rate, the caravan, the chest's
 * supply, else the room and who is present. Pure: label–value rows.
 */
import type { GameView } from '../../../../shared/api/game';
import { incenseRate, type RoomId, type ZoneName } from '../../../../shared/rules/world';
import type { Telemetry } from '../../../net/worldApi';
import { activeIncense, timeLeftText } from './worldView';
import { parseUtc } from '../../../../shared/rules/wallet/panel';

/** One row of the panel. */
export interface PanelRow {
  label: string;
  value: string;
}

/** The panel: a title and its rows. */
export interface TopPanel {
  title: string;
  rows: PanelRow[];
}

/** What the panel shows from. */
export interface PanelSource {
  room: RoomId;
  zone: ZoneName | null;
  telemetry: Telemetry | null;
  game: Pick<GameView, 'incense_1' | 'incense_2' | 'incense_3' | 'caravan' | 'caravan_items' | 'gdao_chest_supply'> | null;
  mastersPresent: number;
  nowMs: number;
}

/** The panel at `s`. */
export function topPanel(s: PanelSource): TopPanel {
  const t = s.telemetry;
  if (s.zone === 'eye') {
    return {
      title: 'Mining',
      rows: [
        { label: 'Total pool', value: t?.total_pool ?? '…' },
        { label: 'Nodes', value: t ? String(t.totalNodes) : '…' },
        { label: 'Total mined', value: t?.total_mined ?? '…' },
        { label: 'Masters', value: t ? String(t.total_users) : '…' },
        { label: 'Emission', value: t?.emit ?? '…' },
      ],
    };
  }
  if (s.zone === 'incense1' || s.zone === 'incense2' || s.zone === 'incense3') {
    return { title: 'Incense', rows: [{ label: 'Green Mining Rate', value: `x${incenseRate(activeIncense(s.game, s.nowMs))}` }] };
  }
  if (s.zone === 'caravan') {
    const back = s.game?.caravan ? parseUtc(s.game.caravan) : Number.NaN;
    const rows = [{ label: 'Caravan goods', value: String(s.game?.caravan_items ?? 0) }];
    if (back > s.nowMs) rows.push({ label: 'Returns in', value: timeLeftText(back - s.nowMs) });
    return { title: 'Caravan', rows };
  }
  if (s.zone === 'chest') return { title: 'gDAO Treasury', rows: [{ label: 'Supply', value: s.game?.gdao_chest_supply ?? '…' }] };
  return { title: s.room === 1 ? 'Forum' : 'Olympia', rows: [{ label: 'Masters here', value: String(s.mastersPresent) }] };
}
