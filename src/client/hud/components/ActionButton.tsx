/** The wait-then-approve flow's one button (spec 2 §4): its text, error look and disabled state come from a view. */
import type { ButtonHTMLAttributes } from 'react';
import type { ActionButtonView } from '../screens/items/actionView';
import { Button } from './Button';

/** Props: the view, what a tap does, and optional press-and-hold handlers (pop). */
export interface ActionButtonProps {
  view: ActionButtonView;
  onPress: () => void;
  testId: string;
  onHold?: () => void;
  onRelease?: () => void;
}

/** The button; with hold handlers a pointer or Space/Enter held down holds, lifting it releases. */
export function ActionButton({ view, onPress, testId, onHold, onRelease }: ActionButtonProps) {
  const hold: ButtonHTMLAttributes<HTMLButtonElement> =
    onHold && onRelease
      ? {
          onPointerDown: () => onHold(),
          onPointerUp: () => onRelease(),
          onPointerLeave: () => onRelease(),
          onPointerCancel: () => onRelease(),
          onKeyDown: (e) => {
            if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) onHold();
          },
          onKeyUp: (e) => {
            if (e.key === ' ' || e.key === 'Enter') onRelease();
          },
          onContextMenu: (e) => e.preventDefault(),
        }
      : {};
  return (
    <Button
      variant={view.error ? 'error' : 'primary'}
      className={onHold ? 'hold' : undefined}
      disabled={view.disabled}
      onClick={onPress}
      data-testid={testId}
      {...hold}
    >
      {view.text}
    </Button>
  );
}
