/**
 * The world screen's top panel per zone (spec 3 §2: "contextual stats depending on where the avatar
 * stands"; its layout is not specified): the eye's telemetry, the incense rate, the caravan, the chest's
 * supply, else the room and who is present. Pure: label–value rows.
 */
import { t } from '../../../i18n/t/world';
import { formatNumber } from '../../../i18n/format';
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
  const tel = s.telemetry;
  if (s.zone === 'eye') {
    return {
      title: t.world.panel.mining,
      rows: [
        { label: t.world.panel.totalPool, value: tel?.total_pool ?? '…' },
        { label: t.world.panel.nodes, value: tel ? formatNumber(tel.totalNodes) : '…' },
        { label: t.world.panel.totalMined, value: tel?.total_mined ?? '…' },
        { label: t.world.panel.masters, value: tel ? formatNumber(tel.total_users) : '…' },
        { label: t.world.panel.emission, value: tel?.emit ?? '…' },
      ],
    };
  }
  if (s.zone === 'incense1' || s.zone === 'incense2' || s.zone === 'incense3') {
    return {
      title: t.world.panel.incense,
      rows: [{ label: t.world.panel.greenRate, value: `x${incenseRate(activeIncense(s.game, s.nowMs))}` }],
    };
  }
  if (s.zone === 'caravan') {
    const back = s.game?.caravan ? parseUtc(s.game.caravan) : Number.NaN;
    const rows = [{ label: t.world.panel.caravanGoods, value: String(s.game?.caravan_items ?? 0) }];
    if (back > s.nowMs) rows.push({ label: t.world.panel.returnsIn, value: timeLeftText(back - s.nowMs) });
    return { title: t.world.panel.caravan, rows };
  }
  if (s.zone === 'chest')
    return { title: t.world.panel.treasury, rows: [{ label: t.world.panel.supply, value: s.game?.gdao_chest_supply ?? '…' }] };
  return {
    title: s.room === 1 ? t.world.panel.forum : t.world.panel.olympia,
    rows: [{ label: t.world.panel.mastersHere, value: formatNumber(s.mastersPresent) }],
  };
}
