import { useSearchParams } from 'react-router-dom';
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
        {token && (
          <>
            <p className="mt-1 mb-6 text-sm text-gray-600">
              Choose a new password for your account.
            </p>
            <ResetPasswordForm token={token} />
          </>
        )}
      </div>
    </main>
  );
}
