/** The red error line under a form; empty keeps its height so the layout does not jump. */

/** Props of ErrorLine. */
export interface ErrorLineProps {
  text: string;
  testId: string;
}

/** The error line (role alert so screen readers announce it). */
export function ErrorLine({ text, testId }: ErrorLineProps) {
  return (
    <p className="error-line" role={text ? 'alert' : undefined} data-testid={testId}>
      {text}
    </p>
  );
}
