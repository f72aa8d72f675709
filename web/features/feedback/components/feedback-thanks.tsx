import { CircleCheckIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export function FeedbackThanks({ onSubmitAnother }: { onSubmitAnother: () => void }) {
  return (
    <div className="flex flex-col items-center py-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CircleCheckIcon aria-hidden className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-gray-900">Thank you!</h2>
      <p className="mt-2 max-w-sm text-gray-600">
        Your feedback has reached the team. Every message helps shape what Up2 becomes next.
      </p>
      <Button variant="outline" className="mt-6" onClick={onSubmitAnother}>
        Submit Another
      </Button>
    </div>
  );
}
