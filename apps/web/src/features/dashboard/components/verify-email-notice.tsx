import { useState } from 'react';
import { messages } from '@parts-shop/shared/ui-messages';
import { useAuth } from '#web/lib/auth.tsx';
import { errorMessage } from '#web/lib/error-message.ts';

export function VerifyEmailNotice() {
  const { resendVerification } = useAuth();
  const [state, setState] = useState<{ sending: boolean; said: string }>({ sending: false, said: '' });

  async function resend() {
    setState({ sending: true, said: '' });
    try {
      const { testMode } = await resendVerification();
      setState({ sending: false, said: testMode ? messages.verificationLinkInConsole : messages.verificationLinkSent });
    } catch (error) {
      setState({ sending: false, said: errorMessage(error, messages.verificationLinkFailed) });
    }
  }

  return (
    <div className="alert alert-warning mb-4 flex flex-col items-start gap-2">
      <p>{messages.emailsWaitForVerification}</p>
      <button type="button" className="btn btn-sm" onClick={() => void resend()} disabled={state.sending}>
        Send the link again
      </button>
      <p role="status" className="break-words">
        {state.said}
      </p>
    </div>
  );
}
