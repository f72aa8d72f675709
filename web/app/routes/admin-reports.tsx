import { Link } from 'react-router-dom';
import { ModeratorsOnly } from '../../features/moderation/components/moderators-only';
import { ReportQueue } from '../../features/moderation/components/report-queue';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminReportsScreen() {
  useDocumentTitle('Reports');
  return (
    <ModeratorsOnly>
      <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Reports</h1>
          <p className="mt-1 text-gray-600">
            Open reports by board, newest first.{' '}
            <Link to="/admin/audit" className="text-violet-700 underline">
              Audit log
            </Link>
          </p>
        </header>
        <ReportQueue />
      </main>
    </ModeratorsOnly>
  );
}
