import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema } from '@parts-shop/shared/message';
import { messages } from '@parts-shop/shared/messages';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useSendMessage } from '../api/send-message.ts';
import { CONTACT_CARD } from './contact-card.ts';

const EMPTY = { name: '', email: '', message: '' };

/** Home's contact form: Name, Email, Message and Send (stored for the admins, docs/product.md#contact-messages). */
export function ContactForm() {
  const ids = useId();
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (message) => {
    try {
      await send.mutateAsync(message);
      toastSuccess(messages.messageSent);
      reset(EMPTY);
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'Could not send your message.');
    }
  });

  const field = (name: keyof typeof EMPTY) => {
    const error = errors[name]?.message;
    return {
      id: `${ids}-${name}`,
      errorId: `${ids}-${name}-error`,
      error,
      aria: {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${ids}-${name}-error` : undefined,
      },
    };
  };
  const name = field('name');
  const email = field('email');
  const text = field('message');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // One message per click: a second Send while the first is on its way does nothing.
        if (send.isPending) event.preventDefault();
        else void onSubmit(event);
      }}
      className={`grid gap-4 ${CONTACT_CARD}`}
    >
      <div>
        <label htmlFor={name.id} className="mb-1 block font-medium">
          Name
        </label>
        <input
          id={name.id}
          type="text"
          autoComplete="name"
          required
          className={`input w-full ${name.error ? 'input-error' : ''}`}
          {...name.aria}
          {...register('name')}
        />
        {name.error ? (
          <p id={name.errorId} className="mt-1 text-sm text-error">
            {name.error}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={email.id} className="mb-1 block font-medium">
          Email
        </label>
        <input
          id={email.id}
          type="email"
          autoComplete="email"
          required
          className={`input w-full ${email.error ? 'input-error' : ''}`}
          {...email.aria}
          {...register('email')}
        />
        {email.error ? (
          <p id={email.errorId} className="mt-1 text-sm text-error">
            {email.error}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={text.id} className="mb-1 block font-medium">
          Message
        </label>
        <textarea
          id={text.id}
          rows={5}
          required
          className={`textarea w-full ${text.error ? 'textarea-error' : ''}`}
          {...text.aria}
          {...register('message')}
        />
        {text.error ? (
          <p id={text.errorId} className="mt-1 text-sm text-error">
            {text.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" aria-disabled={send.isPending}>
        {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Send
      </button>
    </form>
  );
}
