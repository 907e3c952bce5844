import { z } from 'zod';
import { emailField, requiredLongText, requiredText } from './fields.ts';
import { messages } from './messages.ts';

/** The Home contact form (docs/product.md#contact-messages). */
export const contactMessageSchema = z
  .object({
    name: requiredText(messages.nameRequired),
    email: emailField,
    message: requiredLongText('Message is Required'),
  })
  .strict();
export type ContactMessage = z.infer<typeof contactMessageSchema>;
