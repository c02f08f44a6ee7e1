/** A labelled input: the label text is the input's accessible name. */
import type { InputHTMLAttributes } from 'react';

/** Props of Field. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

/** The field. */
export function Field({ label, value, onValue, ...rest }: FieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input value={value} onChange={(e) => onValue(e.target.value)} {...rest} />
    </label>
  );
}
