import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema } from '@parts-shop/shared/contact-message';
import { messages } from '@parts-shop/shared/ui-messages';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useSendMessage } from '../api/send-message.ts';
import { CONTACT_CARD } from './contact-card.ts';
import { errorMessage } from '#web/lib/error-message.ts';

const EMPTY = { name: '', email: '', message: '' };

export function ContactForm({ focusOnMount }: { focusOnMount: boolean }) {
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });
  // The keyboard was on the placeholder this form replaces (contact-section.tsx): it carries on in the first field
  // instead of falling back to the top of the page.
  useEffect(() => {
    if (focusOnMount) setFocus('name');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit(async (message) => {
    try {
      await send.mutateAsync(message);
      toastSuccess(messages.messageSent);
      reset(EMPTY);
    } catch (error) {
      toastError(errorMessage(error, 'Could not send your message.'));
    }
  });

  return (
    // One message per click: while the first is on its way, Send does nothing (SubmitButton).
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={`grid gap-4 ${CONTACT_CARD}`}>
      <FormField
        label="Name"
        type="text"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        as="textarea"
        label="Message"
        rows={5}
        required
        error={errors.message?.message}
        {...register('message')}
      />
      <SubmitButton pending={send.isPending}>Send</SubmitButton>
    </form>
  );
}
