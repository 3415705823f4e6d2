import { createContext, use, useCallback, useEffect, useMemo, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { isPublicPath, normalizePath } from '../../config/public-paths';

// The public site's own router: a handful of pages do not need react-router's weight. Links
// between public pages change the history without a reload; anything else (/login, /app) is a
// plain document load, which brings in the app's bundle only when it is needed.

interface Location {
  pathname: string;
  search: string;
  hash: string;
}

interface NavigationValue {
  location: Location;
  navigate: (href: string) => void;
}

const NavigationContext = createContext<NavigationValue | null>(null);

function current(): Location {
  return { pathname: normalizePath(window.location.pathname), search: window.location.search, hash: window.location.hash };
}

export function PublicNavigationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(current);

  useEffect(() => {
    const onPop = () => setLocation(current());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((href: string) => {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || !isPublicPath(url.pathname)) {
      window.location.assign(url.href);
      return;
    }
    window.history.pushState(null, '', url.pathname + url.search + url.hash);
    setLocation(current());
    if (url.hash) document.getElementById(url.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function usePublicNavigation(): NavigationValue {
  const value = use(NavigationContext);
  if (!value) throw new Error('usePublicNavigation outside PublicNavigationProvider');
  return value;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link that stays inside the public site without a reload when it can. */
export function PublicLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const { navigate } = usePublicNavigation();
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || props.target) return;
        const url = new URL(href, window.location.href);
        if (url.origin !== window.location.origin || !isPublicPath(url.pathname)) return;
        event.preventDefault();
        navigate(href);
      }}
      {...props}
    />
  );
}
