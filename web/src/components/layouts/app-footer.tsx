import { paths } from '../../config/paths';
import { env } from '../../config/env';

const footerLink =
  'rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** Footer of the app shell (spec 1 §1): copyright, legal links and the two notices. */
export function AppFooter() {
  return (
    <footer className="border-t bg-card/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1">
          <p className="font-medium">
            © {new Date().getFullYear()} {env.appName}
          </p>
          <p className="text-xs text-muted-foreground">Proprietary software. All rights reserved.</p>
          <p className="text-xs text-muted-foreground">Advanced AI features require a paid Enterprise subscription.</p>
        </div>
        <nav aria-label="Legal and documentation" className="flex flex-wrap gap-x-5 gap-y-2">
          <a className={footerLink} href={paths.terms.getHref()}>
            Terms
          </a>
          <a className={footerLink} href={paths.privacy.getHref()}>
            Privacy
          </a>
          <a className={footerLink} href={paths.docs.getHref()}>
            Documentation
          </a>
        </nav>
      </div>
    </footer>
  );
}
