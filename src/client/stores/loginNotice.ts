/** A one-time line for the login screen from the screen that sent the player there (the e-mail just confirmed). */
import { t } from '../i18n/t';
import { atom } from 'nanostores';

/** What the login screen tells the player once; null when nothing. */
export const $loginNotice = atom<string | null>(null);

/** The text after a verification link: the e-mail is confirmed now (or was already). */
export const EMAIL_CONFIRMED_NOTICE = t.loginNotice.emailConfirmed;
