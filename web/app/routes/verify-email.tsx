import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useVerifyEmail } from '../../features/auth/api/email-verification';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Where the emailed link that proves an address leads. Confirming takes a click: mail scanners
 * that open every link must not prove an address, nor move an account to it.
 */
export function VerifyEmailScreen() {
  const token = useSearchParams()[0].get('token');
  const verify = useVerifyEmail();
  useDocumentTitle('Confirm Email');

  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-gray-900">Confirm Email</h1>
        {!token ? (
          <p className="mt-2 text-sm text-gray-700">
            This link is missing its token. Open the link from the email again, or send yourself a
            new one from your dashboard.
          </p>
        ) : verify.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-gray-700">
            {verify.data.message}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-gray-700">
              Confirm that this email address belongs to your Up2 account.
            </p>
            {verify.isError && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {errorMessage(verify.error, 'Something went wrong. Please try again.')}
              </p>
            )}
            <Button
              className="mt-5"
              disabled={verify.isPending}
              onClick={() => verify.mutate(token)}
            >
              {verify.isPending ? 'Confirming...' : 'Confirm My Email'}
            </Button>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link className="font-medium text-violet-700 underline" to="/dashboard">
            Go to Dashboard
          </Link>
        </p>
      </div>
    </main>
  );
}
