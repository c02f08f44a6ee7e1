/** Renders the toast store; each toast can be closed early. */
import { t } from '../../i18n/t';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts';

/** The toast layer. */
export function ToastLayer() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast ${toast.tone}`} data-testid={`toast-${toast.type}`}>
          <p>{toast.text}</p>
          <button type="button" className="btn link" aria-label={t.components.closeToast} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
