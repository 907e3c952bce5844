import { useMutation } from '@tanstack/react-query';
import { uploadedSchema } from '@parts-shop/shared/upload';
import { apiSend } from '#web/lib/api-client.ts';

export function useUploadPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiSend('POST', '/uploads', uploadedSchema, form);
    },
  });
}
