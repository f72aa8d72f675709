import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/** The last push to sign up; a signed-in person already has a board, so they go to it. */
export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-violet-700 to-fuchsia-700 px-4 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <h2
          id="cta-title"
          className="text-3xl font-extrabold tracking-tight text-balance text-white"
        >
          Share what you're up to in minutes
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-violet-100">
          One board, one link, everything you're into.
        </p>
        <Link
          to={signedIn ? '/dashboard' : '/auth'}
          // These words do not fit a 320 px phone at the large size: a smaller one there.
          className={cn(
            buttonVariants({ size: 'lg', variant: 'inverse' }),
            'mt-8 max-sm:px-4 max-sm:text-sm',
          )}
        >
          {signedIn ? 'Go to Dashboard' : "Create Your Board - It's Free"}
          <ArrowRightIcon aria-hidden />
        </Link>
      </div>
    </section>
  );
}
