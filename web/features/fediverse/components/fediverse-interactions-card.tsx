import { BanIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { ownImagePathPrefix } from '../../../../schema/fields';
import { AlertDialogAction, ConfirmedButton } from '../../../components/ui/alert-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ListSection } from '../../../components/ui/list-section';
import { LoadMore } from '../../../components/ui/load-more';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { type BlockRequest, useBlockFromBoard } from '../api/block-from-board';
import {
  type FediverseInteraction,
  useFediverseInteractions,
} from '../api/get-fediverse-interactions';
import { useHideReply } from '../api/hide-reply';

type StoryAnswers = { id: number; headline: string; interactions: FediverseInteraction[] };

/** The interactions loaded so far, by the story they answer, the latest answered first. */
function byStory(interactions: FediverseInteraction[]): StoryAnswers[] {
  const stories = new Map<number, StoryAnswers>();
  for (const interaction of interactions) {
    const { id, headline } = interaction.story;
    const story = stories.get(id) ?? { id, headline, interactions: [] };
    story.interactions.push(interaction);
    stories.set(id, story);
  }
  return [...stories.values()];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function tally(interactions: FediverseInteraction[]): string {
  const count = (kind: FediverseInteraction['kind']) =>
    interactions.filter((interaction) => interaction.kind === kind).length;
  return [
    plural(count('like'), 'like', 'likes'),
    plural(count('boost'), 'boost', 'boosts'),
    plural(count('reply'), 'reply', 'replies'),
  ].join(' · ');
}

/**
 * What people on Mastodon and the rest of the fediverse answered the owner's stories with: on
 * each story its likes, boosts and replies, each with a way to block the account or its server,
 * and each reply with a way to hide it. Only the owner sees them.
 */
export function FediverseInteractionsCard() {
  const pages = useFediverseInteractions();
  const interactions = pages.data?.pages.flatMap((page) => page.interactions);
  return (
    <ListSection
      id="fediverse-interactions-heading"
      heading="Likes, Boosts and Replies"
      items={interactions}
      isError={pages.isError}
      retry={pages.refetch}
      failure="Couldn't load the answers to your stories."
      empty="No one on Mastodon or the fediverse has liked, boosted or replied to your stories yet."
    >
      {interactions &&
        byStory(interactions).map((story) => <StoryAnswersList key={story.id} story={story} />)}
      <LoadMore pages={pages} failure="Couldn't load more answers. Try again." />
    </ListSection>
  );
}

function StoryAnswersList({ story }: { story: StoryAnswers }) {
  const headingId = `fediverse-story-${story.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="truncate text-sm font-medium text-gray-900">
        {story.headline}
      </h3>
      <p className="text-xs text-gray-600">{tally(story.interactions)}</p>
      <ul className="space-y-2">
        {story.interactions.map((interaction) => (
          <InteractionRow key={interaction.id} interaction={interaction} />
        ))}
      </ul>
    </article>
  );
}

const doneWords: Record<FediverseInteraction['kind'], string> = {
  like: 'liked',
  boost: 'boosted',
  reply: 'replied',
};

/** An account's picture as we copied it: the dashboard never loads another server's. */
const shownPicture = (avatarUrl: string | null) =>
  avatarUrl?.startsWith(ownImagePathPrefix) ? avatarUrl : null;

function InteractionRow({ interaction }: { interaction: FediverseInteraction }) {
  const name = interaction.name ?? interaction.handle.replace(/^@/, '');
  return (
    <li className="flex items-start gap-2">
      <UserAvatar
        src={shownPicture(interaction.avatarUrl)}
        name={name}
        className="size-8 text-sm"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm text-gray-900">
          <span className="font-medium">{name}</span> {doneWords[interaction.kind]}
        </p>
        <p className="truncate text-xs text-gray-600">{interaction.handle}</p>
        {interaction.kind === 'reply' && <ReplyWords interaction={interaction} />}
        <div className="flex flex-wrap gap-2">
          {interaction.kind === 'reply' && <HideReplyButton interaction={interaction} />}
          <BlockButton interaction={interaction} />
        </div>
      </div>
    </li>
  );
}

function ReplyWords({ interaction }: { interaction: FediverseInteraction }) {
  if (interaction.hidden) {
    return <p className="text-xs text-gray-600 italic">You hid this reply.</p>;
  }
  return (
    <div
      className="wrap-anywhere rounded-md bg-gray-50 p-2 text-sm text-gray-800 [&_a]:text-violet-700 [&_a]:underline"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server to paragraphs, line breaks and links before it was stored
      dangerouslySetInnerHTML={{ __html: interaction.contentHtml ?? '' }}
    />
  );
}

function HideReplyButton({ interaction }: { interaction: FediverseInteraction }) {
  const hide = useHideReply();
  const hidden = !interaction.hidden;
  const onClick = () =>
    hide.mutate(
      { id: interaction.id, hidden },
      {
        onSuccess: () => toast({ title: hidden ? 'Reply hidden' : 'Reply shown' }),
        onError: (error) =>
          toast({
            title: errorMessage(error, 'Failed to change the reply. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button
      type="button"
      variant="outline"
      size="compact"
      disabled={hide.isPending}
      aria-label={`${hidden ? 'Hide' : 'Show'} the reply from ${interaction.handle}`}
      onClick={onClick}
    >
      {hidden ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
      {hidden ? 'Hide' : 'Show'}
    </Button>
  );
}

const serverOf = (handle: string) => handle.split('@').at(-1) ?? handle;

/**
 * Blocks, once the owner confirms it, the account or its whole server: its likes, boosts, replies
 * and follow leave the board, and nothing more from it is taken.
 */
function BlockButton({ interaction }: { interaction: FediverseInteraction }) {
  const block = useBlockFromBoard();
  const server = serverOf(interaction.handle);
  const confirm = (kind: BlockRequest['kind']) =>
    block.mutate(
      { interactionId: interaction.id, kind },
      {
        onSuccess: () =>
          toast({
            title: kind === 'server' ? 'Server blocked' : 'Account blocked',
            description: kind === 'server' ? server : interaction.handle,
          }),
        onError: (error) =>
          toast({
            title: errorMessage(error, 'Failed to block. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <ConfirmedButton
      label="Block"
      icon={<BanIcon aria-hidden />}
      ariaLabel={`Block ${interaction.handle}`}
      pending={block.isPending}
      title={`Block ${interaction.handle}?`}
      description={`Their likes, boosts, replies and follow leave your board, and nothing more from them reaches it. Block the whole server to refuse everyone on ${server}.`}
    >
      <AlertDialogAction onClick={() => confirm('server')}>Block Server</AlertDialogAction>
      <AlertDialogAction onClick={() => confirm('account')}>Block Account</AlertDialogAction>
    </ConfirmedButton>
  );
}
