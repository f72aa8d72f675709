import { MailIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/email-verification';

/** Until the address is proven, no reset or updates reach it: the dashboard says so, and resends. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-label="Confirm your email"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <MailIcon aria-hidden className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Please confirm your email address.</p>
        <p className="wrap-anywhere">
          Open the link we sent to {email}. Until then we cannot send you a password reset.
        </p>
        {resend.isSuccess && <p role="status">{resend.data.message}</p>}
        {resend.isError && (
          <p role="alert" className="text-red-800">
            {errorMessage(resend.error, 'Failed to send the link. Please try again.')}
          </p>
        )}
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Resend Link
      </Button>
    </section>
  );
}
