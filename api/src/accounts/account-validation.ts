import { z } from 'zod';
import { badInput } from '../shared/errors';

// The spec's rules: valid email, password of at least 6, username required on registration,
// full name optional. Messages are what the user sees.

export const PASSWORD_MIN_LENGTH = 6;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Please enter a valid email address' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(200, { error: 'Password must be at most 200 characters' });

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, { error: 'Username is required' })
  .max(40, { error: 'Username must be at most 40 characters' })
  .regex(/^[\p{L}\p{N}_.-]+$/u, {
    error: 'Username may only contain letters, numbers, dots, dashes and underscores',
  });

const fullName = z
  .string()
  .trim()
  .max(100, { error: 'Full name must be at most 100 characters' })
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const registrationSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username,
  fullName,
});
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});

/** What a user may change on their own profile; the email stays (it would need verifying). */
export const profileUpdateSchema = z.object({ username, fullName });

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type LoginInput = z.infer<typeof loginSchema>;

/** Parses or throws a BAD_USER_INPUT error carrying the first message (the forms show one at a time). */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badInput(issue.message, { field: issue.path.join('.') });
}
