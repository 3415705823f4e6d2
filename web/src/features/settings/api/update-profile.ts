import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { meResponseSchema, type MeResponse, type ProfileUpdate } from '../../../../../shared/schemas/session';

// PUT /api/auth/profile {first_name, last_name, title} → {success, user}.
export function putProfile(update: ProfileUpdate): Promise<MeResponse> {
  return apiRequest('/auth/profile', { method: 'PUT', body: update, schema: meResponseSchema, instanceId: null });
}

/** Saves the profile; the signed-in user (session state and storage) takes the server's answer. */
export function useUpdateProfile() {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: putProfile,
    onSuccess: (response) => updateUser(response.user),
  });
}
