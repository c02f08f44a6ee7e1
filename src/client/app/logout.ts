/** Logout (spec 1 §2): POST logout, forget the cached user, go to /login. */
import { api } from '../net/api';
import { setGuest } from '../stores/session';
import { navigate } from '../stores/router';
import { showToast } from '../stores/toasts';
import { closeLiveSocket } from './liveSocket';

/** Logs out; the local session ends even if the server call fails. */
export async function logout(): Promise<void> {
  closeLiveSocket();
  const result = await api.logout();
  if (!result.ok && result.status !== 401) showToast(result.text, { type: 'logout', tone: 'error' });
  setGuest();
  navigate('/login');
}
