import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Part } from '@parts-shop/shared/part';
import { useAuth } from '#web/lib/auth.tsx';
import type { LoginRedirectState } from '#web/lib/auth-session.ts';
import { useCreateAlert } from '#web/lib/create-alert.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError } from '#web/lib/toast.ts';

type Props = { part: Pick<Part, '_id' | 'name'>; describedBy: string };

/**
 * A sold-out part's page offers this in Purchase's place: a back-in-stock alert
 * (docs/product.md#price-history-and-alerts) in one press, or the login first for a visitor.
 */
export function BackInStockButton({ part, describedBy }: Props) {
  const { user } = useAuth();
  const location = useLocation();
  const create = useCreateAlert();
  const [set, setSet] = useState(false);

  if (!user) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return (
      <Link to="/login" state={state} className="btn btn-primary" aria-describedby={describedBy}>
        Sign in to be told when it is back
      </Link>
    );
  }
  if (set) {
    return (
      <p role="status" className="rounded-box border border-success p-3 font-semibold">
        We will email you when {part.name} is back in stock.
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary"
      aria-describedby={describedBy}
      disabled={create.isPending}
      onClick={() =>
        create.mutate(
          { partId: part._id, type: 'back-in-stock' },
          {
            onSuccess: () => setSet(true),
            onError: (error) => toastError(errorMessage(error, 'Could not set the alert')),
          },
        )
      }
    >
      Tell me when it is back
    </button>
  );
}
