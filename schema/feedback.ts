import { z } from 'zod';
import { hasSomeField } from './fields';

export const feedbackTypes = ['feature', 'bug', 'improvement', 'other'] as const;
export const feedbackStatuses = ['new', 'reviewed', 'planned', 'completed', 'rejected'] as const;
export const feedbackPriorities = ['low', 'medium', 'high'] as const;

export const feedbackInput = z.strictObject({
  type: z
    .enum(feedbackTypes, { error: 'Type must be feature, bug, improvement or other.' })
    .default('feature'),
  title: z
    .string({ error: 'Title must be at least 3 characters' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(100, 'Title too long'),
  description: z
    .string({ error: 'Please provide more details (at least 10 characters)' })
    .trim()
    .min(10, 'Please provide more details (at least 10 characters)')
    .max(1000, 'Description too long'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Invalid email')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email')
    .transform((value) => value || null)
    .nullable()
    .optional(),
  // The client sends it; the server takes the user from the token instead.
  userId: z.unknown().optional(),
});

export const feedbackUpdateInput = z
  .strictObject({
    status: z.enum(feedbackStatuses, {
      error: 'Status must be new, reviewed, planned, completed or rejected.',
    }),
    priority: z.enum(feedbackPriorities, { error: 'Priority must be low, medium or high.' }),
  })
  .partial()
  .refine(hasSomeField, 'Send a status or a priority to change.');

export const feedbackItem = z.object({
  id: z.number().int(),
  type: z.enum(feedbackTypes),
  title: z.string(),
  description: z.string(),
  email: z.string().nullable(),
  userId: z.number().int().nullable(),
  status: z.enum(feedbackStatuses),
  priority: z.enum(feedbackPriorities),
  createdAt: z.iso.datetime(),
});

/** In the admin's list, the author is named: the username of a signed-in author, else null. */
const feedbackListItem = feedbackItem.extend({ username: z.string().nullable() });

export const feedbackList = z.array(feedbackListItem);

/** The admin list's filters; each left out means every value. */
export const feedbackListQuery = z.strictObject({
  status: z
    .enum(feedbackStatuses, {
      error: 'Status filter must be new, reviewed, planned, completed or rejected.',
    })
    .optional(),
  type: z
    .enum(feedbackTypes, { error: 'Type filter must be feature, bug, improvement or other.' })
    .optional(),
});

export type FeedbackListFilters = z.infer<typeof feedbackListQuery>;
