import { STORAGE_KEYS } from '../../../shared/constants';

// Whether this browser holds a session, without loading the session machinery: the public pages
// only need it to offer "App" instead of "Login". A stale token still means a session the app
// can renew (the refresh cookie), so presence is the test.
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.authToken) !== null;
  } catch {
    return false;
  }
}
