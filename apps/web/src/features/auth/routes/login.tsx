import { useDocumentTitle } from '#web/lib/document-title.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { LOGIN_TITLE_ID, LoginForm } from '../components/login-form.tsx';

export function Component() {
  useDocumentTitle('Login');
  return (
    <AuthPage titleId={LOGIN_TITLE_ID}>
      <LoginForm />
    </AuthPage>
  );
}
