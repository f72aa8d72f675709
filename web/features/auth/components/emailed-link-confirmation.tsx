import type { UseMutationResult } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

type EmailedLinkConfirmationProps = {
  title: string;
  /** What to do when the link came without its token. */
  missingToken: string;
  /** What the click confirms. */
  question: string;
  confirmLabel: string;
  /** Sends the link's token; its answer's message is shown once it is done. */
  confirmation: UseMutationResult<{ message: string }, Error, string>;
  back: { to: string; label: string };
};

/**
 * Where an emailed link leads. Confirming takes a click: mail scanners that open every link must
 * not act for the person the mail was for.
 */
export function EmailedLinkConfirmation({
  title,
  missingToken,
  question,
  confirmLabel,
  confirmation,
  back,
}: EmailedLinkConfirmationProps) {
  const token = useSearchParams()[0].get('token');
  useDocumentTitle(title);

  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {!token ? (
          <p className="mt-2 text-sm text-gray-700">{missingToken}</p>
        ) : confirmation.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-gray-700">
            {confirmation.data.message}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-gray-700">{question}</p>
            {confirmation.isError && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {errorMessage(confirmation.error, 'Something went wrong. Please try again.')}
              </p>
            )}
            <Button
              className="mt-5"
              disabled={confirmation.isPending}
              onClick={() => confirmation.mutate(token)}
            >
              {confirmation.isPending ? 'Confirming...' : confirmLabel}
            </Button>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link className="font-medium text-violet-700 underline" to={back.to}>
            {back.label}
          </Link>
        </p>
      </div>
    </main>
  );
}
