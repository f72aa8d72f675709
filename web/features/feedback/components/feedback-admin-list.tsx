import { InboxIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { useFeedbackList } from '../api/get-feedback';
import { FeedbackItemCard } from './feedback-item-card';

/** Every submission, newest first. Mount it for the signed-in owner account only. */
export function FeedbackAdminList() {
  const list = useFeedbackList();
  if (list.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading feedback" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p
        role="alert"
        className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-800"
      >
        Failed to load feedback. Please reload the page.
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
        <InboxIcon aria-hidden className="size-10 text-gray-400" />
        <p className="mt-3 font-medium text-gray-700">No feedback submissions yet</p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm font-medium text-gray-600">
        {list.data.length} {list.data.length === 1 ? 'submission' : 'submissions'}
      </p>
      <ul className="space-y-4">
        {list.data.map((item) => (
          <FeedbackItemCard key={item.id} item={item} />
        ))}
      </ul>
    </>
  );
}
