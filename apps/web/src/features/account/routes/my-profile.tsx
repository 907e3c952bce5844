import { isHttpUrl } from '@parts-shop/shared/fields';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { messages } from '@parts-shop/shared/ui-messages';
import type { User } from '@parts-shop/shared/user';
import { toastSuccess } from '#web/lib/toast.ts';
import { useProfile } from '#web/lib/get-profile.ts';
import { useUpdateProfile } from '#web/lib/update-profile.ts';
import { ProfileForm, type ProfileFormValues } from '../components/profile-form.tsx';
import { SignOutEverywhere } from '../components/sign-out-everywhere.tsx';
import { AddressBook } from '../components/address-book.tsx';

export function Component() {
  useDocumentTitle('My Profile');
  const { user } = useAuth();
  // The dashboard is guarded, so a user is always here; the empty string only satisfies the types.
  const email = user?.email ?? '';
  const profile = useProfile(email);
  const update = useUpdateProfile(email);
  const data = profile.data;
  const userName = data?.userName || user?.displayName || '';

  const onSave = async (values: ProfileFormValues) => {
    await update.mutateAsync(userName ? { ...values, userName } : values);
    toastSuccess(messages.profileUpdated);
  };

  return (
    <section aria-labelledby="my-profile-title" className="flex flex-col gap-6">
      <h2 id="my-profile-title" className="text-2xl font-bold">
        My Profile
      </h2>
      <ListStatus
        isPending={profile.isPending}
        error={profile.error}
        isEmpty={!data}
        emptyText="Your profile could not be found."
        onRetry={() => void profile.refetch()}
      >
        {data ? (
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <ProfileCard profile={data} name={userName} />
            <div className="card bg-base-100 shadow-sm">
              <div className="card-body">
                <ProfileForm
                  key={data.email}
                  defaultValues={{
                    phone: data.phone,
                    education: data.education,
                    address: data.address,
                    linkedIn: data.linkedIn,
                  }}
                  onSave={onSave}
                />
              </div>
            </div>
          </div>
        ) : null}
      </ListStatus>
      {email ? <AddressBook email={email} name={userName} /> : null}
      <SignOutEverywhere />
    </section>
  );
}

const NOT_SET = 'Not added yet';

function ProfileCard({ profile, name }: { profile: User; name: string }) {
  const rows: { label: string; value: string }[] = [
    { label: 'Email', value: profile.email },
    { label: 'Name', value: name },
    { label: 'Phone', value: profile.phone },
    { label: 'Education', value: profile.education },
    { label: 'Address', value: profile.address },
  ];
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="profile-card">
      <div className="card-body">
        <h3 className="card-title">{name || profile.email}</h3>
        {profile.role === 'admin' ? <span className="badge badge-primary">Admin</span> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 break-words">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-medium">{row.label}</dt>
              <dd className={row.value ? 'min-w-0' : 'min-w-0 text-base-content/60'}>{row.value || NOT_SET}</dd>
            </div>
          ))}
          <div className="contents">
            <dt className="font-medium">LinkedIn</dt>
            <dd className="min-w-0">
              {profile.linkedIn && isHttpUrl(profile.linkedIn) ? (
                <a
                  href={profile.linkedIn}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="link link-primary break-all"
                >
                  {profile.linkedIn}
                </a>
              ) : (
                <span className={profile.linkedIn ? undefined : 'text-base-content/60'}>
                  {profile.linkedIn || NOT_SET}
                </span>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
