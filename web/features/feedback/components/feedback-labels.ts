import type {
  feedbackPriorities,
  feedbackStatuses,
  feedbackTypes,
} from '../../../../schema/feedback';

type FeedbackType = (typeof feedbackTypes)[number];
type FeedbackStatus = (typeof feedbackStatuses)[number];
type FeedbackPriority = (typeof feedbackPriorities)[number];

export const feedbackTypeLabels: Record<FeedbackType, string> = {
  feature: 'Feature request',
  bug: 'Bug report',
  improvement: 'Improvement',
  other: 'Other',
};

export const feedbackStatusLabels: Record<FeedbackStatus, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  planned: 'Planned',
  completed: 'Completed',
  rejected: 'Rejected',
};

export const feedbackPriorityLabels: Record<FeedbackPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

// Tinted badges, each pair at least 4.5:1 so axe passes.
export const feedbackTypeTints: Record<FeedbackType, string> = {
  feature: 'border-violet-200 bg-violet-50 text-violet-800',
  bug: 'border-red-200 bg-red-50 text-red-800',
  improvement: 'border-sky-200 bg-sky-50 text-sky-800',
  other: 'border-gray-300 bg-gray-50 text-gray-800',
};

export const feedbackStatusTints: Record<FeedbackStatus, string> = {
  new: 'border-blue-200 bg-blue-50 text-blue-800',
  reviewed: 'border-amber-200 bg-amber-50 text-amber-900',
  planned: 'border-violet-200 bg-violet-50 text-violet-800',
  completed: 'border-green-200 bg-green-50 text-green-800',
  rejected: 'border-gray-300 bg-gray-100 text-gray-700',
};

export const feedbackPriorityTints: Record<FeedbackPriority, string> = {
  low: 'border-gray-300 bg-gray-50 text-gray-700',
  medium: 'border-amber-200 bg-amber-50 text-amber-900',
  high: 'border-red-200 bg-red-50 text-red-800',
};
