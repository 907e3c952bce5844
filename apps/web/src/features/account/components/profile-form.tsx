import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileSchema } from '@parts-shop/shared/user';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { errorMessage } from '#web/lib/error-message.ts';

const profileFormSchema = profileSchema.pick({ phone: true, education: true, address: true, linkedIn: true });

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

const FIELDS = ['phone', 'education', 'address', 'linkedIn'] as const;

type Props = {
  defaultValues: ProfileFormValues;
  onSave: (values: ProfileFormValues) => Promise<void>;
};

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
        message: errorMessage(error, 'The profile could not be saved. Please try again.'),
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
      <FormField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <FormField label="Education" autoComplete="off" error={errors.education?.message} {...register('education')} />
      <FormField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="LinkedIn"
        type="url"
        inputMode="url"
        placeholder="https://www.linkedin.com/in/your-name"
        autoComplete="url"
        error={errors.linkedIn?.message}
        {...register('linkedIn')}
      />
      <SubmitButton pending={isSubmitting}>Save Profile</SubmitButton>
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-error">
          {errors.root.server.message}
        </p>
      ) : null}
    </form>
  );
}
