import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useConfirmUpdates } from '../../features/auth/api/email-updates';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Where the emailed "confirm updates" link leads. Confirming takes a click: mail scanners that
 * open every link must not subscribe anyone.
 */
export function ConfirmUpdatesScreen() {
  const token = useSearchParams()[0].get('token');
  const confirm = useConfirmUpdates();
  useDocumentTitle('Confirm Updates');

  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-gray-900">Confirm Updates</h1>
        {!token ? (
          <p className="mt-2 text-sm text-gray-700">
            This link is missing its token. Open the link from the email again, or ask for updates
            in your profile settings.
          </p>
        ) : confirm.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-gray-700">
            {confirm.data.message}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-gray-700">
              Send me updates about new features and tips at this address.
            </p>
            {confirm.isError && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {errorMessage(confirm.error, 'Something went wrong. Please try again.')}
              </p>
            )}
            <Button
              className="mt-5"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(token)}
            >
              {confirm.isPending ? 'Confirming...' : 'Confirm'}
            </Button>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link className="font-medium text-violet-700 underline" to="/">
            Back to Up2
          </Link>
        </p>
      </div>
    </main>
  );
}
