/** The two-stage flow's one button (spec 2 §4): its text, error look and disabled state come from the flow. */
import type { TransactionBinding } from '../useTransaction';
import { Button } from './Button';

/** The flow's button: pressing precalculates, approves, resets after an error or routes to activation. */
export function TransactionButton({ flow, testId }: { flow: TransactionBinding; testId: string }) {
  return (
    <Button
      variant={flow.state === 'error' ? 'error' : 'primary'}
      disabled={flow.button.disabled}
      onClick={flow.press}
      data-testid={testId}
    >
      {flow.button.text}
    </Button>
  );
}
