import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalStack } from '../local/stack';
import { line } from './measure';

// npm run bench -- lighthouse [mobile|desktop]: Lighthouse 12 (performance, accessibility, SEO,
// best practices) on the public pages and the login, against the local stack serving the
// production build (npm run build:web first). Chromium from CHROME_PATH (default /usr/bin/chromium).

const PAGES = ['/', '/pricing', '/docs', '/login'];
const TARGETS = { performance: 95, accessibility: 100 } as const;

export async function run(args: string[]): Promise<boolean> {
  const formFactor = args[0] === 'desktop' ? 'desktop' : 'mobile';
  process.env.LOG_LEVEL ??= 'warn';
  const stack = await startLocalStack({ port: 0, webDist: path.resolve(import.meta.dirname, '../../web/dist'), demoMode: false, stage: 'bench' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let passed = true;
  try {
    // One plain request per page first, so the first audited page does not pay the server's warm-up
    // (a deployed site is served warm by CloudFront); Lighthouse still loads each page cold.
    for (const page of PAGES) await fetch(`${stack.url}${page}`).then((r) => r.text()).catch(() => undefined);
    for (const page of PAGES) {
      const result = await lighthouse(`${stack.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        formFactor,
        screenEmulation: formFactor === 'desktop' ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false } : undefined,
        throttlingMethod: 'simulate',
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failedA11y = Object.values(audits)
        .filter((a) => a.score === 0 && (categories.accessibility?.auditRefs ?? []).some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id);
      const scores = { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo'), bestPractices: score('best-practices') };
      if (scores.performance < TARGETS.performance || scores.accessibility < TARGETS.accessibility) passed = false;
      line('lighthouse', {
        metric: 'scores',
        page,
        formFactor,
        ...scores,
        target: TARGETS,
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        scriptKB: Math.round(((audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024),
        ...(failedA11y.length ? { failedAccessibilityAudits: failedA11y } : {}),
        // A run Lighthouse could not finish scores 0: say why instead of a silent 0.
        ...(result.lhr.runtimeError ? { errors: 1, runtimeError: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`.slice(0, 300) } : {}),
      });
    }
  } finally {
    chrome.kill();
    await stack.stop();
  }
  return passed;
}
