/** The red error line under a form; empty keeps its height so the layout does not jump. */
import { keepStampsWhole } from './wholeStamps';

/** Props of ErrorLine. */
export interface ErrorLineProps {
  text: string;
  testId: string;
  /** An id, so fields can name the line as their description. */
  id?: string;
}

/** The error line (role alert so screen readers announce it). */
export function ErrorLine({ text, testId, id }: ErrorLineProps) {
  return (
    <p className="error-line" id={id} role={text ? 'alert' : undefined} data-testid={testId}>
      {keepStampsWhole(text)}
    </p>
  );
}
