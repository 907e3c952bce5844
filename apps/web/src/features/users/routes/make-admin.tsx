import { messages } from '@parts-shop/shared/messages';
import { ListStatus } from '../../../components/ui/list-status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';

const TITLE = 'All Users';

/** /dashboard/users (admin only): the All Users table with Make Admin (docs/product.md#dashboard). */
export function Component() {
  useDocumentTitle('Make Admin');
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const list = users.data ?? [];

  const onMakeAdmin = (email: string) => {
    makeAdmin.mutate(email, {
      onSuccess: () => toastSuccess(messages.makeAdminDone),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) toastError(messages.makeAdminFailed);
        // A 401 already signs the session out (AUTH_EXPIRED_EVENT) and says so.
        else if (!(error instanceof ApiError && error.status === 401)) toastError(error.message);
      },
    });
  };

  return (
    <section aria-labelledby="all-users-title" className="flex flex-col gap-4">
      <h2 id="all-users-title" className="text-2xl font-bold">
        {TITLE}
      </h2>
      <ListStatus
        isPending={users.isPending}
        error={users.error}
        isEmpty={list.length === 0}
        emptyText="No users have signed up yet."
        onRetry={() => void users.refetch()}
      >
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-zebra" aria-labelledby="all-users-title">
            <thead>
              <tr>
                <th scope="col">no.</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user, index) => {
                const busy = makeAdmin.isPending && makeAdmin.variables === user.email;
                return (
                  <tr key={user.email}>
                    <td>{index + 1}</td>
                    <td className="break-all">{user.email}</td>
                    <td>
                      {user.role === 'admin' ? (
                        <span className="badge badge-success">Admin</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm whitespace-nowrap"
                          aria-label={`Make Admin ${user.email}`}
                          onClick={() => onMakeAdmin(user.email)}
                          disabled={busy}
                        >
                          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                          Make Admin
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </ListStatus>
    </section>
  );
}
