import { useDocumentTitle } from '#web/lib/document-title.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { SIGNUP_TITLE_ID, SignupForm } from '../components/signup-form.tsx';

export function Component() {
  useDocumentTitle('Sign Up');
  return (
    <AuthPage titleId={SIGNUP_TITLE_ID}>
      <SignupForm />
    </AuthPage>
  );
}
