import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { signupSchema } from '@parts-shop/shared/user';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { authErrorMessage } from '#web/lib/auth-errors.ts';
import { AuthError } from './auth-error.tsx';
import { EmailField, PasswordField } from './credential-fields.tsx';
import { GoogleButton } from './google-button.tsx';
import { IdentityStatus } from './identity-status.tsx';

export const SIGNUP_TITLE_ID = 'signup-title';

export function SignupForm() {
  const { signUp } = useAuth();
  // The page to come back to travels on to the other sign-in page.
  const carried: unknown = useLocation().state;
  const [providerError, setProviderError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signupSchema), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setProviderError(null);
    try {
      await signUp({ name, email, password });
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  return (
    <>
      <h1 id={SIGNUP_TITLE_ID} className="text-center text-2xl font-bold">
        Sign Up
      </h1>
      <IdentityStatus />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <FormField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField isNew error={errors.password?.message} {...register('password')} />
        <SubmitButton pending={isSubmitting} className="w-full">
          Sign Up
        </SubmitButton>
        <AuthError message={providerError} />
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" state={carried} className="link link-primary">
          Please Login
        </Link>
      </p>
      <div className="divider">OR</div>
      <GoogleButton onError={setProviderError} />
    </>
  );
}
