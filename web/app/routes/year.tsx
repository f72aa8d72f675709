import { useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { BlockCard } from '../../features/blocks/components/block-card';
import { boardUsername } from '../../features/boards/api/get-board';
import { ProfileHeader } from '../../features/boards/components/profile-header';
import { useYear } from '../../features/year/api/get-year';
import { YearReview } from '../../features/year/components/year-review';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/@maya/year/2026`: the board's year in review, drawn with the board's own header and cards. */
export function YearScreen() {
  const params = useParams();
  const username = boardUsername(params.username);
  const year = params.year ?? '';
  const review = useYear(username, year);
  const figures = review.data;

  useDocumentTitle(
    figures ? `${figures.user.displayName}'s ${figures.year} on Up2` : 'Year Not Found',
  );

  if (review.isPending) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading the year" />
      </main>
    );
  }
  if (!figures) {
    return (
      <main className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Year Not Found</h1>
        <p className="text-gray-700">
          This board doesn't exist, is private, or this year hasn't happened yet.
        </p>
      </main>
    );
  }
  return (
    <YearReview
      figures={figures}
      header={<ProfileHeader user={figures.user} updatedAt={null} />}
      renderBlock={(block) => <BlockCard block={block} board={figures.board} viewMode="default" />}
    />
  );
}
