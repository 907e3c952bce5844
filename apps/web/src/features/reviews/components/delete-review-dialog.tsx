import type { RefObject } from 'react';
import { messages } from '@parts-shop/shared/ui-messages';
import type { Review } from '@parts-shop/shared/review';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useDeleteReview } from '../api/delete-review.ts';

export function DeleteReviewDialog({
  review,
  fallbackFocus,
  onClose,
}: {
  review: Review | null;
  fallbackFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const deleteReview = useDeleteReview();

  function confirmDelete() {
    if (!review) return;
    deleteReview.mutate(review._id, {
      onSuccess: () => toastSuccess(messages.deleted),
      onError: (error) => toastError(error.message),
      onSettled: onClose,
    });
  }
  return (
    <ConfirmDialog
      open={review !== null}
      description={review ? `Delete the review by ${review.name}?` : undefined}
      busy={deleteReview.isPending}
      fallbackFocus={fallbackFocus}
      onConfirm={confirmDelete}
      onCancel={() => {
        if (!deleteReview.isPending) onClose();
      }}
    />
  );
}
