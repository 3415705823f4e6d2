import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clearDemoMode, setDemoModeActive } from '../../../lib/auth-storage';

/**
 * `?r=demo` turns demo mode on and remembers it (demo_mode_active) so logout returns here;
 * the login screen without it forgets the flag (spec 1 §2).
 */
export function useDemoMode(): boolean {
  const [searchParams] = useSearchParams();
  const demo = searchParams.get('r') === 'demo';
  useEffect(() => {
    if (demo) setDemoModeActive();
    else clearDemoMode();
  }, [demo]);
  return demo;
}
