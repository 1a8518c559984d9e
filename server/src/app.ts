import { existsSync } from 'node:fs';
import zlib from 'node:zlib';
import { join, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_VERSION, isConsolePath, parseBoardRoute } from '@gavel/domain';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { AppError, registerErrorHandling } from './errors';
import { adminRoutes } from './features/admin/routes';
import { consoleRoutes } from './features/console/routes';
import { eventRoutes } from './features/events/routes';
import { manifestRoutes } from './features/events/manifest';
import { mediaRoutes } from './features/media/routes';
import { TokenService } from './lib/tokens';
import { createBackground } from './lib/background';
import { SessionVersionCache } from './features/accounts/sessions';
import { Guessing } from './lib/guessing';
import { guestTokenCeiling, rateLimits } from './lib/limits';
import { LocalCounters, redisCounters } from './lib/counters';
import { route } from './lib/route';
import { sendBidderPage } from './lib/page-data';
import { APP_START_HASH } from './lib/first-screen';
import { logRequest, ROUTER_PARAM_LIMIT, routedUrl, routerFaultRoutes } from './lib/requests';
import { accountRoutes } from './features/accounts/routes';
import { accountLinkRoutes } from './features/accounts/routes-links';
import { profileRoutes } from './features/accounts/routes-profile';
import { devMailboxRoutes } from './mail/routes';
import { itemRoutes } from './features/items/routes';
import { bidRoutes } from './features/bids/routes';
import { cartRoutes } from './features/cart/routes';
import { noticeRoutes } from './features/notices/routes';
import { pushRoutes } from './features/push/routes';
import { paymentRoutes } from './features/payments/routes';
import { storeRoutes } from './features/store/routes';
import { registrationRoutes } from './features/registration/routes';
import { displayRoutes } from './features/display/routes';
import { stripeWebhookRoutes } from './features/payments/webhook';
import { twilioWebhookRoutes } from './texts/webhooks';
import { spendTestCryptogram } from './features/payments/cryptograms';
import { createPayments, stripeConnection, TEST_CARD_FORM_PATH } from './payments/processor';
import { appJobs, startJobs } from './jobs';
import { createHub } from './realtime/hub';
import { staffMayFollow } from './lib/staff-caller';
import { createNotifier } from './notifications/notifier';
import { createTotals } from './realtime/totals';
import { assertAdmin } from './tenancy';
import { createSite } from './lib/site';
import { usePasswordHashing } from './lib/passwords';

/** The largest body a call takes (the import sets its own). */
const BODY_LIMIT = 100 * 1024;

/**
 * How long a client may take, so a device sending a byte now and then cannot keep connections
 * open for ever: the headers within 15 s, the whole request (the import's document included)
 * within a minute, and a connection may sit silent for a minute (the live hub pings every 20 s,
 * and its long-polling requests wait at most that long).
 */
export const TIMEOUTS = { headersMs: 15_000, requestMs: 60_000, idleMs: 60_000 };

export interface BuildOptions {
  /** An open database; absent means open the one the configuration names. */
  database?: Database;
  /** The clock; tests move it. */
  clock?: () => Date;
  /** Run the periodic jobs (server/src/jobs: closing, notices, mail); false means no timers, tests call the work directly. */
  sweeper?: boolean;
  /** Where the log goes; absent means standard output. Tests read it. */
  logStream?: { write(line: string): void };
  /** Shorter timeouts than TIMEOUTS, for the test that trickles a request. */
  timeouts?: typeof TIMEOUTS;
}

