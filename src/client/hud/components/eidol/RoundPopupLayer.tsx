/**
 * The coin and XP pop-ups of a settled round, 15 s each (spec 1 §9): gsap floats them in and out, or just
 * shows them when the player prefers reduced motion. The store and the diff are headless (roundPopupWatcher).
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { gsap } from 'gsap';
import { $roundPopups, dismissPopup, type ShownPopup } from '../../../game/eidol/roundPopupWatcher';
import { POPUP_MS } from '../../../game/eidol/roundPopups';
import { reducedMotion } from '../../../engine/motion';

function Popup({ popup }: { popup: ShownPopup }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const seconds = POPUP_MS / 1000;
    if (reducedMotion() || !el.current) {
      const call = gsap.delayedCall(seconds, () => dismissPopup(popup.key));
      return () => void call.kill();
    }
    const tl = gsap
      .timeline({ onComplete: () => dismissPopup(popup.key) })
      .fromTo(el.current, { y: 30, opacity: 0 }, { y: 0, opacity: 1, duration: 0.4, ease: 'back.out' })
      .to(el.current, { y: -20, opacity: 0, duration: 0.6 }, seconds - 0.6);
    return () => void tl.kill();
  }, [popup.key]);
  return (
    <div ref={el} className={`eidol-popup ${popup.tone}`} role="status">
      {/* Gold and pink are hard to tell apart for some players: the arrow says it without colour. */}
      <span aria-hidden="true">{popup.tone === 'gain' ? '↑ ' : '↓ '}</span>
      {popup.text}
    </div>
  );
}

/** Every pop-up on screen. */
export function RoundPopupLayer() {
  const popups = useStore($roundPopups);
  return (
    <div className="eidol-popups" aria-live="polite" data-testid="round-popups">
      {popups.map((p) => (
        <Popup key={p.key} popup={p} />
      ))}
    </div>
  );
}
