import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { apiRequest, refreshSession } from '../../../lib/api-client';
import { emailChangeDoneSchema, emailChangeStartedSchema } from '../../../../../shared/schemas/session';

// POST /api/users/me/email-change {new_email} sends a code to the new address;
// POST /api/users/me/email-change/verify {code} moves the sign-in e-mail, after which the session
// is refreshed so the token (and the user shown) carry the new e-mail.

export function useStartEmailChange() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      apiRequest('/users/me/email-change', { method: 'POST', body: { new_email: newEmail }, schema: emailChangeStartedSchema, instanceId: null }),
  });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: async (code: string) => {
      const done = await apiRequest('/users/me/email-change/verify', { method: 'POST', body: { code }, schema: emailChangeDoneSchema, instanceId: null });
      await refreshSession();
      return done;
    },
    // A toast, not component state: the refreshed session re-renders the signed-in screens.
    onSuccess: (done) => toast.success(done.message),
  });
}
