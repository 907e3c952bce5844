import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { emailField } from '@parts-shop/shared/fields';
import { messages } from '@parts-shop/shared/ui-messages';
import { loginSchema } from '@parts-shop/shared/user';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { authErrorMessage } from '#web/lib/auth-errors.ts';
import { toastSuccess } from '#web/lib/toast.ts';
import { AuthError } from './auth-error.tsx';
import { EmailField, PasswordField } from './credential-fields.tsx';
import { GoogleButton } from './google-button.tsx';
import { IdentityStatus } from './identity-status.tsx';

export const LOGIN_TITLE_ID = 'login-title';

export function LoginForm() {
  const { signInWithPassword, sendPasswordReset, signedOutBecause } = useAuth();
  // The page to come back to travels on to the other sign-in page.
  const carried: unknown = useLocation().state;
  const [providerError, setProviderError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProviderError(null);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  const onForgotPassword = async () => {
    setProviderError(null);
    clearErrors('email');
    const typed = getValues('email').trim();
    if (!typed) {
      setError('email', { message: messages.forgotPasswordEmail });
      setFocus('email');
      return;
    }
    const email = emailField.safeParse(typed);
    if (!email.success) {
      setError('email', { message: messages.emailInvalid });
      setFocus('email');
      return;
    }
    setResetting(true);
    try {
      await sendPasswordReset(email.data);
      toastSuccess(messages.emailSent);
    } catch (error) {
      setProviderError(authErrorMessage(error));
    } finally {
      setResetting(false);
    }
  };

  return (
    <>
      <h1 id={LOGIN_TITLE_ID} className="text-center text-2xl font-bold">
        Login
      </h1>
      {signedOutBecause === 'admin-only' ? (
        <div role="status" className="alert border-accent bg-accent/10">
          That page is for admins only. Log in with an admin account to open it.
        </div>
      ) : null}
      {signedOutBecause === 'everywhere' ? (
        <div role="status" className="alert border-accent bg-accent/10">
          You are signed out on every device. Log in again to continue here.
        </div>
      ) : null}
      <IdentityStatus />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField error={errors.password?.message} {...register('password')} />
        <div>
          <button
            type="button"
            className="link link-primary text-sm"
            onClick={() => void onForgotPassword()}
            disabled={resetting}
          >
            Forgot Password?
          </button>
        </div>
        <SubmitButton pending={isSubmitting} className="w-full">
          Login
        </SubmitButton>
        <AuthError message={providerError} />
      </form>
      <p className="text-center text-sm">
        New to Parts Shop?{' '}
        <Link to="/signup" state={carried} className="link link-primary">
          Create New Account
        </Link>
      </p>
      <div className="divider">OR</div>
      <GoogleButton onError={setProviderError} />
    </>
  );
}
