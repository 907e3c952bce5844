import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type ProfileInput } from '@parts-shop/shared/user';
import { apiSend } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type ProfileUpdate = Pick<ProfileInput, 'phone' | 'education' | 'address' | 'linkedIn'> & { userName?: string };

export async function updateProfile(email: string, input: ProfileUpdate) {
  const answer = await apiSend('PUT', `/users/${encodeURIComponent(email)}`, z.unknown(), input);
  const profile = userSchema.safeParse(answer);
  return profile.success ? profile.data : null;
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => updateProfile(email, input),
    onSuccess: async (profile) => {
      if (profile) queryClient.setQueryData(queryKeys.users.profile(email), profile);
      else await queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(email) });
    },
  });
}
