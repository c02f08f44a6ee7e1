/**
 * The browser side of passkeys (@simplewebauthn/browser), loaded only when a passkey is used, so the entry
 * chunk does not carry it. A cancelled prompt answers undefined instead of throwing.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Creates a passkey from the server's registration options; the answer to send back, or an Error. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Signs the server's challenge with a passkey; the answer to send back, or an Error. */
export async function assertPasskey(options: unknown): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
