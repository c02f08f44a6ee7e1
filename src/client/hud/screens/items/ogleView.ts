/** /ogle, the selected eidol's actions hub: every item action, where it leads and whether it can start now. Pure. */
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
    { label: 'Pop Eidol', to: '/popeidol', enabled: (hatched || fullEcto) && hasValue },
    { label: 'Transmute Eidol', to: '/traineidol', enabled: hatched && eidol.level >= 11 },
    { label: 'Extract Eidol', to: '/extract', enabled: hatched && hasValue },
    { label: 'Feed Golden Cookies', to: '/feed', enabled: hatched },
    { label: 'Feed Precision Apples', to: '/apple', enabled: hatched },
    { label: 'Transmute Eggtoplasm', to: '/transmuteecto', enabled: fullEcto },
    { label: 'Enchant Eggtoplasm', to: '/ecto', enabled: true },
    { label: 'Burn gDAO', to: '/gdaochest', enabled: true },
  ];
}