export interface GavelApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole server: API, media, the built web app. Used by main.ts and by every test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<GavelApp> {
  const timeouts = options.timeouts ?? TIMEOUTS;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: logRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Every call's body is small; a larger one is refused from its Content-Length, before it is
    // read. The import (admin) sets its own limit.
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: ROUTER_PARAM_LIMIT },
    // Undecodable and overlong paths go to routes of ours, so their answers have our shape and headers.
    rewriteUrl: (req) => routedUrl(req.url ?? '/'),
    trustProxy: config.trustProxy,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks for overdue requests this often (30 s by default, which would let one overstay).
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(2_000, timeouts.headersMs) },
  }).withTypeProvider<ZodTypeProvider>();
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dir: config.databaseUrl ? undefined : config.dataDir,
      log: app.log,
    }));
  // The API speaks JSON only. Fastify's default text/plain parser would hand a string to the
  // schemas and answer a puzzling 400; without it a wrong type gets a clear 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  usePasswordHashing(config.passwordHashing);
  const clock = options.clock ?? (() => new Date());
  const site = createSite(config);
  const tokens = new TokenService(config.jwtSecret, new SessionVersionCache(database.db));
  const hub = await createHub(app.server, {
    tokens,
    clock,
    log: app.log,
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy,
    staffMayFollow: (claims, eventcode) => staffMayFollow(database.db, claims, eventcode),
  });
  const notifier = createNotifier({
    db: database.db,
    live: hub,
    clock,
    originOf: site.originOf,
    log: app.log,
  });
  const payments = createPayments({
    secret: config.jwtSecret,
    clock,
    stripeTimeoutMs: config.stripeTimeoutMs,
    ...(config.stripeApiUrl ? { stripe: stripeConnection(config.stripeApiUrl) } : {}),
    testPaymentsAllowed: config.testPaymentsAllowed,
    spendCryptogram: (nonce) => spendTestCryptogram(database.db, nonce, clock()),
  });
  const totals = createTotals({ db: database.db, live: hub, log: app.log });
  const background = createBackground(app.log);
  // Rate limits and guessing budgets: in Redis with REDIS_URL, so they hold for every server; this process's own otherwise.
  const counters = config.redisUrl ? await redisCounters(config.redisUrl, app.log) : new LocalCounters();
  const ctx: AppContext = {
    config,
    site,
    database,
    db: database.db,
    clock,
    tokens,
    live: hub,
    notifier,
    totals,
    payments,
    guessing: new Guessing(Date.now, undefined, counters),
    counters,
    log: app.log,
    background,
  };
  // Stopping: a request still in flight is answered on a connection that then closes, so no
  // kept-alive connection (a balancer's, a phone's) holds the stop until its idle timeout.
  let stopping = false;
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  // A total still scheduled is dropped and one being sent finishes, before the hub and the database close.
  app.addHook('preClose', async () => {
    stopping = true;
    await totals.close();
    await hub.close();
    if ('close' in counters) await counters.close();
  });
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  // Registered after the database's hook, so it runs first: work started by a request finishes.
  app.addHook('onClose', async () => {
    await background.idle();
  });

  // Helmet's security headers, its middleware built once (the Fastify plugin built it again for
  // every request, reading the policy below each time: a twentieth of a bid's time on the server).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        // Stripe Elements (processor code 2) runs Stripe's script and frames; nothing else comes from outside.
        // The hash: the bidder page's one inline script, which starts the app after its first screen (lib/first-screen.ts).
        'script-src': ["'self'", 'https://js.stripe.com', APP_START_HASH],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) =>
      done(err === undefined || err instanceof Error ? err : new Error(String(err))),
    ),
  );
  // A host this server does not answer for is refused before anything else reads the request
  // (lib/site.ts); the health check answers whatever the host, for load balancers that probe by address.
  app.addHook('onRequest', async (request, reply) => {
    if (site.auctionCodeOf(request.host) !== undefined || request.url === '/api/health') return;
    reply.header('connection', 'close');
    throw new AppError('misdirected', 'This server does not answer for that address.');
  });
  // A body larger than its route takes is refused from its declared length before anything else
  // (the rate limit included), and the connection closed, so it is never read.
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > (request.routeOptions.bodyLimit ?? BODY_LIMIT)) {
      reply.header('connection', 'close');
      throw new AppError('too_large', 'The request is too large.');
    }
  });
  await app.register(rateLimit, rateLimits(ctx, counters));
  app.addHook('onRequest', guestTokenCeiling(ctx));
  // API answers over about 1 KB go compressed; the built assets are compressed once at build time
  // (web/precompress.ts) and sent as they are. Brotli at quality 4 costs about what gzip does.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gavel API',
        version: APP_VERSION,
        description: 'Charity auction events: bidder app, store, display board.',
      },
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer' },
          bearer: { type: 'http', scheme: 'bearer' },
          staffToken: { type: 'http', scheme: 'bearer', description: 'A console session (POST /api/console/login)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      route(api, ctx, 'GET /health', async () => {
        const ok = await database.ping().catch(() => false);
        return {
          status: 'success',
          version: APP_VERSION,
          database: ok ? 'ok' : 'unavailable',
          databasekind: database.kind,
        };
      });
      // The API's description lists the admin calls: outside production anyone may read it, in
      // production only the admin.
      api.get('/docs/json', { schema: { hide: true } }, async (request) => {
        if (config.nodeEnv === 'production') assertAdmin(request, config.adminToken);
        return app.swagger();
      });
      await api.register(eventRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(consoleRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(accountLinkRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(itemRoutes(ctx));
      await api.register(bidRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(noticeRoutes(ctx));
      await api.register(pushRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(storeRoutes(ctx));
      await api.register(registrationRoutes(ctx));
      await api.register(displayRoutes(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      await api.register(twilioWebhookRoutes(ctx));
    },
    { prefix: '/api' },
  );
  routerFaultRoutes(app);
  await app.register(mediaRoutes(ctx));
  await app.register(manifestRoutes(ctx));
  if (config.nodeEnv !== 'production') await app.register(devMailboxRoutes(ctx));
  if (options.sweeper !== false) {
    const jobs = startJobs(appJobs(ctx, app.log), { clock, log: app.log });
    // Registered after the database's hook, so it runs first (Fastify runs onClose hooks last-in
    // first-out): a run in progress commits before the database closes.
    app.addHook('onClose', async () => {
      await jobs.stop();
      await notifier.idle();
    });
  }
  await serveWeb(app, config, ctx);
  return { app, ctx };
}

/** Which built page answers a client route: the display board, the console, or the bidder app. */
function pageOf(path: string, dist: string): string {
  if (parseBoardRoute(path) && existsSync(join(dist, 'board.html'))) return 'board.html';
  if (isConsolePath(path) && existsSync(join(dist, 'console.html'))) return 'console.html';
  return 'index.html';
}

/** The built web app, with index.html for every client route. API paths never fall back. */
async function serveWeb(app: FastifyInstance, config: Config, ctx: AppContext): Promise<void> {
  const dist = config.webDist;
  const hasWeb = dist !== undefined && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, path) => {
        const immutable = path.startsWith(join(dist, 'assets') + sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // A file of an older build (a phone that kept an old page while the app was rebuilt) is a plain 404.
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
      const file = request.url.split('?')[0]?.slice(1) ?? '';
      if (file.includes('..') || !existsSync(join(dist, file))) return reply.callNotFound();
      return reply.sendFile(file);
    });
    // The test gateway's hosted card form (payments/test-gateway.ts), shown in an iframe by the card screens.
    app.get(TEST_CARD_FORM_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('card-form.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const underServer = ['/api', '/assets', '/media'].some((p) => path === p || path.startsWith(`${p}/`));
    // HEAD too: uptime checks and link previews probe pages that way.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !underServer;
    if (hasWeb && wantsPage) {
      // Files at the top of dist (favicon, manifest) first, then the app for client routes.
      const file = path.slice(1);
      if (/^[\w.-]+\.\w+$/.test(file) && existsSync(join(dist, file))) return reply.sendFile(file);
      // The venue display board is a page of its own (web/board.html), without the bidder app.
      // So is the organizer console (web/console.html).
      const page = pageOf(path, dist);
      // The bidder app's page carries the event's public data (lib/page-data.ts).
      if (page === 'index.html') return sendBidderPage(ctx, request, reply, { file: join(dist, page), path });
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply
      .status(404)
      .send({ status: 'failure', code: 'not_found', message: `No such path: ${request.method} ${path}` });
  });
}
