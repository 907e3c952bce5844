import { useMutation } from '@tanstack/react-query';
import { uploadedSchema } from '@parts-shop/shared/upload';
import { apiSend } from '#web/lib/api-client.ts';

/** POST /uploads/build-photo: checked and re-encoded as product photos are. */
export function useUploadBuildPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiSend('POST', '/uploads/build-photo', uploadedSchema, form);
    },
  });
}
