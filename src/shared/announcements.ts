/**
 * Push 9060 on `acm/{userId}/web`: an announcement reached this user (src/server/push/service.ts
 * sends it, the console's live bridge validates it and shows it, src/client/features/announcements).
 * Push 9061: an announcement this user received was withdrawn (its notification closes, the inbox
 * refreshes).
 */
import { z } from 'zod';

export const ANNOUNCEMENT_PUSH_CODE = '9060';

export const announcementPushSchema = z.object({
  code: z
    .union([z.literal(ANNOUNCEMENT_PUSH_CODE), z.literal(9060)])
    .transform((): typeof ANNOUNCEMENT_PUSH_CODE => ANNOUNCEMENT_PUSH_CODE),
  announcement: z.object({
    id: z.number(),
    title: z.string(),
    content: z.string(),
    level: z.number(),
    publisherName: z.string().nullable(),
    publishAt: z.string(),
  }),
});
export type AnnouncementPush = z.infer<typeof announcementPushSchema>;
export type AnnouncementPushItem = AnnouncementPush['announcement'];

export const ANNOUNCEMENT_WITHDRAWN_PUSH_CODE = '9061';

export const announcementWithdrawnPushSchema = z.object({
  code: z
    .union([z.literal(ANNOUNCEMENT_WITHDRAWN_PUSH_CODE), z.literal(9061)])
    .transform((): typeof ANNOUNCEMENT_WITHDRAWN_PUSH_CODE => ANNOUNCEMENT_WITHDRAWN_PUSH_CODE),
  id: z.number(),
});
export type AnnouncementWithdrawnPush = z.infer<typeof announcementWithdrawnPushSchema>;
