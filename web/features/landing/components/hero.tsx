import { ArrowRightIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

type HeroProps = { signedIn: boolean };

function HeroActions({ signedIn }: HeroProps) {
  if (signedIn) {
    return (
      <Link to="/dashboard" className={cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto')}>
        Go to Dashboard <ArrowRightIcon aria-hidden />
      </Link>
    );
  }
  return (
    <>
      <Link to="/auth" className={cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto')}>
        Create Your Board <ArrowRightIcon aria-hidden />
      </Link>
      <Link
        to="/discover"
        className={cn(buttonVariants({ size: 'lg', variant: 'outline' }), 'w-full sm:w-auto')}
      >
        Explore Boards
      </Link>
    </>
  );
}

/** The invitation, with an example board (`sampleBoard`) under it. */
export function Hero({ signedIn, sampleBoard }: HeroProps & { sampleBoard: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-violet-50 via-white to-gray-50">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-violet-200/40 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-1.5 rounded-full border border-violet-200 bg-white px-3 py-1 text-xs font-semibold text-violet-800 shadow-sm">
            <SparklesIcon aria-hidden className="size-3.5" /> Your life, one link
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-6xl">
            Hey, what are you <span className="text-violet-700">UP2</span> these days?
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-gray-600 sm:text-xl">
            Up2 turns your scattered activities into one clean link: the books you read, the courses
            you take, the projects you build and the places you go.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <HeroActions signedIn={signedIn} />
          </div>
        </div>
        <div className="mt-14 sm:mt-16">{sampleBoard}</div>
      </div>
    </section>
  );
}
