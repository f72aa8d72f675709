import { Hono } from 'hono';
import { except } from 'hono/combine';
import { noStoreForPersonalAnswers } from './middleware/cache-control';
import { requireConfiguration } from './middleware/configuration';
import { handleError, handleNotFound } from './middleware/errors';
import { limitJsonBodySize, requireJsonBody } from './middleware/request-body';
import { apiSecurityHeaders } from './middleware/security-headers';
import { accountRoutes } from './routes/account';
import { analyticsRoutes } from './routes/analytics';
import { apiReference } from './routes/api-reference';
import { auth } from './routes/auth';
import { blocksRoutes } from './routes/blocks';
import { boardFeeds } from './routes/board-feeds';
import { boardPage } from './routes/board-page';
import { boardsRoutes } from './routes/boards';
import { discoverRoutes } from './routes/discover';
import { emailUpdatesRoutes } from './routes/email-updates';
import { embedPage } from './routes/embed-page';
import { feedbackRoutes } from './routes/feedback';
import { generateImageRoutes, imageRoutes, uploadRoutes } from './routes/images';
import { landingPage } from './routes/landing-page';
import { oembedRoutes } from './routes/oembed';
import { ogImageRoutes } from './routes/og-image';
import type { AppEnv } from './types';

const api = new Hono<AppEnv>()
  // Read by unfurlers, editors and pages on other sites: mounted ahead of the API's same-origin
  // headers, each with its own cross-origin ones.
  .route('/og', ogImageRoutes)
  .route('/oembed', oembedRoutes)
  .route('/images', imageRoutes)
  .use(apiSecurityHeaders)
  .use(noStoreForPersonalAnswers)
  .use(requireConfiguration)
  .use(except('/api/upload/*', requireJsonBody, limitJsonBodySize))
  .route('/auth', auth)
  .route('/account', accountRoutes)
  .route('/boards', boardsRoutes)
  .route('/blocks', blocksRoutes)
  .route('/discover', discoverRoutes)
  .route('/email-updates', emailUpdatesRoutes)
  .route('/analytics', analyticsRoutes)
  .route('/feedback', feedbackRoutes)
  .route('/generate-image', generateImageRoutes)
  .route('/upload', uploadRoutes)
  // Keeps unknown API paths from falling through to the page routes below.
  .all('*', handleNotFound);

export const app = new Hono<AppEnv>()
  .route('/api', apiReference(api))
  .route('/api', api)
  .route('/embed', embedPage)
  .route('/', landingPage)
  .route('/', boardFeeds)
  .route('/', boardPage)
  .notFound(handleNotFound)
  .onError(handleError);

export type AppType = typeof api;
