import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { signOutEverywhere } from '../api/sign-out-everywhere.ts';

const TITLE_ID = 'sign-out-everywhere-title';

export function SignOutEverywhere() {
  const { signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => signOut('everywhere'),
  });

  return (
    <section aria-labelledby={TITLE_ID} className="card bg-base-100 shadow-sm">
      <div className="card-body items-start">
        <h3 id={TITLE_ID} className="card-title">
          Your devices
        </h3>
        <p>
          Lost a phone, or signed in on a shared computer? Signing out everywhere ends every session of your account, on
          every device and in this browser too.
        </p>
        {mutation.error ? (
          <p role="alert" className="font-medium text-error">
            {mutation.error.message}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-outline btn-error"
          disabled={mutation.isPending}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        description="Sign out of the shop on every device, this one included."
        busy={mutation.isPending}
        onConfirm={() => {
          setConfirming(false);
          mutation.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
