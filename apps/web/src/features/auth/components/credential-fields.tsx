import type { ComponentProps } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';

type Props = Omit<ComponentProps<'input'>, 'className'> & { error?: string | undefined };

export function EmailField(props: Props) {
  return <FormField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

export function PasswordField({ isNew = false, ...props }: Props & { isNew?: boolean }) {
  return (
    <FormField label="Password" type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...props} />
  );
}
