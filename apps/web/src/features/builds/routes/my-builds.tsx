import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { formatDollars } from '@parts-shop/shared/money';
import { BUILD_NAME_MAX, buildNameSchema, type SavedBuild } from '@parts-shop/shared/build';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useDeleteBuild } from '../api/delete-build.ts';
import { useMyBuilds } from '../api/get-my-builds.ts';
import { useRenameBuild } from '../api/rename-build.ts';
import { plannerLinkOf } from '../build-slots.ts';
import { BuildVerdict } from '../components/build-verdict.tsx';
import { ExportBuild } from '../components/export-build.tsx';
import { PublishBuildForm } from '../components/publish-build-form.tsx';
import { PART_KIND_LABELS } from '@parts-shop/shared/part-specs';
import { errorMessage } from '#web/lib/error-message.ts';
import { plural } from '@parts-shop/shared/plural';

function RenameForm({ build, onDone }: { build: SavedBuild; onDone: () => void }) {
  const rename = useRenameBuild();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(buildNameSchema), defaultValues: { name: build.name } });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: build.id, name });
      toastSuccess('Build renamed');
      onDone();
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, 'Something went wrong. Please try again.') });
    }
  });
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label={`New name for ${build.name}`}
        className="min-w-0 flex-1"
        controlClassName="input-sm"
        maxLength={BUILD_NAME_MAX}
        // The rename form replaces the Rename button the user just pressed.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        error={errors.name?.message ?? errors.root?.server?.message}
        {...register('name')}
      />
      <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
        Save name
      </button>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** The parts still sold, each at today's price; a part the shop stopped selling is counted, not listed. */
function SavedBuildParts({ build }: { build: SavedBuild }) {
  const gone = build.items.length - build.lines.length;
  return (
    <>
      <ul className="flex flex-col gap-1 text-sm" aria-label={`Parts of ${build.name}`}>
        {build.lines.map((line) => (
          <li key={line.partId} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 break-words">
              <span className="text-base-content/70">{PART_KIND_LABELS[line.kind]}:</span> {line.name}
            </span>
            <span>
              {line.quantity > 1 ? `${line.quantity} × ${formatDollars(line.price)} = ` : null}
              {formatDollars(line.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      {gone > 0 ? <p className="text-sm">{plural(gone, 'part')} no longer sold, left out.</p> : null}
    </>
  );
}

/** /dashboard/builds: the customer's saved builds; find, open, rename, publish, delete. */
export function Component() {
  useDocumentTitle('My Builds');
  const { user } = useAuth();
  const builds = useMyBuilds(user?.email ?? '');
  const deleteBuild = useDeleteBuild();
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SavedBuild | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const all = builds.data ?? [];
  const shown = all.filter((b) => b.name.toLowerCase().includes(search.trim().toLowerCase()));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteBuild.mutateAsync(toDelete.id);
      toastSuccess(`Deleted "${toDelete.name}"`);
    } catch (failure) {
      toastError(errorMessage(failure, 'Could not delete the build'));
    }
    setToDelete(null);
  };

  return (
    <section aria-labelledby="my-builds-title" className="flex flex-col gap-4">
      <h2 id="my-builds-title" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        My Builds
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          label="Find a build"
          className="min-w-0 flex-1"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Link className="btn btn-primary" to="/build">
          Plan a Build
        </Link>
      </div>
      <ListStatus
        isPending={builds.isPending}
        error={builds.error}
        isEmpty={all.length === 0}
        emptyText="You have no saved builds yet."
        onRetry={() => void builds.refetch()}
      >
        {shown.length === 0 ? <p>No build is named like that.</p> : null}
        <ul className="flex flex-col gap-3" aria-labelledby="my-builds-title">
          {shown.map((build) => (
            <li key={build.id} className="card bg-base-100 shadow-sm">
              <div className="card-body gap-2 p-4">
                {renaming === build.id ? (
                  <RenameForm build={build} onDone={() => setRenaming(null)} />
                ) : (
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="min-w-0 flex-1 font-semibold break-words">{build.name}</h3>
                    <span className="text-sm text-base-content/70">{plural(build.items.length, 'part')}</span>
                    <Link
                      className="btn btn-sm btn-primary"
                      to={plannerLinkOf(build.items)}
                      aria-label={`Open ${build.name}`}
                    >
                      Open
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setRenaming(build.id)}
                      aria-label={`Rename ${build.name}`}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error btn-outline"
                      onClick={() => setToDelete(build)}
                      aria-label={`Delete ${build.name}`}
                    >
                      Delete
                    </button>
                  </div>
                )}
                <SavedBuildParts build={build} />
                <p className="text-sm" data-testid="build-totals">
                  {build.totalThen === null
                    ? `Total now ${formatDollars(build.totalNow)}`
                    : `Saved at ${formatDollars(build.totalThen)}, now ${formatDollars(build.totalNow)}`}
                </p>
                <BuildVerdict problems={build.problems} estimatedWatts={build.estimatedWatts} />
                <ExportBuild
                  name={build.name}
                  path={build.publishedAt ? `/builds/${build.id}` : plannerLinkOf(build.items)}
                  build={{
                    title: build.name,
                    lines: build.lines,
                    total: build.totalNow,
                    problems: build.problems,
                    estimatedWatts: build.estimatedWatts,
                  }}
                />
                <PublishBuildForm key={`${build.id} ${build.publishedAt ?? ''}`} build={build} />
              </div>
            </li>
          ))}
        </ul>
      </ListStatus>
      <ConfirmDialog
        open={toDelete !== null}
        description={toDelete ? `Delete the build ${toDelete.name}` : undefined}
        busy={deleteBuild.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        fallbackFocus={heading}
      />
    </section>
  );
}
