import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { useResetTokenCheck } from '../../features/auth/api/check-reset-token';
import {
  ResetPasswordForm,
  useMissingTokenRedirect,
} from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ResetPasswordScreen() {
  const token = useSearchParams()[0].get('token');
  useMissingTokenRedirect(token);
  useDocumentTitle('Reset Password');
  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-gray-900">Reset Password</h1>
        {token && <ResetPasswordStep token={token} />}
      </div>
    </main>
  );
}

/** The form, once the link is known to work: a used or expired one is told before any typing. */
function ResetPasswordStep({ token }: { token: string }) {
  const check = useResetTokenCheck(token);
  if (check.isPending) {
    return (
      <div className="mt-6 flex justify-center">
        <Spinner label="Checking your link" />
      </div>
    );
  }
  if (check.data === false) {
    return (
      <div className="mt-3 space-y-4">
        <p role="alert" className="text-sm text-gray-700">
          This reset link is invalid or has expired. Please request a new one.
        </p>
        <Link
          to="/forgot-password"
          className="inline-block font-medium text-violet-700 hover:underline"
        >
          Request a new link
        </Link>
      </div>
    );
  }
  // Should the check itself fail, the form still tries: the reset answers for itself.
  return (
    <>
      <p className="mt-1 mb-6 text-sm text-gray-600">Choose a new password for your account.</p>
      <ResetPasswordForm token={token} />
    </>
  );
}
