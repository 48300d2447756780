import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { fixturePhoto } from '../../testing/fixtures';
import { HttpClient } from '../../testing/http-client';
import type { TestApp } from '../../testing/test-app';

/**
 * A user with a bit of everything, made through the product's own HTTP surface: a full name, two
 * generations with distinctive prompts (one refunded by support), a Pro purchase through the local
 * checkout, and a contact message. The app must run with PAYMENTS=local.
 */
export async function richAccount(app: TestApp) {
  const label = `rich${randomUUID().slice(0, 8)}`;
  const email = `${label}.person@example.com`;
  const fullName = `Zebulon ${label} Quixote`;
  const password = 'rich-password-1';
  const client = new HttpClient(app.url);
  const registered = await client.json('/api/auth/register', {
    email,
    password,
    username: label,
    fullName,
  });
  expect(registered.status).toBe(201);
  const userId = ((await registered.json()) as { user: { id: string } }).user.id;

  const checkout = await client.graphql<{ createSubscriptionCheckout: { url: string } }>(
    'mutation { createSubscriptionCheckout(planId: "pro") { url } }',
  );
  const url = checkout.data!.createSubscriptionCheckout.url;
  expect((await client.fetch(`${url}/pay`, { method: 'POST' })).status).toBe(303);
  await app.settle();

  const photo = await fs.readFile(fixturePhoto('chelsea.png'));
  const prompts = [`a ${label} knight riding a giraffe`, `${label} sipping tea on the moon`];
  const generationIds: string[] = [];
  for (const prompt of prompts) {
    const form = new FormData();
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    form.set('style', 'ghibli');
    form.set('prompt', prompt);
    const generated = await client.fetch('/api/generate-image', { method: 'POST', body: form });
    expect(generated.status).toBe(200);
    generationIds.push(((await generated.json()) as { url: string }).url.split('/')[3]!);
  }

  const support = new HttpClient(app.url);
  const supportRegistered = await support.json('/api/auth/register', {
    email: `support-${randomUUID().slice(0, 8)}@example.com`,
    password: 'support-pass-1',
    username: `support_${randomUUID().slice(0, 8)}`,
  });
  const supportId = ((await supportRegistered.json()) as { user: { id: string } }).user.id;
  await app.services.accounts.users.setRoles(supportId, ['support']);
  app.services.accounts.forgetUser(supportId);
  const refund = await support.graphql(
    'mutation ($g: ID!) { staffRefundGeneration(input: { generationId: $g, reason: "Result was blurry" }) { credits } }',
    { g: generationIds[0] },
  );
  expect(refund.errors).toBeUndefined();

  const contactText = `Hello, this is ${fullName}; please send me a copy of my data.`;
  const contact = await client.graphql(
    `mutation ($input: ContactMessageInput!) { submitContactMessage(input: $input) { id } }`,
    {
      input: {
        name: fullName,
        email,
        subject: `Data request from ${label}`,
        category: 'GDPR',
        message: contactText,
        gdprConsent: true,
      },
    },
  );
  expect(contact.errors).toBeUndefined();
  await app.settle();
  return { client, userId, email, fullName, password, label, prompts, generationIds, contactText };
}

export type RichAccount = Awaited<ReturnType<typeof richAccount>>;
