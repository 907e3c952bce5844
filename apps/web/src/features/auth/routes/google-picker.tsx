import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField, requiredText } from '@parts-shop/shared/fields';
import { messages } from '@parts-shop/shared/ui-messages';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { googleAccountMessage, testGoogleSub, type GoogleTestAccount } from '#web/lib/google-test-mode.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { EmailField } from '../components/credential-fields.tsx';
import { forgetTestAccount, readTestAccounts, rememberTestAccount } from '../utils/test-accounts.ts';

const TITLE = 'Test mode — Google sign-in';

const accountFormSchema = z.object({ email: emailField, name: requiredText(messages.nameRequired) });

export function Component() {
  useDocumentTitle(TITLE);
  const [accounts, setAccounts] = useState(readTestAccounts);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(accountFormSchema), defaultValues: { email: '', name: '' } });

  const choose = (account: GoogleTestAccount) => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setProblem(
        'The shop page that opened this window is gone. Close this window and choose Continue With Google again.',
      );
      return;
    }
    rememberTestAccount(account);
    // Only our own origin may receive the account.
    opener.postMessage(googleAccountMessage(account), window.location.origin);
    window.close();
  };

  const onSubmit = handleSubmit(({ email, name }) => {
    choose({ sub: testGoogleSub(email), email, name });
  });

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-4 p-4" aria-labelledby="picker-title">
      <header className="flex flex-col gap-1">
        <span className="badge badge-accent self-start">Test mode</span>
        <h1 id="picker-title" className="text-xl font-bold">
          {TITLE}
        </h1>
        <p className="text-sm text-base-content/80">
          The shop is running with the Firebase Auth emulator, so this window stands in for Google. Choose a test
          account or type one; no real Google account is used.
        </p>
      </header>
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      {accounts.length > 0 ? (
        <section aria-labelledby="picker-accounts">
          <h2 id="picker-accounts" className="mb-2 font-semibold">
            Choose an account
          </h2>
          <ul className="flex flex-col gap-2">
            {accounts.map((account) => (
              <li key={account.email} className="flex items-center gap-2">
                <button
                  type="button"
                  className="btn btn-outline h-auto flex-1 justify-start py-2 text-left normal-case"
                  onClick={() => choose(account)}
                >
                  <span className="flex flex-col">
                    <span className="font-semibold">{account.name || account.email}</span>
                    <span className="text-xs font-normal">{account.email}</span>
                  </span>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove ${account.email}`}
                  onClick={() => setAccounts(forgetTestAccount(account.email))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="picker-new">
        <h2 id="picker-new" className="mb-2 font-semibold">
          {accounts.length > 0 ? 'Use another account' : 'Type a test account'}
        </h2>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
          <EmailField autoComplete="off" error={errors.email?.message} {...register('email')} />
          <FormField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary flex-1">
              Continue
            </button>
            <button type="button" className="btn" onClick={() => window.close()}>
              Cancel
            </button>
          </div>
        </form>
      </section>
    </main>
  );
}
