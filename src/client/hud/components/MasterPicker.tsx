/**
 * The master band of the register screen: the master drawn in the DOM from its atlas frame (BandArtView,
 * so the register screen never starts the stage), swipes (touch and mouse drag) and arrow buttons, all
 * stepping the shared choice store.
 */
import { t } from '../../i18n/t';
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { MASTER_COUNT } from '../../../shared/api/auth';
import { stepChoice } from '../../../shared/rules/carousel';
import { attachSwipe } from '../../engine/input';
import { $registerArt, $registerChoice, MASTER_FRAMES } from '../../game/stageStores';
import { BandArtView } from './BandArtView';
import { Button } from './Button';

/** Steps the chosen master; -1 previous, +1 next (the new one slides in from that side). */
export function stepMaster(delta: -1 | 1): void {
  const current = $registerChoice.get().skinId ?? 1;
  $registerChoice.set({ skinId: stepChoice(current, delta, MASTER_COUNT), from: delta });
}

/** The picker band. */
export function MasterPicker() {
  const choice = useStore($registerChoice);
  const band = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!band.current) return;
    // Swiping left brings in the next master from the right, like turning a page.
    return attachSwipe(band.current, (dir) => stepMaster(dir === 'left' ? 1 : -1));
  }, []);
  return (
    <div className="master-band" ref={band} data-testid="master-swipe" data-skin={choice.skinId ?? ''}>
      <BandArtView art={$registerArt} frames={MASTER_FRAMES} />
      <Button
        variant="secondary"
        small
        className="arrow prev"
        aria-label={t.components.previousMaster}
        data-testid="master-prev"
        onClick={() => stepMaster(-1)}
      >
        ‹
      </Button>
      <Button
        variant="secondary"
        small
        className="arrow next"
        aria-label={t.components.nextMaster}
        data-testid="master-next"
        onClick={() => stepMaster(1)}
      >
        ›
      </Button>
      <p className="caption" data-testid="master-caption">
        {t.components.masterCaption(choice.skinId, MASTER_COUNT)}
      </p>
    </div>
  );
}
