/** A labelled input: the label text is the input's accessible name; its errors are marked on it and read with it. */
import { useId, type InputHTMLAttributes } from 'react';

/** Props of Field; `errors` are this field's texts from the last answer (or the form's own check). */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors?: readonly string[];
  /**
   * The id of the form's one error line when that line already says this field's errors: the field is still
   * marked (red frame, aria-invalid) and described by the line, but the texts are not repeated under it.
   */
  errorsAt?: string;
}

/**
 * The field. With errors: a red frame, the texts under it behind a "⚠" (so colour is not the only cue),
 * aria-invalid, and the texts as the input's description. The texts sit outside the label so the accessible
 * name stays the label alone.
 */
export function Field({ label, value, onValue, errors, errorsAt, id, ...rest }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const errorId = `${ownId}-error`;
  const invalid = errors !== undefined && errors.length > 0;
  const testId = (rest as { 'data-testid'?: string })['data-testid'];
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? (errorsAt ?? errorId) : undefined}
        {...rest}
      />
      {invalid && !errorsAt && (
        <p className="field-error" id={errorId} data-testid={testId ? `${testId}-error` : undefined}>
          <span aria-hidden="true">⚠ </span>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
