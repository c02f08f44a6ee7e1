/** A real DOM button (accessible name = its text) in the HUD's styles. */
import type { ButtonHTMLAttributes } from 'react';
import { keepStampsWhole } from './wholeStamps';

/** Button look. */
export type ButtonVariant = 'primary' | 'secondary' | 'error' | 'link';

/** Props of Button. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  small?: boolean;
}

/** The HUD button; `type` defaults to "button" so only explicit submit buttons submit forms. A text label keeps its date stamps whole. */
export function Button({ variant = 'primary', small, className, type = 'button', children, ...rest }: ButtonProps) {
  const classes = ['btn', variant === 'primary' ? '' : variant, small ? 'small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {typeof children === 'string' ? keepStampsWhole(children) : children}
    </button>
  );
}
