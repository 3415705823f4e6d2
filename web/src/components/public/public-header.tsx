import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { PublicLink, usePublicNavigation } from '../../app/public/navigation';
import { paths } from '../../config/paths';
import { hasStoredSession } from '../../lib/signed-in';
import { cn } from '../../utils/cn';
import { buttonClasses } from '../ui/button';
import { Logo } from '../ui/logo';

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The public pages' top navigation (spec 2 §2.8): Features, Industries, Pricing, Docs, App or Login. */
export function PublicHeader() {
  const { location } = usePublicNavigation();
  const [open, setOpen] = useState(false);
  const signedIn = hasStoredSession();
  const links = [
    { href: '/#features', label: 'Features' },
    { href: '/#industries', label: 'Industries' },
    { href: '/pricing', label: 'Pricing' },
    { href: paths.docs.getHref(), label: 'Docs' },
  ];
  const current = (href: string) => (href === location.pathname || (href !== '/' && location.pathname.startsWith(`${href}/`)) ? 'page' : undefined);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <PublicLink href="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring" aria-label="Quality Desk home">
          <Logo />
        </PublicLink>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <PublicLink key={l.href} href={l.href} className={navLink} aria-current={current(l.href)}>
              {l.label}
            </PublicLink>
          ))}
          <a href={signedIn ? paths.app.root.getHref() : paths.login.getHref()} className={cn(buttonClasses('primary', 'sm'), 'ml-2')}>
            {signedIn ? 'App' : 'Login'}
          </a>
        </nav>
        <button
          type="button"
          className={cn(buttonClasses('ghost', 'icon'), 'ml-auto md:hidden')}
          aria-expanded={open}
          aria-controls="public-mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
      </div>
      {open ? (
        <nav id="public-mobile-nav" aria-label="Main" className="border-t px-4 pb-4 md:hidden">
          <ul className="flex flex-col gap-1 pt-2">
            {links.map((l) => (
              <li key={l.href}>
                <PublicLink href={l.href} className={cn(navLink, 'block')} onClick={() => setOpen(false)}>
                  {l.label}
                </PublicLink>
              </li>
            ))}
            <li>
              <a href={signedIn ? paths.app.root.getHref() : paths.login.getHref()} className={cn(buttonClasses('primary', 'sm'), 'mt-2 w-full')}>
                {signedIn ? 'App' : 'Login'}
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
