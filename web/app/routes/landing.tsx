import { BlockBoard } from '../../features/blocks/components/block-board';
import { useLiveBoards } from '../../features/landing/api/get-live-boards';
import { ClosingCta } from '../../features/landing/components/closing-cta';
import { EmbedSection } from '../../features/landing/components/embed-section';
import { Hero } from '../../features/landing/components/hero';
import { LandingFooter } from '../../features/landing/components/landing-footer';
import { LiveBoards } from '../../features/landing/components/live-boards';
import { sampleBlocks } from '../../features/landing/components/sample-blocks';
import { SampleBoard } from '../../features/landing/components/sample-board';
import { WhySection } from '../../features/landing/components/why-section';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

// Wide boxes keep the sample board's cards short under the hero's text.
const sampleBoardSettings = {
  globalImageRatio: 'wide',
  hideAllImages: false,
  accent: 'violet',
} as const;

/** The landing screen's name, which its page carries from the server too. */
export const landingScreenName = 'Hey, what are you UP2 these days?';

export function LandingScreen() {
  const { user } = useAuth();
  const liveBoards = useLiveBoards();
  // A failed call shows the demo boards, like an empty one: the landing page never shows an error.
  const liveUsers = liveBoards.isPending ? undefined : (liveBoards.data ?? []);

  useDocumentTitle(landingScreenName);

  return (
    <>
      <main>
        <Hero
          signedIn={Boolean(user)}
          sampleBoard={
            <SampleBoard
              board={
                <BlockBoard
                  blocks={sampleBlocks}
                  board={sampleBoardSettings}
                  displayName="Alex"
                  variant="visitor"
                />
              }
            />
          }
        />
        <WhySection />
        <LiveBoards users={liveUsers} />
        <EmbedSection />
        <ClosingCta signedIn={Boolean(user)} />
      </main>
      <LandingFooter />
    </>
  );
}
