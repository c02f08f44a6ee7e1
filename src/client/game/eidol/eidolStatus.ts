/**
 * What the eidol screen derives from the round and the eidol (spec 1 §2, §4): which eidol it shows, whether
 * the round is locked, and which actions it offers and whether they are enabled. Pure: the HUD and the
 * scene read the same answers.
 */
import type { EidolView, GameView } from '../../../shared/api/game';
import { appleActive, parseUtc, precisionLevel } from './riskAngle';
import { anglsUnits } from './numbers';
import { t } from '../../i18n/t/home';
import type { GameState } from '../../stores/game';
import type { RiskControlContext } from './riskAngleControl';
import { EGG_TIERS } from '../../../shared/rules/eggs';
import { eggFrame, eggtoplasmFrame, eidolFrame, LOSS_FRAME, type EggType } from '../../engine/frameNames';

/** The eidol /eidol manages: the selected one, else the first. */
export function selectedEidol(game: GameView | null, id: number | null): EidolView | null {
  if (!game || game.oogles.length === 0) return null;
  return game.oogles.find((e) => e.id === id) ?? game.oogles[0]!;
}

/** The round takes no bids: no round data yet, or the server time has reached `can_act_before`. */
export function roundLocked(game: GameView | null, serverNowMs: number): boolean {
  if (!game) return true;
  const until = parseUtc(game.can_act_before);
  return !Number.isFinite(until) || serverNowMs >= until;
}

/** Precision p of an eidol at `nowMs` (precise, +1 while its apple runs). */
export function eidolPrecision(eidol: EidolView, nowMs: number): number {
  return precisionLevel(eidol.data.precise, appleActive(eidol.data.apple, nowMs));
}

/** One action button of the eidol screen. */
export interface EidolAction {
  id: 'pop' | 'transmute' | 'transmuteEcto' | 'buyEgg' | 'confirmLoss';
  label: string;
  /** Where it leads (a route), or null for an in-place request. */
  path: string | null;
  enabled: boolean;
}

/** The action buttons (spec 1 §2 "Main game screen actions", §4 "Eidol"), in the order shown. */
export function eidolActions(eidol: EidolView | null, userLevel: number, locked: boolean): EidolAction[] {
  const out: EidolAction[] = [];
  if (userLevel === -1) out.push({ id: 'buyEgg', label: t.eidol.buttons.buyEgg, path: '/eggshop', enabled: true });
  if (!eidol) return out;
  const value = anglsUnits(eidol.value);
  const fullEcto = eidol.type === 'ectoplasm' && eidol.experience >= eidol.next_level_experience;
  // An egg, or an ectoplasm that is not full yet, cannot act; nothing acts while the round or the eidol is locked.
  const blocked = locked || eidol.is_locked || eidol.type === 'egg' || (eidol.type === 'ectoplasm' && !fullEcto);
  if (eidol.type !== 'egg' && value > 0n) out.push({ id: 'pop', label: t.eidol.buttons.pop, path: '/pop', enabled: !blocked });
  if (eidol.level >= 11 && eidol.type !== 'egg')
    out.push({ id: 'transmute', label: t.eidol.buttons.transmute, path: '/transmute', enabled: !blocked });
  if (fullEcto) out.push({ id: 'transmuteEcto', label: t.eidol.buttons.transmuteEcto, path: '/transmuteecto', enabled: !blocked });
  if (value === 0n) out.push({ id: 'confirmLoss', label: t.eidol.buttons.confirmLoss, path: null, enabled: !locked && !eidol.is_locked });
  return out;
}

/** Ledger units in one ANGLS (8 decimals). */
const UNITS_PER_ANGLS = 10n ** 8n;

/** Egg tiers by hatch value, largest first (spec 1 §9: 100/400/750/1000), for the egg frame. */
const EGG_BY_VALUE: ReadonlyArray<[bigint, EggType]> = (Object.entries(EGG_TIERS) as Array<[EggType, { value: number }]>)
  .map(([tier, t]): [bigint, EggType] => [BigInt(t.value), tier])
  .sort((a, b) => (a[0] > b[0] ? -1 : 1));

/** The atlas frame an eidol shows: the loss sprite at value 0, its egg tier, its eggtoplasm fill, or its skin. */
export function eidolFrameFor(eidol: EidolView): string {
  const value = anglsUnits(eidol.value);
  if (value === 0n) return LOSS_FRAME;
  if (eidol.type === 'egg') {
    const hatch = anglsUnits(eidol.maxValue) / UNITS_PER_ANGLS;
    return eggFrame((EGG_BY_VALUE.find(([v]) => hatch >= v) ?? EGG_BY_VALUE[EGG_BY_VALUE.length - 1]!)[1]);
  }
  if (eidol.type === 'ectoplasm')
    return eggtoplasmFrame(eidol.next_level_experience > 0 ? eidol.experience / eidol.next_level_experience : 0);
  return eidolFrame(eidol.collection, eidol.rarity, eidol.id);
}

/** The risk control's facts for the round, eidol and player as the stores hold them at device time `nowMs`. */
export function riskContextOf(state: GameState, selectedId: number | null, userLevel: number, nowMs: number): RiskControlContext {
  const e = selectedEidol(state.game, selectedId);
  return {
    eidolId: e?.id ?? null,
    p: e ? eidolPrecision(e, nowMs) : 0,
    multiplier: e?.multiplier ?? 1,
    locked: roundLocked(state.game, nowMs + state.clockOffsetMs) || (e?.is_locked ?? true),
    userLevel,
  };
}
