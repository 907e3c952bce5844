import type { RefObject } from 'react';
import type { Order } from '@parts-shop/shared/order';
import { messages } from '@parts-shop/shared/ui-messages';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useCancelOrder } from '../api/cancel-order.ts';

type Props = {
  order: Order | null;
  onClose: () => void;
  fallbackFocus: RefObject<HTMLElement | null>;
};

export function CancelOrderDialog({ order, onClose, fallbackFocus }: Props) {
  const cancel = useCancelOrder();
  const confirm = () => {
    if (!order || cancel.isPending) return;
    cancel.mutate(order._id, {
      onSuccess: () => {
        toastSuccess(messages.orderCancelled);
        onClose();
      },
      onError: (error) => {
        toastError(error.message);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={order !== null}
      onConfirm={confirm}
      onCancel={onClose}
      busy={cancel.isPending}
      fallbackFocus={fallbackFocus}
      description={order ? `Cancel order for ${order.productName}` : undefined}
    />
  );
}
