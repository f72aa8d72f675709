import { Hono } from 'hono';
import { except } from 'hono/combine';
import type { ExtractSchema } from 'hono/types';
import type { AppEnv } from './app-env';
import { noStoreForPersonalAnswers } from './middleware/cache-control';
import { requireConfiguration } from './middleware/configuration';
import { databaseSession } from './middleware/database-session';
import { handleError, handleNotFound } from './middleware/errors';
import { drainRefusedBody, limitJsonBodySize, requireJsonBody } from './middleware/request-body';
import { apiSecurityHeaders } from './middleware/security-headers';
import { accessTokenRoutes } from './routes/api/access-tokens';
import { accountRoutes } from './routes/api/account';
import { analyticsRoutes } from './routes/api/analytics';
import { apiReference } from './routes/api/api-reference';
import { auth } from './routes/api/auth';
import { avatarRoutes } from './routes/api/avatars';
import { blocksRoutes } from './routes/api/blocks';
import { boardsRoutes } from './routes/api/boards';
import { discoverRoutes } from './routes/api/discover';
import { emailUpdatesRoutes } from './routes/api/email-updates';
import { emailVerificationRoutes } from './routes/api/email-verification';
import { fediverseRoutes } from './routes/api/fediverse';
import { feedbackRoutes } from './routes/api/feedback';
import { followingRoutes, followsRoutes } from './routes/api/follows';
import { goalsRoutes } from './routes/api/goals';
import { generateImageRoutes, imageRoutes, uploadRoutes } from './routes/api/images';
import { importRoutes } from './routes/api/imports';
import { moderationRoutes } from './routes/api/moderation';
import { notificationsRoutes } from './routes/api/notifications';
import { passkeysRoutes } from './routes/api/passkeys';
import { reportRoutes } from './routes/api/reports';
import { sourcesRoutes } from './routes/api/sources';
import { unfurlRoutes } from './routes/api/unfurl';
import { appPages } from './routes/pages/app-pages';
import { authPageRoutes } from './routes/pages/auth-page';
import { boardQr } from './routes/pages/board-qr';
import { discoverPage } from './routes/pages/discover-page';
import { embedPage } from './routes/pages/embed-page';
import { landingPage } from './routes/pages/landing-page';
import { legalPages } from './routes/pages/legal-pages';
import { linkWarningPage } from './routes/pages/link-warning';
import { storyPage } from './routes/pages/story-page';
import { yearPage } from './routes/pages/year-page';
import { boardFeeds } from './routes/protocol/board-feeds';
import { fediverseEndpoints } from './routes/protocol/fediverse-endpoints';
import { oembedRoutes } from './routes/protocol/oembed';
import { ogImageRoutes } from './routes/protocol/og-image';

const api = new Hono<AppEnv>()
  // Read by unfurlers, editors and pages on other sites: mounted ahead of the API's same-origin
  // headers, each with its own cross-origin ones.
  .route('/og', ogImageRoutes)
  .route('/oembed', oembedRoutes)
  .route('/images', imageRoutes)
  .route('/avatars', avatarRoutes)
  .use(apiSecurityHeaders)
  .use(noStoreForPersonalAnswers)
  .use(requireConfiguration)
  .use(except(['/api/upload/*', '/api/import/*'], requireJsonBody, limitJsonBodySize))
  .route('/auth', auth)
  .route('/account/tokens', accessTokenRoutes)
  .route('/account', accountRoutes)
  .route('/boards', boardsRoutes)
  .route('/blocks', blocksRoutes)
  .route('/goals', goalsRoutes)
  .route('/discover', discoverRoutes)
  .route('/email-updates', emailUpdatesRoutes)
  .route('/email-verification', emailVerificationRoutes)
  .route('/passkeys', passkeysRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/follows', followsRoutes)
  .route('/following', followingRoutes)
  .route('/fediverse', fediverseRoutes)
  .route('/notifications', notificationsRoutes)
  .route('/feedback', feedbackRoutes)
  .route('/reports', reportRoutes)
  .route('/admin', moderationRoutes)
  .route('/generate-image', generateImageRoutes)
  .route('/upload', uploadRoutes)
  .route('/import', importRoutes)
  .route('/unfurl', unfurlRoutes)
  .route('/sources', sourcesRoutes)
  // Keeps unknown API paths from falling through to the page routes below.
  .all('*', handleNotFound);

export const app = new Hono<AppEnv>()
  .use(drainRefusedBody)
  .use(databaseSession)
  .route('/api', apiReference(api))
  .route('/api', api)
  .route('/', fediverseEndpoints)
  .route('/embed', embedPage)
  .route('/', landingPage)
  .route('/', discoverPage)
  .route('/', authPageRoutes)
  .route('/', legalPages)
  .route('/', boardFeeds)
  .route('/', boardQr)
  .route('/', yearPage)
  .route('/', storyPage)
  .route('/', linkWarningPage)
  .route('/', appPages)
  .notFound(handleNotFound)
  .onError(handleError);

/** A segment of a route's path as clients name it: `:id{[0-9]+}` is `:id` (the pattern only routes). */
type ClientSegment<Segment extends string> = Segment extends `:${infer Name}{${string}`
  ? `:${Name}`
  : Segment;

type ClientPath<Path extends string> = Path extends `${infer Segment}/${infer Rest}`
  ? `${ClientSegment<Segment>}/${ClientPath<Rest>}`
  : ClientSegment<Path>;

type ClientSchema<Schema> = {
  [Path in keyof Schema as Path extends string ? ClientPath<Path> : Path]: Schema[Path];
};

/** The JSON API as its clients see it (the web app's, through tools/api-types.ts, and the tests'). */
export type AppType = Hono<AppEnv, ClientSchema<ExtractSchema<typeof api>>, '/'>;
