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
import { accessTokenRoutes } from './routes/access-tokens';
import { accountRoutes } from './routes/account';
import { analyticsRoutes } from './routes/analytics';
import { apiReference } from './routes/api-reference';
import { appPages } from './routes/app-pages';
import { auth } from './routes/auth';
import { authPageRoutes } from './routes/auth-page';
import { avatarRoutes } from './routes/avatars';
import { blocksRoutes } from './routes/blocks';
import { boardFeeds } from './routes/board-feeds';
import { boardQr } from './routes/board-qr';
import { boardsRoutes } from './routes/boards';
import { discoverRoutes } from './routes/discover';
import { discoverPage } from './routes/discover-page';
import { emailUpdatesRoutes } from './routes/email-updates';
import { emailVerificationRoutes } from './routes/email-verification';
import { embedPage } from './routes/embed-page';
import { fediverseRoutes } from './routes/fediverse';
import { fediverseEndpoints } from './routes/fediverse-endpoints';
import { feedbackRoutes } from './routes/feedback';
import { followingRoutes, followsRoutes } from './routes/follows';
import { goalsRoutes } from './routes/goals';
import { generateImageRoutes, imageRoutes, uploadRoutes } from './routes/images';
import { importRoutes } from './routes/imports';
import { landingPage } from './routes/landing-page';
import { notificationsRoutes } from './routes/notifications';
import { oembedRoutes } from './routes/oembed';
import { ogImageRoutes } from './routes/og-image';
import { passkeysRoutes } from './routes/passkeys';
import { sourcesRoutes } from './routes/sources';
import { unfurlRoutes } from './routes/unfurl';
import { yearPage } from './routes/year-page';

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
  .route('/', boardFeeds)
  .route('/', boardQr)
  .route('/', yearPage)
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
