import { MessageSquareHeartIcon } from 'lucide-react';
import { useState } from 'react';
import { FeedbackForm } from '../../features/feedback/components/feedback-form';
import { FeedbackThanks } from '../../features/feedback/components/feedback-thanks';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function FeedbackScreen() {
  const { user } = useAuth();
  const [submitted, setSubmitted] = useState(false);

  useDocumentTitle('Share Your Feedback');

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-violet-100 text-violet-700">
          <MessageSquareHeartIcon aria-hidden className="size-6" />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Share Your Feedback
        </h1>
        <p className="mt-2 text-gray-600">
          Have an idea, found a bug, or think something could be better? Tell us.
        </p>
      </header>
      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        {submitted ? (
          <FeedbackThanks onSubmitAnother={() => setSubmitted(false)} />
        ) : (
          <FeedbackForm userId={user?.id ?? null} onSubmitted={() => setSubmitted(true)} />
        )}
      </div>
      <p className="mt-6 text-center text-sm text-gray-600">
        Your feedback is stored and read by the Up2 team. If you leave your email, we may reach out
        to you about it.
      </p>
    </main>
  );
}
