import { startFakeStripe } from '../../server/src/test/fake-stripe';

/**
 * The fake Stripe API for the end-to-end run (playwright.config.ts starts it beside the server,
 * which reaches it through STRIPE_API_URL). The browser never calls it directly: the Stripe.js
 * stand-in calls api.stripe.com, which the journeys route here.
 */
const port = Number(process.env.E2E_STRIPE_PORT ?? 4174);
const fake = await startFakeStripe(port);
console.log(`fake Stripe API at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
