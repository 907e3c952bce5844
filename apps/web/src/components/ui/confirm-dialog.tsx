import { useEffect, useRef } from 'react';
import { messages } from '@parts-shop/shared/messages';

type Props = {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the Yes button will do, for screen readers, e.g. "Cancel order for RTX 4070". */
  description?: string;
  busy?: boolean;
};

/** The spec's 'Are You Sure' dialog with Yes and No, on the native <dialog> (focus trap, Esc). */
export function ConfirmDialog({ open, onConfirm, onCancel, description, busy = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const noButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe answer has the focus, so Enter never deletes by accident.
      noButton.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onCancel={onCancel}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-bold">
          {messages.confirmQuestion}
        </h2>
        {description ? <p className="py-2">{description}</p> : null}
        <div className="modal-action">
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            Yes
          </button>
          <button type="button" className="btn" onClick={onCancel} ref={noButton}>
            No
          </button>
        </div>
      </div>
    </dialog>
  );
}
