import { useDocumentTitle } from '../../../lib/document-title.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { SIGNUP_TITLE_ID, SignupForm } from '../components/signup-form.tsx';

/** /signup (docs/product.md#signup): creates the account, names it, sends the verification email, signs in. */
export function Component() {
  useDocumentTitle('Sign Up');
  // Page markup and copy, kept as text rather than folded into a generic section: docs/contributing.md#shapes-that-repeat-on-purpose.
  return (
    <AuthPage titleId={SIGNUP_TITLE_ID}>
      <SignupForm />
    </AuthPage>
  );
}
