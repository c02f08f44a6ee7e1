/** Renders the toast store; each toast can be closed early. */
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts';

/** The toast layer. */
export function ToastLayer() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts" aria-live="polite" data-testid="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.tone}`} data-testid={`toast-${t.type}`}>
          <p>{t.text}</p>
          <button type="button" className="btn link" aria-label="Close notification" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
