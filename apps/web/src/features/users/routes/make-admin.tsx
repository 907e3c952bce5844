import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import { messages } from '@parts-shop/shared/ui-messages';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { SearchForm } from '#web/components/ui/search-form.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useRoleChanges } from '../api/get-role-changes.ts';
import { useUsers } from '../api/get-users.ts';
import { useChangeRole, type RoleChangeRequest } from '../api/make-admin.ts';
import { formatDate, formatDateTime } from '#web/lib/format-date.ts';
import { plural } from '@parts-shop/shared/plural';

const TITLE = 'All Users';

function RoleHistory() {
  const changes = useRoleChanges();
  const list = changes.data ?? [];
  return (
    <section aria-labelledby="role-history-title" className="flex flex-col gap-2">
      <h3 id="role-history-title" className="text-lg font-semibold">
        Role changes
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-base-content/70">{changes.isPending ? 'Loading…' : 'No role changes yet.'}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {list.map((change) => (
            <li key={change.id} className="break-words">
              {formatDateTime(change.changedAt)}: {change.actorEmail}{' '}
              {change.role === 'admin' ? 'made' : 'removed admin from'} {change.targetEmail}
              {change.role === 'admin' ? ' an admin' : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard/users (admin only): the All Users table (docs/product.md#dashboard), searched and
 * paged, with Make Admin and Remove admin behind a confirmation naming the email, and the
 * history of role changes.
 */
export function Component() {
  useDocumentTitle('Make Admin');
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const users = useUsers(q);
  const changeRole = useChangeRole();
  const [pending, setPending] = useState<RoleChangeRequest | null>(null);
  const list = users.items;

  const confirm = () => {
    if (!pending) return;
    changeRole.mutate(pending, {
      onSuccess: () => toastSuccess(pending.role === 'admin' ? messages.makeAdminDone : 'Admin role removed'),
      onError: (error) => {
        if (pending.role === 'admin' && error instanceof ApiError && error.status === 403)
          toastError(messages.makeAdminFailed);
        // A 401 already signs the session out (AUTH_EXPIRED_EVENT) and says so.
        else if (!(error instanceof ApiError && error.status === 401)) toastError(error.message);
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <section aria-labelledby="all-users-title" className="flex flex-col gap-4">
      <h2 id="all-users-title" className="text-2xl font-bold">
        {TITLE}
      </h2>
      <SearchForm label="Search by email or name" value={search} onChange={setSearch} onSearch={setQ} />
      <PagedListView
        list={users}
        emptyText={q ? `No users match "${q}".` : 'No users have signed up yet.'}
        noun={{ one: 'user', many: 'users' }}
      >
        <ResponsiveTable
          rows={list}
          rowKey={(user) => user.email}
          labelledBy="all-users-title"
          columns={[
            {
              header: 'Email',
              cell: (user) => (
                <Link to={`/dashboard/customers/${encodeURIComponent(user.email)}`} className="link break-all">
                  {user.email}
                </Link>
              ),
            },
            {
              header: 'Name',
              cell: (user) => user.userName || <span className="text-base-content/60">Not given</span>,
            },
            {
              header: 'Signed up',
              cell: (user) => <time dateTime={user.signedUpAt}>{formatDate(user.signedUpAt)}</time>,
            },
            {
              header: 'Orders',
              cell: (user) => (
                <Link
                  to={`/dashboard/manageorders?${new URLSearchParams({ status: 'all', customer: user.email }).toString()}`}
                  className="link whitespace-nowrap"
                  aria-label={`${plural(user.orders, 'order')} of ${user.email}`}
                >
                  {plural(user.orders, 'order')}
                </Link>
              ),
            },
            {
              header: 'Spent (paid, net of refunds)',
              cell: (user) => formatDollars(user.spent),
              className: 'text-right',
            },
            {
              header: 'Status',
              cell: (user) => {
                const busy = changeRole.isPending && changeRole.variables.email === user.email;
                return user.role === 'admin' ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="badge badge-success">Admin</span>
                    {user.email !== me?.email ? (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm whitespace-nowrap"
                        aria-label={`Remove admin ${user.email}`}
                        onClick={() => setPending({ email: user.email, role: 'customer' })}
                        disabled={busy}
                      >
                        Remove admin
                      </button>
                    ) : null}
                  </div>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm whitespace-nowrap"
                    aria-label={`Make Admin ${user.email}`}
                    onClick={() => setPending({ email: user.email, role: 'admin' })}
                    disabled={busy}
                  >
                    {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                    Make Admin
                  </button>
                );
              },
            },
          ]}
        />
      </PagedListView>
      <RoleHistory />
      <ConfirmDialog
        open={pending !== null}
        busy={changeRole.isPending}
        description={
          pending?.role === 'admin'
            ? `Make ${pending.email} an admin? They will be able to manage products, orders and users.`
            : `Remove admin from ${pending?.email ?? ''}? They will be a customer again.`
        }
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
