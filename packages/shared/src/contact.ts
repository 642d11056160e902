import { z } from 'zod';

/** POST /api/contact: a visitor's message to whoever runs this installation. */
export const ZContactMessage = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120, 'Keep your name under 120 characters'),
  email: z.string().trim().email('Please enter a valid email address').max(254, 'That email address is too long'),
  subject: z.string().trim().min(1, 'Please enter a subject').max(200, 'Keep the subject under 200 characters'),
  message: z.string().trim().min(1, 'Please write a message').max(5000, 'Keep the message under 5000 characters'),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/** GET /api/contact: where messages go; null when the operator has configured no address (CONTACT_EMAIL). */
export const ZContactInfo = z.object({ address: z.string().nullable() });
export type TContactInfo = z.infer<typeof ZContactInfo>;

/** The answer to a sent message: stored, and whether the mail server accepted it. */
export const ZContactSent = z.object({ id: z.string(), delivered: z.boolean() });
export type TContactSent = z.infer<typeof ZContactSent>;
