import { LegalPage } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage title="Terms" description="The terms under which Quality Desk is provided." path="/terms" updated="November 23, 2026">
      <p>Quality Desk is proprietary software. These terms apply to the hosted service and to the software you run under a licence.</p>
      <h2>Plans and billing</h2>
      <ul>
        <li>The Free plan costs nothing and does not include AI suggestions.</li>
        <li>
          The Teams plan costs $1,000 a month (15% less with annual billing) and includes 1,000 AI-processed rows a month; each started 1,000 rows beyond them costs $1.00. A new
          Teams subscription starts with a 14-day trial; when the trial ends unpaid, the organization returns to the Free plan.
        </li>
        <li>AI processing is counted in credits: one credit per processed row, $1.00 per credit.</li>
        <li>Contracts are month-to-month. Enterprise terms are agreed in a quote.</li>
      </ul>
      <h2>Your data</h2>
      <p>
        Your data stays yours. We process it only to provide the service, as described in the <a href="/privacy">privacy page</a>. You are responsible for having the right to
        upload the data you upload.
      </p>
      <h2>AI suggestions</h2>
      <p>Suggestions are proposals with a confidence; a person accepts or edits them. Check them before you write them back to a source system.</p>
      <h2>Availability</h2>
      <p>Enterprise agreements carry a 99.9% uptime commitment. Other plans are provided as available.</p>
      <h2>Acceptable use</h2>
      <p>Do not try to reach other organizations’ data, overload the service, or get around plan limits. We may suspend accounts that do.</p>
      <h2>Contact</h2>
      <p>
        <a href="mailto:legal@qualitydesk.dev">legal@qualitydesk.dev</a>
      </p>
    </LegalPage>
  );
}
