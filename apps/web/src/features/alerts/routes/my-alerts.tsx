import { Link } from 'react-router';
import type { Alert } from '@parts-shop/shared/alert';
import { formatDollars } from '@parts-shop/shared/money';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useDeleteAlert } from '../api/delete-alert.ts';
import { useMyAlerts } from '../api/get-my-alerts.ts';
import { formatDate } from '#web/lib/format-date.ts';

const wish = (alert: Alert) =>
  alert.type === 'back-in-stock' ? 'Back in stock' : `Price at or below ${formatDollars(alert.price ?? 0)}`;

export function Component() {
  useDocumentTitle('My Alerts');
  const { user } = useAuth();
  const alerts = useMyAlerts(user?.email ?? '');
  const deleteAlert = useDeleteAlert();
  const all = alerts.data ?? [];

  const remove = async (alert: Alert) => {
    try {
      await deleteAlert.mutateAsync(alert.id);
      toastSuccess(`Deleted the alert for ${alert.partName}`);
    } catch (failure) {
      toastError(errorMessage(failure, 'Could not delete the alert'));
    }
  };

  return (
    <section aria-labelledby="my-alerts-title" className="flex flex-col gap-4">
      <h2 id="my-alerts-title" className="text-2xl font-bold">
        My Alerts
      </h2>
      <ListStatus
        isPending={alerts.isPending}
        error={alerts.error}
        isEmpty={all.length === 0}
        emptyText="You have no alerts. Set one on a part's page with Tell me when..."
        onRetry={() => void alerts.refetch()}
      >
        <ul className="flex flex-col gap-3" aria-labelledby="my-alerts-title">
          {all.map((alert) => (
            <li key={alert.id} className="card bg-base-100 shadow-sm">
              <div className="card-body flex-row flex-wrap items-center gap-2 p-4">
                <div className="min-w-0 flex-1">
                  <Link className="link font-semibold break-words" to={`/parts/${encodeURIComponent(alert.partId)}`}>
                    {alert.partName}
                  </Link>
                  <p className="text-sm">
                    {wish(alert)}: {alert.firedAt ? `emailed ${formatDate(alert.firedAt)}` : 'waiting'}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-error btn-outline"
                  disabled={deleteAlert.isPending}
                  onClick={() => void remove(alert)}
                  aria-label={`Delete the alert for ${alert.partName}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </ListStatus>
    </section>
  );
}
