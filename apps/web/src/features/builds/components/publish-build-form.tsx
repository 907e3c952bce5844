import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { BUILD_NAME_MAX, publishBuildSchema, type SavedBuild } from '@parts-shop/shared/build';
import { FormField } from '#web/components/ui/form-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { usePublishBuild } from '../api/publish-build.ts';
import { useUnpublishBuild } from '../api/unpublish-build.ts';

type Props = { build: SavedBuild & { id: string } };

/**
 * Publish or unpublish a saved build: published, it has a public page at /builds/{id} and a
 * card in the gallery under the title given here; unpublished, both are gone.
 */
export function PublishBuildForm({ build }: Props) {
  const publish = usePublishBuild();
  const unpublish = useUnpublishBuild();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(publishBuildSchema), defaultValues: { title: build.title ?? build.name } });

  const onSubmit = handleSubmit(async ({ title }) => {
    try {
      await publish.mutateAsync({ id: build.id, title });
      toastSuccess(`Published "${title}"`);
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, 'Something went wrong. Please try again.') });
    }
  });

  const takePrivate = async () => {
    try {
      await unpublish.mutateAsync(build.id);
      toastSuccess(`"${build.title ?? build.name}" is private again`);
    } catch (failure) {
      toastError(errorMessage(failure, 'Could not unpublish the build'));
    }
  };

  if (build.publishedAt) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-sm break-words">
          Published as <strong>{build.title}</strong>
        </p>
        <Link className="btn btn-sm btn-outline" to={`/builds/${build.id}`}>
          View public page
        </Link>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={unpublish.isPending}
          onClick={() => void takePrivate()}
          aria-label={`Unpublish ${build.title ?? build.name}`}
        >
          Unpublish
        </button>
      </div>
    );
  }
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label={`Public title for ${build.name}`}
        className="min-w-0 flex-1"
        controlClassName="input-sm"
        maxLength={BUILD_NAME_MAX}
        error={errors.title?.message ?? errors.root?.server?.message}
        {...register('title')}
      />
      <button type="submit" className="btn btn-sm btn-secondary" disabled={publish.isPending}>
        Publish
      </button>
    </form>
  );
}
