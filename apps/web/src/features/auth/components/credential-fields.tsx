import type { ComponentProps } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';

type Props = Omit<ComponentProps<'input'>, 'className'> & { error?: string | undefined };

/** The email of Login and Sign Up. */
export function EmailField(props: Props) {
  return <FormField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** The password of Login, or of Sign Up (`isNew`, so password managers offer a new one). */
export function PasswordField({ isNew = false, ...props }: Props & { isNew?: boolean }) {
  return (
    <FormField label="Password" type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...props} />
  );
}
