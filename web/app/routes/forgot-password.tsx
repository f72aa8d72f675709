import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot Password');
  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-2xl font-bold text-gray-900">Forgot Password?</h1>
        <ForgotPasswordForm />
      </div>
    </main>
  );
}
