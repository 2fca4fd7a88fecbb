// Handover with proof (issue 30, item 3): the 4-digit code the customer gives the agent at the door,
// the rules of completion, and what the customer's delivery shows of it (timeline, code, door photo).
import { z } from './zod';
import { fr } from './messages';

/** Digits of the code the customer gives the agent at the door, and wrong tries before completion locks. */
export const HANDOVER_CODE_LENGTH = 4;
export const HANDOVER_MAX_ATTEMPTS = 5;
/** Completion opens this long before the start of the booked slot. */
export const COMPLETION_OPENS_BEFORE_SLOT_MS = 3600 * 1000;
/** The door photo: JPEG, PNG or WebP (by content), at most 5 MB. */
export const DOOR_PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const DOOR_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The slot's start in Libreville (UTC+1, no summer time): 'morning' 8h, '10:00-12:00' 10h; an unknown slot, the day's start. */
export function slotStartOf(deliveryDate: string, slot: string): Date {
  const named: Record<string, string> = { morning: '08:00', afternoon: '12:00', evening: '17:00' };
  const start = named[slot] ?? /^(\d{2}:\d{2})-/.exec(slot)?.[1] ?? '00:00';
  return new Date(`${deliveryDate.slice(0, 10)}T${start}:00+01:00`);
}

/** The customer's timeline and handover: each step's time, the code from « en route » on, the door photo. */
export const handoverFields = {
  assigned_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  en_route_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** The code to give the agent: only while « en route » (null before, and once delivered). */
  handover_code: z.string().nullable(),
  /** Delivered on a door photo: « Livrée (sans code) ». */
  delivered_without_code: z.boolean(),
  /** The door photo (private: the customer and moderators only). */
  delivery_proof_url: z.string().nullable(),
};

/** What the agent's order says of the handover: never the code itself. */
export const agentHandoverFields = {
  picked_up_at: z.string().nullable(),
  en_route_at: z.string().nullable(),
  delivered_without_code: z.boolean(),
  /** Wrong codes left before completion locks. */
  handover_attempts_left: z.number().int().nonnegative(),
  /** Five wrong codes: completion waits for a moderator. */
  handover_locked: z.boolean(),
  /** When completion opens (an hour before the slot). */
  completable_from: z.string(),
};

/** POST /api/delivery-agent/orders/{id}/complete as JSON. */
export const CompleteWithCodeSchema = z.object({
  handover_code: z
    .string({ error: fr.handover.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${HANDOVER_CODE_LENGTH}}$`), { error: fr.handover.codeFormat }),
});
export type CompleteWithCode = z.infer<typeof CompleteWithCodeSchema>;
