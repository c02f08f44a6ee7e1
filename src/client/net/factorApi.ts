/** The second factor's endpoints (TOTP, recovery codes, passkeys, the login's second step), typed; never throw. */
import {
  factorEnabledSchema,
  factorStatusSchema,
  totpSetupSchema,
  type FactorProofBody,
  type FactorStatus,
  type TotpSetupData,
} from '../../shared/api/factors';
import { userSchema, type User } from '../../shared/api/user';
import { createHttp, type ApiResult, type Http } from './http';

/** An enabling call's answer: the recovery codes when this was the first factor. */
export interface FactorEnabled {
  recovery_codes: string[] | null;
}

/** Creates the endpoints over an HTTP client. */
export function createFactorApi(http: Http) {
  return {
    /** GET /api/auth/factors. */
    status: (): Promise<ApiResult<FactorStatus>> => http.get('/api/auth/factors', { schema: factorStatusSchema }),
    /** POST /api/auth/factors/totp/setup: a new pending secret and its QR code. */
    totpSetup: (): Promise<ApiResult<TotpSetupData>> => http.post('/api/auth/factors/totp/setup', {}, { schema: totpSetupSchema }),
    /** POST /api/auth/factors/totp/confirm. */
    totpConfirm: (code: string, proof: FactorProofBody = {}): Promise<ApiResult<FactorEnabled>> =>
      http.post('/api/auth/factors/totp/confirm', { ...proof, code }, { schema: factorEnabledSchema }),
    /** POST /api/auth/factors/totp/disable. */
    totpDisable: (proof: FactorProofBody): Promise<ApiResult<unknown>> => http.post('/api/auth/factors/totp/disable', proof),
    /** POST /api/auth/factors/recovery: 10 new recovery codes for a fresh proof (the old ones stop working). */
    recoveryRenew: (proof: FactorProofBody): Promise<ApiResult<FactorEnabled>> =>
      http.post('/api/auth/factors/recovery', proof, { schema: factorEnabledSchema }),
    /** POST /api/auth/factors/challenge: assertion options for a fresh passkey proof. */
    freshChallenge: (): Promise<ApiResult<unknown>> => http.post('/api/auth/factors/challenge'),
    /** POST /api/auth/factors/passkeys/options: registration options. */
    passkeyOptions: (): Promise<ApiResult<unknown>> => http.post('/api/auth/factors/passkeys/options'),
    /** POST /api/auth/factors/passkeys: stores a registered passkey. */
    passkeyAdd: (credential: unknown, name: string, proof: FactorProofBody = {}): Promise<ApiResult<FactorEnabled>> =>
      http.post('/api/auth/factors/passkeys', { ...proof, credential, name }, { schema: factorEnabledSchema }),
    /** POST /api/auth/factors/passkeys/{id}/remove. */
    passkeyRemove: (id: string, proof: FactorProofBody): Promise<ApiResult<unknown>> =>
      http.post(`/api/auth/factors/passkeys/${encodeURIComponent(id)}/remove`, proof),
    /** POST /api/auth/login/factor: the login's second step. */
    loginFactor: (ticket: string, proof: FactorProofBody): Promise<ApiResult<User>> =>
      http.post('/api/auth/login/factor', { ...proof, ticket }, { schema: userSchema }),
    /** POST /api/auth/passkey/options: a usernameless login's challenge. */
    passkeyLoginOptions: (): Promise<ApiResult<unknown>> => http.post('/api/auth/passkey/options'),
    /** POST /api/auth/passkey/login. */
    passkeyLogin: (webauthn: unknown): Promise<ApiResult<User>> =>
      http.post('/api/auth/passkey/login', { webauthn }, { schema: userSchema }),
  };
}

/** The app's factor endpoints. */
export const factorApi = createFactorApi(createHttp());
