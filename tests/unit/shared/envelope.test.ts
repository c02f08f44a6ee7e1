/** Spec 1 §8's error display: server message plus per-field errors, joined with semicolons. */
import { describe, expect, it } from 'vitest';
import { joinErrors } from '../../../src/shared/api/envelope';

describe('joinErrors', () => {
  it('joins the message and every field error with semicolons', () => {
    expect(joinErrors({ message: 'Invalid data.', errors: { name: ['Name taken.'], email: ['Bad e-mail.', 'E-mail taken.'] } })).toBe(
      'Invalid data.; Name taken.; Bad e-mail.; E-mail taken.',
    );
  });

  it('leaves out a message that only summarises the field errors', () => {
    expect(joinErrors({ message: 'Name taken. (and 1 more error)', errors: { name: ['Name taken.'], email: ['Bad e-mail.'] } })).toBe(
      'Name taken.; Bad e-mail.',
    );
  });

  it('shows each text once and the message alone when there are no field errors', () => {
    expect(joinErrors({ message: 'Nope.', errors: { a: ['Nope.'] } })).toBe('Nope.');
    expect(joinErrors({ message: 'Too many attempts.' })).toBe('Too many attempts.');
  });
});
