// The advertiser's and the moderator's steps through the API, as the wizard and /admin call them,
// shared by the ad test files. Media are built here: a real PNG, container headers of each video
// format, and files that only pretend to be one.
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AdDraft } from '#contract/ads';
import type { AdDecision, AdPayRequest, AdResponse } from '#contract/ads-api';
import type { Db } from '../../db/client';
import { ads } from '../../db/schema';
import { bearer, type SignedIn, type TestContext } from '../../test/harness';
import { forgetAudienceFacts } from './ad-audience';
import { forgetActiveAds } from './banner.service';

/** Before a banner test: no ad at all, and none left in the banner's and the audience's caches. */
export async function startWithoutAds(db: Db): Promise<void> {
  await db.delete(ads);
  await forgetActiveAds(db);
  await forgetAudienceFacts(db);
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

export const pngBytes = () => sharp({ create: { width: 320, height: 120, channels: 3, background: '#2255dd' } }).png().toBuffer();

/** An MP4 that is only its 'ftyp' box: size 24, brand isom, minor version, one compatible brand. */
export const mp4Header = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
/** An EBML header whose DocType says webm. */
export const webmHeader = () => Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1'), 0x42, 0x87, 0x81, 0x02, 0, 0, 0, 0]);
/** The first page header of an Ogg stream. */
export const oggHeader = () => Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(28)]);
/** A Windows program renamed .mp4. */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from('This program cannot be run in DOS mode.', 'latin1'), Buffer.alloc(64)]);

export const textDraft = (overrides: Partial<AdDraft> = {}): AdDraft => ({
  title: 'Promo riz parfumé',
  subtitle: 'Sac de 25 kg à prix cassé',
  description: 'Chez Mbolo Louis, toute la semaine.',
  type: 'text',
  duration: 7,
  targetAudience: 'all',
  budget: 50_000,
  bgColor: 'blue',
  textColor: 'white',
  paymentMethod: 'mobile_money',
  media: null,
  ...overrides,
});

export const MOBILE_MONEY: AdPayRequest = { operator: 'airtel_money', phone: '+241 07 12 34 56' };

export function adSteps(ctx: TestContext) {
  const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });

  async function create(who: SignedIn, overrides: Partial<AdDraft> = {}): Promise<AdResponse> {
    const res = await call(who, 'POST', '/ads', textDraft(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function ok<T>(promise: ReturnType<typeof call>): Promise<T> {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const pay = (who: SignedIn, id: string, request: AdPayRequest = MOBILE_MONEY) => call(who, 'POST', `/ads/${id}/pay`, request);
  const answer = (who: SignedIn, id: string, approve = true) => call(who, 'POST', `/ads/${id}/sandbox-decision`, { approve });
  const get = (who: SignedIn, id: string) => call(who, 'GET', `/ads/${id}`);
  const approve = (moderator: SignedIn, id: string, body: object = {}) => call(moderator, 'POST', `/admin/ads/${id}/approve`, body);
  const reject = (moderator: SignedIn, id: string, reason = 'Visuel trompeur') => call(moderator, 'POST', `/admin/ads/${id}/reject`, { reason });

  /** Draft → paid in the sandbox → awaiting review. */
  async function paid(who: SignedIn, overrides: Partial<AdDraft> = {}): Promise<AdResponse> {
    const ad = await create(who, overrides);
    await ok(pay(who, ad.id));
    const answered = await ok<AdResponse>(answer(who, ad.id));
    expect(answered.status).toBe('awaiting_review');
    return answered;
  }

  /** Paid and approved by the moderator: active from now. */
  async function active(who: SignedIn, moderator: SignedIn, overrides: Partial<AdDraft> = {}): Promise<AdResponse> {
    const ad = await paid(who, overrides);
    const decision = await ok<AdDecision>(approve(moderator, ad.id));
    expect(decision.ad.status).toBe('active');
    return (await ok<AdResponse>(get(who, ad.id)));
  }

  return { call, create, ok, pay, answer, get, approve, reject, paid, active };
}
