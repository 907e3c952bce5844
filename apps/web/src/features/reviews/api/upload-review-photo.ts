import { useMutation } from '@tanstack/react-query';
import { uploadedSchema } from '@parts-shop/shared/upload';
import { apiSend } from '#web/lib/api-client.ts';

export function useUploadReviewPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiSend('POST', '/uploads/review-photo', uploadedSchema, form);
    },
  });
}
