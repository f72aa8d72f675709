import { ExternalLinkIcon, EyeIcon, PlusIcon, SettingsIcon, UploadIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { BlockStatus } from '../../../schema/block-values';
import type { BlockTypeKey } from '../../../schema/catalogue';
import { Button } from '../../components/ui/button';
import { LoadMore } from '../../components/ui/load-more';
import { Skeleton } from '../../components/ui/skeleton';
import { useMyAnalytics } from '../../features/analytics/api/get-my-analytics';
import { DailyChartCard } from '../../features/analytics/components/daily-chart-card';
import { InsightsCard } from '../../features/analytics/components/insights-card';
import { StatsCard } from '../../features/analytics/components/stats-card';
import { PrivacySwitch } from '../../features/auth/components/privacy-switch';
import { ProfileSettingsDialog } from '../../features/auth/components/profile-settings-dialog';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import type { Block } from '../../features/blocks/api/get-own-blocks';
import { usePlaceBlock } from '../../features/blocks/api/place-block';
import { useOwnBoard } from '../../features/blocks/api/use-own-board';
import { firstTabWithBlocks } from '../../features/blocks/block-rules';
import { BlockBoard } from '../../features/blocks/components/block-board';
import { BlockCard } from '../../features/blocks/components/block-card';
import {
  BlockDialog,
  type BlockDialogOutcome,
} from '../../features/blocks/components/block-dialog';
import { CopyBlockButton } from '../../features/blocks/components/copy-block-button';
import { DuplicatesNotice } from '../../features/blocks/components/duplicates-notice';
import { SortableBlockGrid } from '../../features/blocks/components/sortable-block-grid';
import { focusBlockCard } from '../../features/blocks/focus-block-card';
import { BoardToolbar } from '../../features/boards/components/board-toolbar';
import { EmbedCodeCard } from '../../features/boards/components/embed-code-card';
import { OnboardingBanner } from '../../features/boards/components/onboarding-banner';
import { ShareBoardButton } from '../../features/boards/components/share-board-button';
import { TrendingRow } from '../../features/discover/components/trending-row';
import { FediverseAccountCard } from '../../features/fediverse/components/fediverse-account-card';
import { FediverseBlockedCard } from '../../features/fediverse/components/fediverse-blocked-card';
import { FediverseFollowersCard } from '../../features/fediverse/components/fediverse-followers-card';
import { FediverseInteractionsCard } from '../../features/fediverse/components/fediverse-interactions-card';
import { GoalsCard } from '../../features/goals/components/goals-card';
import { SourcesCard } from '../../features/sources/components/sources-card';
import { YearOfferCard } from '../../features/year/components/year-offer-card';
import { useAuth } from '../../lib/auth';
import type { CurrentUser } from '../../lib/current-user';
import { loadChunk } from '../../lib/load-chunk';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { ScreenFallback } from '../layout/site-layout';

// Fetched the first time it opens: most visits to the dashboard import nothing.
const ImportDialog = lazy(() =>
  loadChunk(() => import('../../features/imports/components/import-dialog')).then((module) => ({
    default: module.ImportDialog,
  })),
);

// Fetched the first time it opens, like the import dialog.
const AddSourceDialog = lazy(() =>
  loadChunk(() => import('../../features/sources/components/add-source-dialog')).then((module) => ({
    default: module.AddSourceDialog,
  })),
);

/** The block dialog: a null block creates one, starting in `initialStatus`. */
type BlockEditing = {
  open: boolean;
  block: Block | null;
  initialStatus?: BlockStatus;
  initialType?: BlockTypeKey;
};

function SidebarCard({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      {children}
    </div>
  );
}

function YourBoardCard({ username }: { username: string }) {
  const { data, isError } = useMyAnalytics();
  const boardUrl = `${window.location.origin}/@${username}`;
  return (
    <section aria-labelledby="your-board-heading" className="space-y-2">
      <h2 id="your-board-heading" className="text-sm font-semibold text-gray-900">
        Your Board
      </h2>
      <a
        href={`/@${username}`}
        className="block break-all rounded-sm text-sm font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
      >
        {boardUrl}
      </a>
      <div className="flex items-center gap-1.5 text-sm text-gray-700">
        <EyeIcon aria-hidden className="size-4" />
        {data && `${data.totalViews.toLocaleString()} total views`}
        {!data && !isError && <Skeleton className="h-4 w-24" />}
        {isError && '–'}
      </div>
    </section>
  );
}

function ActionsCard(props: {
  user: CurrentUser;
  onNewBlock: () => void;
  onProfile: () => void;
  onImport: () => void;
}) {
  return (
    <section aria-labelledby="actions-heading" className="space-y-2">
      <h2 id="actions-heading" className="text-sm font-semibold text-gray-900">
        Actions
      </h2>
      <div className="grid gap-2">
        <Button onClick={props.onNewBlock} align="start">
          <PlusIcon aria-hidden />
          New Block
        </Button>
        <Button asChild variant="outline" align="start">
          <a href={`/@${props.user.username}`} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            View Board
          </a>
        </Button>
        <ShareBoardButton
          label="Share Board"
          username={props.user.username}
          displayName={props.user.displayName}
          isPrivate={!props.user.isPublic}
        />
        <Button variant="outline" onClick={props.onProfile} align="start">
          <SettingsIcon aria-hidden />
          Profile Settings
        </Button>
        <Button variant="outline" onClick={props.onImport} align="start">
          <UploadIcon aria-hidden />
          Import Books or Films
        </Button>
      </div>
    </section>
  );
}

/** Where focus goes once the block dialog has closed (the card once the list shows it). */
function useBlockDialogFocus(blocks: Block[] | undefined) {
  const boardRef = useRef<HTMLElement>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const [cardToFocus, setCardToFocus] = useState<Pick<Block, 'id' | 'status'> | null>(null);

  useEffect(() => {
    // The list refetches after a save: wait until it has the card where it now belongs.
    const listed = blocks?.find(
      (block) => block.id === cardToFocus?.id && block.status === cardToFocus.status,
    );
    if (!listed || !boardRef.current) return;
    setCardToFocus(null);
    focusBlockCard(boardRef.current, listed);
  }, [cardToFocus, blocks]);

  return {
    boardRef,
    focusCard: setCardToFocus,
    rememberTrigger() {
      triggerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    afterClose(outcome: BlockDialogOutcome, editedBlock: Block | null) {
      if (outcome.kind === 'saved') return setCardToFocus(outcome.block);
      if (outcome.kind === 'deleted') {
        boardRef.current?.querySelector<HTMLElement>('[data-status-choice]:checked')?.focus();
        return;
      }
      // A card opens the dialog from anywhere on it, so its own edit button stands for it.
      if (editedBlock) return setCardToFocus(editedBlock);
      const trigger = triggerRef.current;
      if (trigger?.isConnected && trigger !== document.body) trigger.focus();
    },
  };
}

/** The year in review, offered from December on, with the share dialog for its page. */
function YearOfferSidebarCard({ user, today }: { user: CurrentUser; today: Date }) {
  const year = today.getFullYear();
  if (today.getMonth() < 11) return null;
  return (
    <SidebarCard>
      <YearOfferCard
        username={user.username}
        year={year}
        share={
          <ShareBoardButton
            label={`Share your ${year}`}
            username={user.username}
            displayName={user.displayName}
            isPrivate={!user.isPublic}
            year={year}
          />
        }
      />
    </SidebarCard>
  );
}

/** How many cards the embed shows on the tab it opens on: the visible blocks of the first tab with any. */
function firstTabCards(blocks: Block[]): number {
  const visible = blocks.filter((block) => block.isVisible);
  const tab = firstTabWithBlocks(visible);
  return visible.filter((block) => block.status === tab).length;
}

function Dashboard({ user, firstSignIn }: { user: CurrentUser; firstSignIn: boolean }) {
  const { ownBlocks, blocks, counts, blockCount: totalBlocks, more } = useOwnBoard();
  const placeBlock = usePlaceBlock();
  const [editing, setEditing] = useState<BlockEditing>({ open: false, block: null });
  const [profileOpen, setProfileOpen] = useState(false);
  // Null until first opened, so the dialog's chunk is fetched only then.
  const [importOpen, setImportOpen] = useState<boolean | null>(null);
  const [addSourceOpen, setAddSourceOpen] = useState<boolean | null>(null);
  const blockCount = totalBlocks ?? (ownBlocks.isError ? null : undefined);
  const dialogFocus = useBlockDialogFocus(blocks);
  const openDialog = (next: Omit<BlockEditing, 'open'>) => {
    dialogFocus.rememberTrigger();
    setEditing({ open: true, ...next });
  };
  const createBlock = (initialStatus?: BlockStatus) => openDialog({ block: null, initialStatus });
  const today = new Date(useNow());

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 grid-cols-1 lg:grid-cols-[18rem_minmax(0,1fr)] lg:py-8">
      <aside aria-label="Board tools" className="order-last min-w-0 space-y-4 lg:order-none">
        <SidebarCard>
          <YourBoardCard username={user.username} />
        </SidebarCard>
        <SidebarCard>
          <ActionsCard
            user={user}
            onNewBlock={() => createBlock()}
            onProfile={() => setProfileOpen(true)}
            onImport={() => setImportOpen(true)}
          />
        </SidebarCard>
        <SidebarCard>
          <SourcesCard onAdd={() => setAddSourceOpen(true)} />
        </SidebarCard>
        <SidebarCard>
          <PrivacySwitch isPublic={user.isPublic} />
        </SidebarCard>
        <YearOfferSidebarCard user={user} today={today} />
        <SidebarCard>
          <GoalsCard year={today.getFullYear()} />
        </SidebarCard>
        <SidebarCard>
          <StatsCard blockCount={blockCount} />
        </SidebarCard>
        <SidebarCard>
          <FediverseFollowersCard />
        </SidebarCard>
        <SidebarCard>
          <FediverseInteractionsCard />
        </SidebarCard>
        <SidebarCard>
          <FediverseBlockedCard />
        </SidebarCard>
        <SidebarCard>
          <FediverseAccountCard />
        </SidebarCard>
        <SidebarCard>
          <DailyChartCard />
        </SidebarCard>
        <SidebarCard>
          <InsightsCard />
        </SidebarCard>
        <SidebarCard>
          <EmbedCodeCard username={user.username} firstTabCards={firstTabCards(blocks ?? [])} />
        </SidebarCard>
      </aside>
      <main ref={dialogFocus.boardRef} className="min-w-0 space-y-5 lg:col-start-2 lg:row-start-1">
        <h1 className="wrap-anywhere text-2xl font-bold text-gray-900 sm:text-3xl">
          {firstSignIn ? 'Welcome' : 'Welcome back'}, {user.displayName}
        </h1>
        {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
        {ownBlocks.isPending && <ScreenFallback />}
        {ownBlocks.isError && !ownBlocks.data && (
          <div className="rounded-xl border border-gray-200 bg-white p-6 text-center">
            <p className="font-medium text-gray-900">Something went wrong</p>
            <Button variant="outline" className="mt-3" onClick={() => ownBlocks.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {ownBlocks.data && blocks && (
          <>
            <BoardToolbar board={ownBlocks.data.board} />
            <DuplicatesNotice />
            <OnboardingBanner
              blockCount={blockCount ?? 0}
              onCreate={() => createBlock('now')}
              onExample={(initialType) => openDialog({ block: null, initialType })}
            />
            {blocks.length === 0 && (
              // An empty board's quickest start: one press copies what others are up to.
              <TrendingRow
                category={null}
                renderBlock={(block, board) => (
                  <BlockCard
                    block={block}
                    board={board}
                    viewMode="auto"
                    action={<CopyBlockButton block={block} onCopied={dialogFocus.focusCard} />}
                  />
                )}
              />
            )}
            <BlockBoard
              variant="owner"
              blocks={blocks}
              counts={counts}
              board={ownBlocks.data.board}
              displayName={user.displayName}
              initialStatus={firstTabWithBlocks(blocks)}
              onCreate={createBlock}
              onEdit={(block) => openDialog({ block })}
              renderTab={(tab) => (
                <>
                  <SortableBlockGrid
                    {...tab}
                    onMove={(id, after) => placeBlock.mutate({ id, status: tab.status, after })}
                  />
                  <LoadMore
                    pages={more[tab.status]}
                    failure="We couldn't load more blocks. Try again."
                  />
                </>
              )}
            />
          </>
        )}
      </main>
      <BlockDialog
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
        block={editing.block}
        initialStatus={editing.initialStatus}
        initialType={editing.initialType}
        // Until the board has loaded, the board-wide default.
        boardRatio={ownBlocks.data?.board.globalImageRatio ?? 'square'}
        onClosed={(outcome) => dialogFocus.afterClose(outcome, editing.block)}
      />
      <ProfileSettingsDialog
        open={profileOpen}
        onOpenChange={setProfileOpen}
        user={user}
        blockCount={blockCount ?? undefined}
      />
      {importOpen !== null && (
        <Suspense>
          <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
        </Suspense>
      )}
      {addSourceOpen !== null && (
        <Suspense>
          <AddSourceDialog open={addSourceOpen} onOpenChange={setAddSourceOpen} />
        </Suspense>
      )}
    </div>
  );
}

export function DashboardScreen() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  useDocumentTitle('Dashboard');

  if (isLoading) return <ScreenFallback />;
  if (!user) return <Navigate to="/auth" state={{ from: location }} replace />;
  return <Dashboard user={user} firstSignIn={firstSignIn(location.state)} />;
}

/** Sign In says so when it follows Sign Up: a newcomer is welcomed, not welcomed back. */
function firstSignIn(state: unknown): boolean {
  return (state as { firstSignIn?: unknown } | null)?.firstSignIn === true;
}
