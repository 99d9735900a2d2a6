/**
 * One interface for every listing portal (幸福里, 58 优选, 房天下, 天猫好房). The queue (../queue.ts)
 * and the broker settings call only this; a sandbox (./sandbox.ts) answers offline and in tests, and a
 * real provider replaces it by configuration (./registry.ts, PORTAL_PROVIDER) without touching them.
 */

/** A listing as a portal receives it. `key` is the idempotency key (company and listing): a portal
 * that receives the same key again updates its listing instead of creating another. */
export type PortalListing = {
  key: string;
  type: 1 | 2;
  title: string;
  communityName: string;
  cityName: string | null;
  room: number;
  hall: number;
  bath: number;
  area: number;
  price: number;
  pictureCount: number;
  /** The pushing broker's id on this portal (bound in the broker settings), or null. */
  outBrokerId: string | null;
};

export type PublishOutcome =
  { accepted: true; outId: string; url: string } | { accepted: false; reason: string };

export type BrokerAccount = { account: string; phone: string; storeName: string };

export type VerifyOutcome = { ok: true; outBrokerId: string } | { ok: false; reason: string };

export type PortalStats = { outId: string; views: number; leads: number };

/** The portal could not be reached or answered with an error: the job is tried again later. */
export class PortalUnavailable extends Error {}

export type Portal = {
  channel: number;
  name: string;
  publish: (listing: PortalListing) => Promise<PublishOutcome>;
  /** Takes a published listing online (true) or offline (false, with the reason). */
  setOnline: (outId: string, online: boolean, reason: string | null) => Promise<void>;
  /** Takes a listing off the portal for good. */
  remove: (outId: string, reason: string) => Promise<void>;
  stats: (outIds: string[]) => Promise<PortalStats[]>;
  verifyBroker: (account: BrokerAccount) => Promise<VerifyOutcome>;
};

/** The portal of each channel (1-4). */
export type Portals = (channel: number) => Portal;
