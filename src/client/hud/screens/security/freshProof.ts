/**
 * A fresh proof of the second factor from what the player gave: six digits are an authenticator code,
 * other text a recovery code, and nothing typed with a passkey on the account asks the passkey.
 */
import type { FactorProofBody } from '../../../../shared/api/factors';
import { factorApi } from '../../../net/factorApi';
import { assertPasskey } from '../../../net/passkeyBrowser';

/** The proof fields for a typed code (undefined when nothing was typed). */
export function typedProof(text: string): FactorProofBody | undefined {
  const v = text.trim();
  if (v === '') return undefined;
  return /^\d{3}\s?\d{3}$/.test(v) ? { otp: v } : { recovery_code: v };
}

/** The proof: the typed code, else a passkey assertion when `passkey`, else empty (the server names the field). */
export async function freshProof(text: string, passkey: boolean): Promise<FactorProofBody | Error> {
  const typed = typedProof(text);
  if (typed || !passkey) return typed ?? {};
  const options = await factorApi.freshChallenge();
  if (!options.ok) return new Error(options.text);
  const answer = await assertPasskey(options.data);
  return answer instanceof Error ? answer : { webauthn: answer as FactorProofBody['webauthn'] };
}
