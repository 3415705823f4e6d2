import { Globe } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/session';
import { formatDateTime } from '../../../utils/format';
import { useIpAllowlist, useSaveIpAllowlist, wouldLockOut } from './security-api';

// The organization's IP allowlist (issue 14 §5): one range per line; the server enforces it for
// every call of the organization's members and refuses, unless confirmed, a list that leaves out
// the address of the admin saving it.

const linesOf = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

export function IpAllowlistPanel() {
  const user = useCurrentUser();
  const orgId = user.organization_id;
  const allowlist = useIpAllowlist(orgId);
  const save = useSaveIpAllowlist(orgId);
  const [confirm, dialog] = useConfirm();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saved = allowlist.data?.cidrs.join('\n') ?? '';
  useEffect(() => setDraft(saved), [saved]);

  const submit = async (confirmLockout?: boolean) => {
    setProblem(null);
    try {
      const result = await save.mutateAsync({ cidrs: linesOf(draft), ...(confirmLockout ? { confirmLockout } : {}) });
      toast.success(result.cidrs.length === 0 ? 'IP allowlist cleared: every address may call' : `IP allowlist saved: ${result.cidrs.length} range${result.cidrs.length === 1 ? '' : 's'}`);
    } catch (error) {
      if (wouldLockOut(error) && !confirmLockout) {
        const ok = await confirm({
          title: 'Lock yourself out?',
          description: `${error.message} Until an address of this list is yours again, or a super admin clears the list, you and every member calling from outside it will be refused.`,
          confirmLabel: 'Save and lose access',
          tone: 'danger',
        });
        if (ok) await submit(true);
        return;
      }
      setProblem(error instanceof Error ? error.message : 'Failed to save the IP allowlist');
    }
  };

  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-4 text-primary" aria-hidden />
          IP allowlist
        </CardTitle>
        <CardDescription>Addresses your organization's members may use Quality Desk from. Empty: any address.</CardDescription>
      </CardHeader>
      <CardContent>
        {allowlist.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading IP allowlist…
          </p>
        ) : allowlist.isError ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load the IP allowlist: {allowlist.error.message}
          </p>
        ) : (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <div className="flex flex-wrap items-center gap-2 text-sm">
              {allowlist.data.cidrs.length === 0 ? <Badge>Not restricted</Badge> : <Badge tone="success">Enforced · {allowlist.data.cidrs.length} range{allowlist.data.cidrs.length === 1 ? '' : 's'}</Badge>}
              <span className="text-muted-foreground">
                Your address: <span className="font-mono text-foreground">{allowlist.data.yourIp || 'unknown'}</span>
                {allowlist.data.cidrs.length > 0 ? (allowlist.data.yourIpAllowed ? ' (in the list)' : ' (not in the list)') : ''}
              </span>
            </div>
            <label htmlFor="ip-allowlist" className="text-sm font-medium">
              Ranges, one per line (an address or CIDR, IPv4 or IPv6)
            </label>
            <textarea
              id="ip-allowlist"
              className={`${inputClasses} min-h-28 py-2 font-mono text-sm`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={'203.0.113.0/24\n2001:db8::/32'}
              spellCheck={false}
              aria-describedby={problem ? 'ip-allowlist-problem' : undefined}
            />
            {problem ? (
              <p id="ip-allowlist-problem" role="alert" className="text-sm text-danger">
                {problem}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={save.isPending || draft.trim() === saved.trim()}>
                {save.isPending ? <Spinner /> : null}
                Save allowlist
              </Button>
              {allowlist.data.updatedAt ? (
                <span className="text-xs text-muted-foreground">
                  Last changed {formatDateTime(allowlist.data.updatedAt)} by {allowlist.data.updatedBy}
                </span>
              ) : null}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
