import { LegalPage } from './legal-page';

/** What the product stores, for how long, who sees it and how to delete it: true to the code. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy" description="What Quality Desk stores, for how long, who can see it, and how to delete it." path="/privacy" updated="November 23, 2026">
      <p>This page describes what the Quality Desk service stores about you and your organization, as the software actually does it.</p>
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account</strong>: your e-mail address, name, title and role in your organization, and the instances you are assigned to. Your password is held by the
          identity service (Amazon Cognito), never in our database.
        </li>
        <li>
          <strong>Your organization</strong>: its name, domains, plan and status, its instances (name, type, description, warehouse type) and datasets.
        </li>
        <li>
          <strong>Your data</strong>: the source files you upload (in a storage bucket of your deployment), the checks you configure, a statistical profile of each dataset,
          and every failed row with its values.
        </li>
        <li>
          <strong>What people do</strong>: each change to a failed row (who, when, from which value to which) as its history, and AI suggestions with the feedback given on them.
        </li>
        <li>
          <strong>Billing</strong>: one credit-ledger entry per AI-processed row (organization, user, dataset, row, time).
        </li>
        <li>
          <strong>Sign-in protection</strong>: a count of failed sign-ins per e-mail address, which expires on its own after the lock-out window.
        </li>
        <li>
          <strong>Marketing signups</strong>: what you type into the waitlist or early-access forms (e-mail, name, company or organization, role, message, plan) and the campaign
          tags in the link you followed. To limit abuse, we keep a one-way hash of your IP address with a counter that expires after an hour.
        </li>
      </ul>
      <h2>In your browser</h2>
      <p>
        The app keeps your access token, your user record, your current instance, the demo-mode flag and your theme in local storage. The refresh token is an httpOnly cookie
        that scripts cannot read, sent only to the sign-in endpoints. The public pages keep their analytics events (the last 1,000) and A/B test assignments in local storage
        only: nothing is sent to a third-party tracker.
      </p>
      <h2>How long</h2>
      <p>
        Account, organization and issue data stay until they are deleted. Backups (point-in-time recovery of the database) cover the last 35 days. Sign-in counters and
        rate-limit records expire by themselves.
      </p>
      <h2>Who can see it</h2>
      <ul>
        <li>Members see the instances they are assigned to; organization admins see every instance of their organization.</li>
        <li>No organization can read another organization’s data: every request is checked against the caller’s organization and instance memberships.</li>
        <li>The operator’s super administrators can see organizations to support them; sign-ins and changes are attributed to the signed-in person.</li>
        <li>
          When AI suggestions use an external model (Amazon Bedrock or an OpenAI-compatible endpoint your deployment configures), the failed row’s values and column profile are
          sent to that model. The built-in engine sends nothing anywhere.
        </li>
      </ul>
      <h2>How to delete it</h2>
      <ul>
        <li>Organization admins can reset a dataset (Settings → Datasets → Reset Data), which clears its resolutions and AI processing history.</li>
        <li>
          To delete your account, your organization, or a marketing signup, write to <a href="mailto:privacy@qualitydesk.dev">privacy@qualitydesk.dev</a> from the address
          concerned; we delete it from the database, and backups age out within 35 days.
        </li>
      </ul>
    </LegalPage>
  );
}
