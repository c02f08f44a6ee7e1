/** The product's mails: e-mail verification, password reset, withdrawal notices and unfreezing. Links always start at the public URL. */
import type { MailMessage } from './mailer';

/** Brand and base URL the mails are written with. */
export interface MailBrand {
  productName: string;
  publicUrl: string;
}

/** The page text the verification link shows (spec 1: both route params are shown). */
export const VERIFY_PAGE_TEXT = 'Confirm your e-mail to apply KYC';

/**
 * Carried by every mail link: the original client sends a logged-out visitor to /login unless the URL
 * contains `ref` (FACTS.md "Realtime"), and mail links are opened logged out.
 */
export const MAIL_REF = 'ref=mail';

/** The verification page link of a token. */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email/${token}/${encodeURIComponent(VERIFY_PAGE_TEXT)}?${MAIL_REF}`;
}

/** The new-password page link of a token. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/reset-password/${token}?email=${encodeURIComponent(email)}&${MAIL_REF}`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function layout(lines: string[], link: string, button: string): string {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return `<!doctype html><html><body>${body}<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p></body></html>`;
}

/** Asks a new player to confirm their e-mail. */
export function verificationMail(brand: MailBrand, to: string, name: string, token: string): MailMessage {
  const link = verificationLink(brand.publicUrl, token);
  const lines = [`Hello ${name},`, `welcome to ${brand.productName}. Please confirm your e-mail address (the link is valid for 48 hours).`];
  return {
    to,
    subject: `${brand.productName}: confirm your e-mail`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Confirm e-mail'),
    link,
  };
}

/** Sends a password reset link. */
export function resetMail(brand: MailBrand, to: string, name: string, token: string): MailMessage {
  const link = resetLink(brand.publicUrl, token, to);
  const lines = [
    `Hello ${name},`,
    `someone asked to reset the password of your ${brand.productName} account. The link is valid for 60 minutes; if it was not you, ignore this mail.`,
  ];
  return {
    to,
    subject: `${brand.productName}: reset your password`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Choose a new password'),
    link,
  };
}

/** The freeze link of a withdrawal mail: a page (no login needed) whose button freezes the account's withdrawals. */
export function freezeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/freeze/${token}?${MAIL_REF}`;
}

/** The unfreeze link: a page whose button, pressed while logged in, unfreezes withdrawals. */
export function unfreezeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/unfreeze/${token}?${MAIL_REF}`;
}

/** What a withdrawal mail tells: amount with its currency, and the destination. */
export interface WithdrawalNotice {
  amount: string;
  currency: string;
  to: string;
}

/** Tells the player about a withdrawal, with the link that freezes withdrawals if it was not them. */
export function withdrawalMail(brand: MailBrand, to: string, name: string, notice: WithdrawalNotice, token: string): MailMessage {
  const link = freezeLink(brand.publicUrl, token);
  const lines = [
    `Hello ${name},`,
    `a withdrawal of ${notice.amount} ${notice.currency} to ${notice.to} was requested from your ${brand.productName} account.`,
    'If it was not you, open the link below and freeze withdrawals: withdrawals not yet sent are stopped and returned, and no new one is accepted until you unfreeze them after logging in.',
  ];
  return {
    to,
    subject: `${brand.productName}: withdrawal of ${notice.amount} ${notice.currency}`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Freeze withdrawals'),
    link,
  };
}

/** The unfreeze link for a player without a second factor. */
export function unfreezeMail(brand: MailBrand, to: string, name: string, token: string): MailMessage {
  const link = unfreezeLink(brand.publicUrl, token);
  const lines = [
    `Hello ${name},`,
    `open this link and press Unfreeze while logged in to ${brand.productName} to unfreeze withdrawals (valid for 60 minutes). If it was not you, ignore this mail: withdrawals stay frozen.`,
  ];
  return {
    to,
    subject: `${brand.productName}: unfreeze withdrawals`,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Unfreeze withdrawals'),
    link,
  };
}
