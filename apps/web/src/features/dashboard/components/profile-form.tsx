import { useId, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileSchema } from '@parts-shop/shared/user';
import { showServerIssues } from '../../../lib/server-issues.ts';

/** The shared profile rules: '{Field} is Required', LinkedIn a full http(s) address. */
const profileFormSchema = profileSchema.pick({ phone: true, education: true, address: true, linkedIn: true });

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

const FIELDS = ['phone', 'education', 'address', 'linkedIn'] as const;

type Props = {
  defaultValues: ProfileFormValues;
  onSave: (values: ProfileFormValues) => Promise<void>;
};

/** The My Profile edit form. Server-side validation failures land on their fields. */
export function ProfileForm({ defaultValues, onSave }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(profileFormSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (showServerIssues(error, FIELDS, setError)) return;
      setError('root.server', {
        message: error instanceof Error ? error.message : 'The profile could not be saved. Please try again.',
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
      aria-labelledby="profile-form-title"
    >
      <h2 id="profile-form-title" className="text-xl font-semibold">
        Edit Profile
      </h2>
      <ProfileField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <ProfileField label="Education" autoComplete="off" error={errors.education?.message} {...register('education')} />
      <ProfileField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <ProfileField
        label="LinkedIn"
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/your-name"
        autoComplete="url"
        error={errors.linkedIn?.message}
        {...register('linkedIn')}
      />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Save Profile
      </button>
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-error">
          {errors.root.server.message}
        </p>
      ) : null}
    </form>
  );
}

type FieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

function ProfileField({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
