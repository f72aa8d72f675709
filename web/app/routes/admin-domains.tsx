import { Link } from 'react-router-dom';
import { DomainBlocks } from '../../features/moderation/components/domain-blocks';
import { ModeratorsOnly } from '../../features/moderation/components/moderators-only';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminDomainsScreen() {
  useDocumentTitle('Domain blocks');
  return (
    <ModeratorsOnly>
      <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Domain blocks</h1>
          <p className="mt-1 text-gray-600">
            Servers suspended or limited, and sites whose links are blocked.{' '}
            <Link to="/admin/reports" className="text-violet-700 underline">
              Reports
            </Link>
          </p>
        </header>
        <DomainBlocks />
      </main>
    </ModeratorsOnly>
  );
}
