/**
 * The coin and XP pop-ups of a settled round, 15 s each (spec 1 §9), in a lane of their own: a strip of fixed
 * height in the screen's flow, right under the eidol, so a pop-up never covers the risk readout, the
 * countdown or a button and never leaves the screen (a long "+101.93869156 ANGLS" wraps inside the lane).
 * Each names its eidol, so "+2 XP" and "+1 XP" of two eidols say whose they are. gsap floats them in and
 * out, or just shows them when the player prefers reduced motion. The store and the diff are headless
 * (roundPopupWatcher).
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { gsap } from 'gsap';
import { t } from '../../../i18n/t/home';
import type { EidolView } from '../../../../shared/api/game';
import { $roundPopups, dismissPopup, type ShownPopup } from '../../../game/eidol/roundPopupWatcher';
import { POPUP_MS } from '../../../game/eidol/roundPopups';
import { reducedMotion } from '../../../engine/motion';
import { $game } from '../../../stores/game';
import { eidolName } from '../EidolPicker';

/** What a pop-up reads: its eidol's name, then the change ("Eidol Egg: +2 XP"); the change alone once the eidol is gone. */
export function popupLabel(popup: Pick<ShownPopup, 'eidolId' | 'text'>, eidols: readonly EidolView[]): string {
  const eidol = eidols.find((e) => e.id === popup.eidolId);
  return eidol ? t.eidol.popup(eidolName(eidol), popup.text) : popup.text;
}

function Popup({ popup, label }: { popup: ShownPopup; label: string }) {
  const el = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const seconds = POPUP_MS / 1000;
    if (reducedMotion() || !el.current) {
      const call = gsap.delayedCall(seconds, () => dismissPopup(popup.key));
      return () => void call.kill();
    }
    // Small moves: the lane clips what leaves it.
    const tl = gsap
      .timeline({ onComplete: () => dismissPopup(popup.key) })
      .fromTo(el.current, { y: 8, opacity: 0 }, { y: 0, opacity: 1, duration: 0.4, ease: 'back.out' })
      .to(el.current, { y: -6, opacity: 0, duration: 0.6 }, seconds - 0.6);
    return () => void tl.kill();
  }, [popup.key]);
  return (
    <li ref={el} className={`eidol-popup ${popup.tone}`} data-testid="round-popup">
      {/* Gold and pink are hard to tell apart for some players: the arrow says it without colour. */}
      <span aria-hidden="true">{popup.tone === 'gain' ? '↑ ' : '↓ '}</span>
      {label}
    </li>
  );
}

/** The pop-up lane: always there (its height reserved, so nothing below moves when a round settles). */
export function RoundPopupLayer() {
  const popups = useStore($roundPopups);
  const eidols = useStore($game).game?.oogles ?? [];
  return (
    <ul className="eidol-popups" aria-live="polite" aria-label={t.eidol.popups} data-testid="round-popups">
      {popups.map((p) => (
        <Popup key={p.key} popup={p} label={popupLabel(p, eidols)} />
      ))}
    </ul>
  );
}
