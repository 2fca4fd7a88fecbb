// Advertisers' ads through the API: who may advertise, the draft's prices and media (checked by
// content), the 2-hour edit window, owners only, and "Mes annonces" with measured statistics.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_DURATIONS, AD_FREE_EDIT_MS } from '#contract/ads';
import { AdListSchema, AdResponseSchema, type AdResponse } from '#contract/ads-api';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import { adClicks, adImpressions, ads, moderationActions } from '../../db/schema';
import { createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { adSteps, dataUrl, exeBytes, mp4Header, oggHeader, pngBytes, textDraft, webmHeader } from './ads-fixture';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let moderator: SignedIn;
let steps: ReturnType<typeof adSteps>;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app, { full_name: 'Alice Nguema' });
  bob = await registerUser(ctx.app, { full_name: 'Bob Ondo' });
  moderator = await loginDemo(ctx.app, 'moderator');
  steps = adSteps(ctx);
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const storedFile = (url: string) => readFile(path.join(ctx.uploadsDir, url.replace(/^\/uploads\//, '')));

describe('who may advertise', () => {
  it('answers 401 to strangers, 403 to agents and moderators, 201 to any consumer', async () => {
    expect((await steps.call(null, 'POST', '/ads', textDraft())).statusCode).toBe(401);
    expect((await steps.call(null, 'GET', '/ads/mine')).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    const asAgent = await steps.call(agent, 'POST', '/ads', textDraft());
    expect(asAgent.statusCode).toBe(403);
    expect(detailOf(asAgent)).toBe(fr.auth.consumersOnly);
    expect((await steps.call(moderator, 'GET', '/ads/mine')).statusCode).toBe(403);
    const ad = await steps.create(alice);
    expect(AdResponseSchema.parse(ad)).toEqual(ad);
  });
});

describe('POST /api/ads: the draft', () => {
  it('stores a draft with the spec defaults, a 2-hour free edit window and the estimate', async () => {
    const ad = await steps.create(alice);
    expect(ad).toMatchObject({
      status: 'draft',
      type: 'text',
      duration: 7,
      budget: 50_000,
      target_audience: 'all',
      bg_color: 'blue',
      payment_method: 'mobile_money',
      media_url: null,
      starts_at: null,
      ends_at: null,
      refund_status: 'none',
      is_test: false,
      payment: null,
      stats: { impressions: 0, clicks: 0, click_rate: 0, estimated_views: 7000, days: [] },
    });
    expect(Date.parse(ad.free_edit_until) - Date.parse(ad.created_at)).toBe(AD_FREE_EDIT_MS);
  });

  it.each(AD_DURATIONS.map((d) => [d.days, d.price]))('prices %i day(s) at %i FCFA', async (days, price) => {
    const ad = await steps.create(alice, { duration: days, budget: price });
    expect(ad.budget).toBe(price);
    expect(ad.stats.estimated_views).toBe(days * 1000);
  });

  it('refuses a budget that is not the duration price, in French, and an unknown duration', async () => {
    const res = await steps.call(alice, 'POST', '/ads', textDraft({ duration: 7, budget: 10_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AD_BUDGET_MISMATCH');
    expect(detailOf(res)).toMatch(/^Le budget doit correspondre au prix de la durée choisie : 50\s000\sFCFA pour 7 jours\.$/);
    expect((await steps.call(alice, 'POST', '/ads', textDraft({ duration: 2, budget: 20_000 }))).statusCode).toBe(400);
  });

  it('checks the spec limits of title, subtitle and description', async () => {
    const tooLong = await steps.call(alice, 'POST', '/ads', textDraft({ title: 'x'.repeat(61) }));
    expect(tooLong.statusCode).toBe(400);
    const noTitle = await steps.call(alice, 'POST', '/ads', textDraft({ title: '  ' }));
    expect(detailOf(noTitle)).toBe(fr.ads.titleRequired);
    expect((await steps.call(alice, 'POST', '/ads', textDraft({ description: 'x'.repeat(201) }))).statusCode).toBe(400);
    expect((await steps.create(alice, { title: 'x'.repeat(60), subtitle: 'y'.repeat(100), description: 'z'.repeat(200) })).title).toHaveLength(60);
  });
});

describe('ad media, checked by content', () => {
  it('requires a file for image and video ads, with the spec message', async () => {
    for (const type of ['image', 'video'] as const) {
      const res = await steps.call(alice, 'POST', '/ads', textDraft({ type, media: null }));
      expect(res.statusCode).toBe(400);
      expect(detailOf(res)).toBe(fr.ads.mediaRequired);
    }
  });

  it('re-encodes a PNG into a WebP that drops nothing the banner needs', async () => {
    const ad = await steps.create(alice, { type: 'image', media: dataUrl('image/png', await pngBytes()) });
    expect(ad.media_mime).toBe('image/webp');
    expect(ad.media_url).toMatch(/^\/uploads\/ads\/[0-9a-f]{32}\.webp$/);
    const meta = await sharp(await storedFile(ad.media_url!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 120]);
  });

  it('keeps a video as uploaded when its container is real: MP4 ftyp box, WebM EBML, Ogg', async () => {
    const cases = [
      [mp4Header(), 'video/mp4', '.mp4'],
      [webmHeader(), 'video/webm', '.webm'],
      [oggHeader(), 'video/ogg', '.ogv'],
    ] as const;
    for (const [bytes, mime, ext] of cases) {
      const ad = await steps.create(alice, { type: 'video', media: dataUrl('application/octet-stream', bytes) });
      expect(ad.media_mime).toBe(mime);
      expect(ad.media_url!.endsWith(ext)).toBe(true);
      expect(await storedFile(ad.media_url!)).toEqual(bytes);
    }
  });

  it('refuses what only pretends to be a video or an image (415, spec messages)', async () => {
    const fakes: [string, Buffer, 'image' | 'video', string][] = [
      ['an .exe renamed .mp4', exeBytes(), 'video', fr.ads.videoFormat],
      ['ftyp at the wrong offset', Buffer.concat([Buffer.from('ftypisom', 'latin1'), Buffer.alloc(24)]), 'video', fr.ads.videoFormat],
      ['an ftyp box longer than the file', Buffer.concat([Buffer.from([0, 0, 1, 0]), mp4Header().subarray(4)]), 'video', fr.ads.videoFormat],
      ['a Matroska file called webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska', 'latin1'), 0, 0, 0, 0]), 'video', fr.ads.videoFormat],
      ['a PNG sent as a video', await pngBytes(), 'video', fr.ads.videoFormat],
      ['an MP4 sent as an image', mp4Header(), 'image', fr.ads.imageFormat],
      ['text sent as an image', Buffer.from('bonjour, je suis une image'), 'image', fr.ads.imageFormat],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image', fr.ads.imageFormat],
    ];
    for (const [what, bytes, type, message] of fakes) {
      const res = await steps.call(alice, 'POST', '/ads', textDraft({ type, media: dataUrl(type === 'video' ? 'video/mp4' : 'image/png', bytes) }));
      expect(res.statusCode, what).toBe(415);
      expect(detailOf(res), what).toBe(message);
    }
    const garbage = await steps.call(alice, 'POST', '/ads', textDraft({ type: 'video', media: 'data:video/mp4;base64,@@@@' }));
    expect([garbage.statusCode, detailOf(garbage)]).toEqual([415, fr.ads.videoFormat]);
  });

  it('refuses a file over 10 MB with 413 and the spec message', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    for (const type of ['image', 'video'] as const) {
      const res = await steps.call(alice, 'POST', '/ads', textDraft({ type, media: dataUrl('video/mp4', big) }));
      expect(res.statusCode).toBe(413);
      expect(detailOf(res)).toBe(fr.ads.mediaTooLarge);
    }
  });

  it('ignores a file sent with a text ad', async () => {
    const ad = await steps.create(alice, { type: 'text', media: dataUrl('image/png', await pngBytes()) });
    expect([ad.media_url, ad.media_mime]).toEqual([null, null]);
  });
});

describe('a draft out of bounds names its field and its limit (finding 14: « Valeur invalide »)', () => {
  it.each([
    [{ title: 'T'.repeat(61) }, 'title', 'Le titre ne doit pas dépasser 60 caractères'],
    [{ duration: 5 }, 'duration', 'Choisissez une durée parmi : 1, 3, 7, 14, 30 jours'],
  ])('%o', async (overrides, path, detail) => {
    const res = await steps.call(alice, 'POST', '/ads', textDraft(overrides as object));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail, errors: [{ path, message: detail }] });
  });
});

describe('PUT /api/ads/{id}: edits', () => {
  it('keeps an unapproved ad’s status within 2 hours of creation; a running ad changed goes back to review at once, in the audit log', async () => {
    const waiting = await steps.paid(alice);
    const unseen = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${waiting.id}`, textDraft({ title: 'Riz : -10 %' })));
    expect([unseen.status, unseen.title]).toEqual(['awaiting_review', 'Riz : -10 %']);

    // Approved, then rewritten a minute later (finding 7: it showed in others' banners at once).
    const ad = await steps.active(alice, moderator);
    const same = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ title: ad.title })));
    expect(same.status).toBe('active');
    const early = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ title: 'Riz : -20 %' })));
    expect([early.status, early.title]).toEqual(['awaiting_review', 'Riz : -20 %']);
    const [entry] = await ctx.db.select().from(moderationActions).where(and(eq(moderationActions.targetId, ad.id), eq(moderationActions.action, 'ad.edit')));
    expect(entry).toMatchObject({ moderatorId: alice.user.id, targetType: 'ad', before: { status: 'active', title: ad.title }, after: { status: 'awaiting_review', title: 'Riz : -20 %' } });
    await steps.ok(steps.approve(moderator, ad.id));

    ctx.clock.advance(2 * HOUR + 60_000);
    const late = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ title: 'Riz : -30 %' })));
    expect([late.status, late.title]).toEqual(['awaiting_review', 'Riz : -30 %']);
    // The window it was given stays: a re-approval does not extend it.
    const again = await steps.ok<{ ad: AdResponse }>(steps.approve(moderator, ad.id));
    expect([again.ad.status, again.ad.starts_at, again.ad.ends_at]).toEqual(['active', ad.starts_at, ad.ends_at]);
  });

  it('leaves an unpaid draft a draft whenever it is edited, and lets it change duration and method', async () => {
    const ad = await steps.create(alice);
    ctx.clock.advance(3 * HOUR);
    const edited = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ duration: 30, budget: 150_000, paymentMethod: 'bank_transfer' })));
    expect([edited.status, edited.duration, edited.budget, edited.payment_method]).toEqual(['draft', 30, 150_000, 'bank_transfer']);
  });

  it('fixes the duration and the payment method once paid (409), and still checks the budget', async () => {
    const ad = await steps.paid(alice);
    const longer = await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ duration: 14, budget: 90_000 }));
    expect([longer.statusCode, detailOf(longer)]).toEqual([409, fr.adsApi.termsLocked]);
    const method = await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ paymentMethod: 'bank_card' }));
    expect(method.statusCode).toBe(409);
    expect((await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ budget: 1 }))).statusCode).toBe(400);
  });

  it('keeps the media when none is sent, replaces it with a new file, and needs one for a new type', async () => {
    const ad = await steps.create(alice, { type: 'image', media: dataUrl('image/png', await pngBytes()) });
    const kept = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ type: 'image', media: null, title: 'Nouveau titre' })));
    expect(kept.media_url).toBe(ad.media_url);
    const sentBack = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ type: 'image', media: ad.media_url })));
    expect(sentBack.media_url).toBe(ad.media_url);
    const toVideo = await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ type: 'video', media: null }));
    expect([toVideo.statusCode, detailOf(toVideo)]).toEqual([400, fr.ads.mediaRequired]);
    const video = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ type: 'video', media: dataUrl('video/mp4', mp4Header()) })));
    expect(video.media_mime).toBe('video/mp4');
    const text = await steps.ok<AdResponse>(steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft({ type: 'text' })));
    expect(text.media_url).toBeNull();
  });
});

describe('owners only', () => {
  it("answers 404 to Bob for everything about Alice's ad, and keeps it out of his list", async () => {
    const ad = await steps.active(alice, moderator);
    const attempts = [
      steps.call(bob, 'GET', `/ads/${ad.id}`),
      steps.call(bob, 'PUT', `/ads/${ad.id}`, textDraft({ title: 'Piraté' })),
      steps.call(bob, 'POST', `/ads/${ad.id}/pay`, { operator: 'airtel_money', phone: '+241 07 00 00 00' }),
      steps.call(bob, 'POST', `/ads/${ad.id}/pause`),
      steps.call(bob, 'POST', `/ads/${ad.id}/resume`),
      steps.call(bob, 'POST', `/ads/${ad.id}/sandbox-decision`, { approve: true }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(detailOf(res)).toBe(fr.adsApi.notFound);
    }
    const bobs = await steps.ok<AdResponse[]>(steps.call(bob, 'GET', '/ads/mine'));
    expect(bobs.map((a) => a.id)).not.toContain(ad.id);
    expect((await steps.ok<AdResponse>(steps.get(alice, ad.id))).title).toBe(ad.title);
    expect((await steps.call(alice, 'GET', '/ads/not-an-id')).statusCode).toBe(404);
  });
});

describe('GET /api/ads/mine: statistics', () => {
  it('counts impressions and clicks per day next to the estimate of 1 000 views a day', async () => {
    const carol = await registerUser(ctx.app, { full_name: 'Carol Mintsa' });
    const ad = await steps.active(carol, moderator, { duration: 3, budget: 25_000 });
    const today = todayInGabon(ctx.clock.now());
    const viewers = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx.app)));
    await ctx.db.insert(adImpressions).values(viewers.map((v) => ({ adId: ad.id, userId: v.user.id, day: today })));
    await ctx.db.insert(adClicks).values([{ adId: ad.id, userId: viewers[0].user.id, day: today }]);

    const [mine] = AdListSchema.parse(await steps.ok<AdResponse[]>(steps.call(carol, 'GET', '/ads/mine')));
    expect(mine.id).toBe(ad.id);
    expect(mine.stats).toEqual({ impressions: 4, clicks: 1, click_rate: 0.25, estimated_views: 1000, days: [{ day: today, impressions: 4, clicks: 1 }] });

    // Started a day and a half earlier: two days run, the quiet ones at zero (sessions would not
    // survive moving the clock that far, so the ad's window moves back instead).
    const shift = 36 * HOUR;
    const started = new Date(Date.parse(ad.starts_at!) - shift);
    await ctx.db.update(ads).set({ startsAt: started, endsAt: new Date(Date.parse(ad.ends_at!) - shift) }).where(eq(ads.id, ad.id));
    const later = (await steps.ok<AdResponse[]>(steps.call(carol, 'GET', '/ads/mine')))[0];
    expect(later.stats.estimated_views).toBe(2000);
    const expectedDays: string[] = [];
    for (let day = todayInGabon(started); day <= today; day = addDays(day, 1)) expectedDays.push(day);
    expect(later.stats.days.map((d) => d.day)).toEqual(expectedDays);
    expect(later.stats.days.at(-1)).toEqual({ day: today, impressions: 4, clicks: 1 });
    expect(later.stats.days.slice(0, -1).every((d) => d.impressions === 0 && d.clicks === 0)).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('describes the ad API and its answers', async () => {
    const res = await steps.call(null, 'GET', '/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const expected: [string, string, string][] = [
      ['/api/ads', 'post', '201'],
      ['/api/ads/mine', 'get', '200'],
      ['/api/ads/{id}', 'get', '200'],
      ['/api/ads/{id}', 'put', '200'],
      ['/api/ads/{id}/pay', 'post', '200'],
      ['/api/ads/{id}/sandbox-decision', 'post', '200'],
      ['/api/ads/{id}/pause', 'post', '200'],
      ['/api/ads/{id}/resume', 'post', '200'],
      ['/api/admin/ads', 'get', '200'],
      ['/api/admin/ads/{id}/approve', 'post', '200'],
      ['/api/admin/ads/{id}/reject', 'post', '200'],
      ['/api/admin/ads/{id}/payment-received', 'post', '200'],
      ['/api/admin/ads/{id}/refund-sent', 'post', '200'],
    ];
    for (const [path, method, status] of expected) expect(paths[path]?.[method]?.responses?.[status], `${method} ${path}`).toBeDefined();
    expect(paths['/api/ads/{id}'].put.responses['409']).toBeDefined();
  });
});
