import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { messages } from '@parts-shop/shared/ui-messages';

type Props = {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  description?: string;
  /** What the question is about, under the description (the parts a bulk action changes). */
  children?: ReactNode;
  busy?: boolean;
  /**
   * Where focus goes if the button that opened the dialog leaves the page (the row of a deleted part or a cancelled
   * order), so it does not fall back to the page's start.
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
};

function focusLost(active: Element | null): boolean {
  return active === null || active === document.body || active.closest('dialog:not([open])') !== null;
}

/**
 * Once the dialog has closed, moves focus to `fallback` when the element that opened it is gone, whether it goes at
 * once or when the list behind it refreshes.
 */
function useFocusFallback(open: boolean, opener: RefObject<Element | null>, fallback?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const opened = opener.current;
    if (open || !fallback || !opened) return;
    const rescued = () => {
      if (opened.isConnected) return false;
      if (focusLost(document.activeElement)) fallback.current?.focus();
      return true;
    };
    if (rescued()) return;
    const observer = new MutationObserver(() => {
      if (rescued()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open, opener, fallback]);
}

export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  description,
  children,
  busy = false,
  fallbackFocus,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold several (the order page's refund and cancel), each named by its own title.
  const titleId = useId();
  const noButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // The safe answer has the focus, so Enter never deletes by accident.
      noButton.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useFocusFallback(open, opener, fallbackFocus);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onCancel}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {messages.confirmQuestion}
        </h2>
        {description ? <p className="py-2">{description}</p> : null}
        {children}
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
