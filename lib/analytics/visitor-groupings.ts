import type { Market } from "../markets/markets.ts";
import type { CampaignKey } from "./campaign-key";
import { GROUPINGS, sliceId, type Device, type Grouping, type Slice } from "./slices.ts";

/**
 * Distinct visitors cannot be added up: a visitor who saw /mx and a campaign page the same day is one visitor of the
 * market, not two. So a day's visitors are counted for every combination of the parts the results group by (page,
 * campaign key, device, variant: 16, the market alone included), each its own count in the short-lived store and its
 * own row in page_visitors, named by a bit set of its parts (as the migration says: 1 page, 2 campaign, 4 device, 8
 * variant). A result row's visitors are then its group's, per day.
 */
const BIT: Record<Grouping, number> = { page: 1, campaign: 2, device: 4, variant: 8 };

/** Every part grouped: one group per slice. */
export const EVERY_PART = GROUPINGS.reduce((bits, part) => bits | BIT[part], 0);

/** The bit set of the parts a query groups by. */
export const partsOf = (by: readonly Grouping[]): number => by.reduce((bits, part) => bits | BIT[part], 0);

/** A group of slices: the parts not grouped are left out. */
export type VisitorGroup = {
  day: string;
  market: Market;
  groupedBy: number;
  page?: string;
  device?: Device;
  variant?: string;
} & Partial<CampaignKey>;

/** A group's distinct visitors that day so far, as the short-lived store counted them. */
export type VisitorCount = VisitorGroup & { visitors: number };

/** The group a slice falls in under a bit set of parts. */
export function groupOf(slice: Slice, groupedBy: number): VisitorGroup {
  const group: VisitorGroup = { day: slice.day, market: slice.market, groupedBy };
  if (groupedBy & BIT.page) group.page = slice.page;
  if (groupedBy & BIT.campaign)
    Object.assign(group, { source: slice.source, medium: slice.medium, campaign: slice.campaign });
  if (groupedBy & BIT.device) group.device = slice.device;
  if (groupedBy & BIT.variant) group.variant = slice.variant;
  return group;
}

/**
 * A group's key in the short-lived store and in maps: its parts, in groupOf's order. The group of every part is the
 * slice, under the slice's own key, so a day's per-slice counts carry on across the change to groups.
 */
export const groupId = (slice: Slice, groupedBy: number): string =>
  groupedBy === EVERY_PART ? sliceId(slice) : Object.values(groupOf(slice, groupedBy)).join("\u0002");

/** Every bit set of parts, the market alone (0) to every part. */
export const ALL_GROUPINGS = Array.from({ length: EVERY_PART + 1 }, (_, bits) => bits);
