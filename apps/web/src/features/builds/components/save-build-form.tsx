import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BUILD_NAME_MAX, buildNameSchema, type BuildItem } from '@parts-shop/shared/build';
import { FormField } from '#web/components/ui/form-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { useSaveBuild } from '../api/save-build.ts';

/** Saves the build as it is under a name of the customer's choosing (it appears in My Builds). */
export function SaveBuildForm({ items }: { items: BuildItem[] }) {
  const saveBuild = useSaveBuild();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(buildNameSchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await saveBuild.mutateAsync({ name, items });
      toastSuccess(`Saved "${name}" to My Builds`);
      reset();
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, 'Something went wrong. Please try again.') });
    }
  });

  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label="Build name"
        className="min-w-0 flex-1"
        maxLength={BUILD_NAME_MAX}
        error={errors.name?.message ?? errors.root?.server?.message}
        {...register('name')}
      />
      <button type="submit" className="btn btn-secondary" disabled={saveBuild.isPending || items.length === 0}>
        Save build
      </button>
    </form>
  );
}
