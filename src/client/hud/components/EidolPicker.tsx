/**
 * The eidol swiper of the item screens (spec 2 §2 "Swipe through Eidols"): the chosen eidol's picture,
 * name and value, with previous/next as real buttons; it writes the shared selection ($selectedEidolId) so
 * home, /eidol and every item screen agree on the eidol.
 */
import { t } from '../../i18n/t/home';
import type { EidolView } from '../../../shared/api/game';
import { $selectedEidolId } from '../../stores/game';
import { eidolFrameFor } from '../../game/eidol/eidolStatus';
import { showAngls } from '../screens/items/actionView';
import { AtlasIcon } from './AtlasIcon';
import { Button } from './Button';

/** Props: the eidols to swipe through and the chosen one. */
export interface EidolPickerProps {
  eidols: readonly EidolView[];
  eidol: EidolView | null;
}

/** The eidol's name as the home caption gives it. */
export function eidolName(eidol: EidolView): string {
  return eidol.type === 'egg' ? t.eidol.egg : eidol.type === 'ectoplasm' ? t.eidol.ectoplasm : eidol.skin.name || t.eidol.eidol;
}

/** The picker; nothing when there are no eidols. */
export function EidolPicker({ eidols, eidol }: EidolPickerProps) {
  if (!eidol) return null;
  const index = eidols.findIndex((e) => e.id === eidol.id);
  const go = (step: number) => {
    const next = eidols[index + step];
    if (next) $selectedEidolId.set(next.id);
  };
  return (
    <div className="row eidol-picker" data-testid="eidol-picker" data-eidol={eidol.id}>
      <Button
        variant="secondary"
        small
        aria-label={t.components.previousEidol}
        data-testid="eidol-prev"
        disabled={index <= 0}
        onClick={() => go(-1)}
      >
        ‹
      </Button>
      <figure>
        <AtlasIcon frame={eidolFrameFor(eidol)} sizeEm={5} fallback="◉" />
        <figcaption data-testid="eidol-caption">
          {eidolName(eidol)} · {showAngls(eidol.value)} {t.units.ngls}
        </figcaption>
      </figure>
      <Button
        variant="secondary"
        small
        aria-label={t.components.nextEidol}
        data-testid="eidol-next"
        disabled={index < 0 || index >= eidols.length - 1}
        onClick={() => go(1)}
      >
        ›
      </Button>
    </div>
  );
}
