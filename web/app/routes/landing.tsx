import { useLiveBoards } from '../../features/landing/api/get-live-boards';
import { ClosingCta } from '../../features/landing/components/closing-cta';
import { EmbedSection } from '../../features/landing/components/embed-section';
import { Hero } from '../../features/landing/components/hero';
import { LandingFooter } from '../../features/landing/components/landing-footer';
import { LiveBoards } from '../../features/landing/components/live-boards';
import { WhySection } from '../../features/landing/components/why-section';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LandingScreen() {
  const { user } = useAuth();
  const liveBoards = useLiveBoards();
  // A failed call shows the demo boards, like an empty one: the landing page never shows an error.
  const liveUsers = liveBoards.isPending ? undefined : (liveBoards.data ?? []);

  useDocumentTitle('Hey, what are you UP2 these days?');

  return (
    <>
      <main>
        <Hero signedIn={Boolean(user)} />
        <WhySection />
        <LiveBoards users={liveUsers} />
        <EmbedSection />
        <ClosingCta signedIn={Boolean(user)} />
      </main>
      <LandingFooter />
    </>
  );
}
