import { useState, type SyntheticEvent } from 'react';
import { BUILD_NAME_MAX, buildMessages, type BuildItem } from '@parts-shop/shared/build';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useSaveBuild } from '../api/saved-builds.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/** Saves the build as it is under a name of the customer's choosing (it appears in My Builds). */
export function SaveBuildForm({ items }: { items: BuildItem[] }) {
  const saveBuild = useSaveBuild();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(buildMessages.nameRequired);
      return;
    }
    setError(null);
    try {
      await saveBuild.mutateAsync({ name: name.trim(), items });
      toastSuccess(`Saved "${name.trim()}" to My Builds`);
      setName('');
    } catch (failure) {
      setError(errorMessage(failure, 'Something went wrong. Please try again.'));
    }
  };

  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label="Build name"
        className="min-w-0 flex-1"
        value={name}
        maxLength={BUILD_NAME_MAX}
        error={error ?? undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="btn btn-secondary" disabled={saveBuild.isPending || items.length === 0}>
        Save build
      </button>
    </form>
  );
}
