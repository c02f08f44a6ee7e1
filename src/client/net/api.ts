/** The entry-flow endpoints of spec 1 §7, typed; each returns an ApiResult and never throws. */
import { z } from '../../shared/zod';
import {
  publicConfigSchema,
  referrerSchema,
  type LoginBody,
  type PublicConfig,
  type Referrer,
  type RegisterBody,
} from '../../shared/api/auth';
import { userSchema, type User } from '../../shared/api/user';
import { secondFactorNeededSchema, type SecondFactorNeeded } from '../../shared/api/factors';
import { sessionListSchema, type SessionInfo } from '../../shared/api/sessions';
import { createHttp, type ApiResult, type Http } from './http';

const verifyStatusSchema = z.object({ email_confirmed: z.boolean() });
const walletSchema = z.looseObject({ address: z.string() });

/** Body of POST /api/auth/reset/password. */
export interface NewPasswordBody {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Creates the typed endpoints over an HTTP client. */
export function createApi(http: Http) {
  return {
    /** GET /api/auth/status: the user (with ws_auth_token); 401 when logged out. */
    authStatus: (): Promise<ApiResult<User>> => http.get('/api/auth/status', { schema: userSchema }),
    /** POST /api/auth/login. */
    login: (body: LoginBody): Promise<ApiResult<User | SecondFactorNeeded>> =>
      http.post('/api/auth/login', body, { schema: z.union([userSchema, secondFactorNeededSchema]) }),
    /** POST /api/auth/logout. */
    logout: (): Promise<ApiResult<unknown>> => http.post('/api/auth/logout'),
    /** POST /api/auth/register: creates the account and logs in. */
    register: (body: RegisterBody): Promise<ApiResult<User>> => http.post('/api/auth/register', body, { schema: userSchema }),
    /** GET /api/auth/register/ref/{code}: the referrer. */
    referrer: (code: string): Promise<ApiResult<Referrer>> =>
      http.get(`/api/auth/register/ref/${encodeURIComponent(code)}`, { schema: referrerSchema }),
    /** POST /api/auth/reset-password: mails a reset link. */
    requestReset: (email: string): Promise<ApiResult<unknown>> => http.post('/api/auth/reset-password', { email }),
    /** POST /api/auth/reset/password: sets the new password. */
    resetPassword: (body: NewPasswordBody): Promise<ApiResult<unknown>> => http.post('/api/auth/reset/password', body),
    /** GET /api/register/verify/{token}: whether the e-mail is already confirmed (404: unknown token). */
    verifyStatus: (token: string): Promise<ApiResult<{ email_confirmed: boolean }>> =>
      http.get(`/api/register/verify/${encodeURIComponent(token)}`, { schema: verifyStatusSchema }),
    /** POST /api/register/verify/{token}: confirms the e-mail and ends the session. */
    verifyEmail: (token: string): Promise<ApiResult<unknown>> => http.post(`/api/register/verify/${encodeURIComponent(token)}`),
    /** GET /api/auth/resend-email. */
    resendEmail: (): Promise<ApiResult<unknown>> => http.get('/api/auth/resend-email'),
    /** POST /api/onboarding/completed. */
    onboardingCompleted: (): Promise<ApiResult<unknown>> => http.post('/api/onboarding/completed'),
    /** GET /api/config: brand and public settings. */
    config: (): Promise<ApiResult<PublicConfig>> => http.get('/api/config', { schema: publicConfigSchema }),
    /** GET /api/auth/sessions: the player's live sessions. */
    sessions: (): Promise<ApiResult<SessionInfo[]>> => http.get('/api/auth/sessions', { schema: sessionListSchema }),
    /** POST /api/auth/sessions/{id}/end: ends one of the player's sessions (this one included). */
    endSession: (id: string): Promise<ApiResult<unknown>> => http.post(`/api/auth/sessions/${encodeURIComponent(id)}/end`),
    /** GET /api/wallet: the deposit address (spec 2; may be absent on an older server). */
    wallet: (): Promise<ApiResult<{ address: string }>> => http.get('/api/wallet', { schema: walletSchema }),
  };
}

/** The endpoints' type. */
export type Api = ReturnType<typeof createApi>;

/** The app's API over the same-origin HTTP client. */
export const api: Api = createApi(createHttp());
