import { FakeStripeServer } from '../stripe/testing/fake-stripe-server';
import { startTestApp } from '../../testing/test-app';

/**
 * The app in Stripe mode, its real Stripe client talking to a local server that speaks Stripe's
 * API: Pro and Ultra priced as price_pro_123 and price_ultra_456, public at art.example.com.
 */
export async function startStripeModeApp(webhookSecret: string) {
  const stripe = await FakeStripeServer.start();
  try {
    const app = await startTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_PRO: 'price_pro_123',
      STRIPE_PRICE_ULTRA: 'price_ultra_456',
      PUBLIC_URL: 'https://art.example.com',
      ...stripe.env(),
    });
    const close = async () => {
      await app.close();
      await stripe.close();
    };
    return { stripe, app, close };
  } catch (error) {
    await stripe.close();
    throw error;
  }
}
