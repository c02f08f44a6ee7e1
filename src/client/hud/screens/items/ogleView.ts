/** /ogle, the selected eidol's actions hub: every item action, where it leads and whether it can start now. Pure. */
import { t } from '../../../i18n/t/items';
import type { EidolView } from '../../../../shared/api/game';
import { anglsUnits } from '../../../game/eidol/numbers';

/** One link of the hub. */
export interface OgleLink {
  label: string;
  to: string;
  enabled: boolean;
}

/** The links for the eidol (null: none owned); eidol actions are off while the eidol is locked. */
export function ogleLinks(eidol: EidolView | null): OgleLink[] {
  const free = eidol !== null && !eidol.is_locked;
  const hatched = free && eidol.type === 'ogle';
  const fullEcto = free && eidol.type === 'ectoplasm' && eidol.experience >= eidol.next_level_experience;
  const hasValue = eidol !== null && anglsUnits(eidol.value) > 0n;
  return [
    { label: t.items.ogle.pop, to: '/popeidol', enabled: (hatched || fullEcto) && hasValue },
    { label: t.items.ogle.transmute, to: '/traineidol', enabled: hatched && eidol.level >= 11 },
    { label: t.items.ogle.extract, to: '/extract', enabled: hatched && hasValue },
    { label: t.items.ogle.feedCookies, to: '/feed', enabled: hatched },
    { label: t.items.ogle.feedApples, to: '/apple', enabled: hatched },
    { label: t.items.ogle.transmuteEcto, to: '/transmuteecto', enabled: fullEcto },
    { label: t.items.ogle.enchant, to: '/ecto', enabled: true },
    { label: t.items.ogle.burn, to: '/gdaochest', enabled: true },
  ];
}
