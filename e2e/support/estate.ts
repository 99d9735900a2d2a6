/**
 * Test-side calls for the estate specs (小区档案, 云采集): a new company working in 深圳, its collect
 * ticket and the collect host's calls, the community archive and its pictures — what the same person
 * in another tab, or someone else of the company, does on the real server while a path runs.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { e2ePassword, login, post, registerCompany, type Credentials, type Envelope } from './api';
import { get, must } from './oa';
import { buySeats } from './org';
import { strokePng } from '../../tests/support/test-data';

/** 深圳, whose platform communities the sandbox's collect provider covers. */
export const shenzhen = 4403;

export type EstateCompany = { credentials: Credentials };

/**
 * A new company with only its manager (every permission), working in 深圳, with the basic package
 * bought in the sandbox (it opens the listing and community apps).
 */
export async function estateCompany(request: APIRequestContext): Promise<EstateCompany> {
  const phone = await registerCompany(request, '小区房产');
  const credentials = await login(request, phone, e2ePassword);
  await buySeats(request, credentials);
  await must(
    post(request, '/org/v2/openCitySave', { cityIds: [shenzhen], defaultCityId: shenzhen }, credentials),
    'open city',
  );
  return { credentials };
}

export async function communityIdOf(
  request: APIRequestContext,
  company: EstateCompany,
  name: string,
): Promise<number> {
  const list = await must(
    get<{ communityId: number }[]>(
      request,
      `/community/communityPosts?key=${encodeURIComponent(name)}`,
      company.credentials,
    ),
    'communities',
  );
  const found = list[0];
  if (!found) throw new Error(`no community ${name}`);
  return found.communityId;
}

type Ticket = { ticket: string; companyId: number; userId: number };

/** A call of the collect host: no token or sessionid header, the session's collect ticket instead. */
export async function collectCall<T>(
  request: APIRequestContext,
  company: EstateCompany,
  path: string,
  query: Record<string, string | number>,
): Promise<Envelope<T>> {
  const ticket = await must(get<Ticket>(request, '/community/collectTicket', company.credentials), 'ticket');
  const params = new URLSearchParams({
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    companyId: String(ticket.companyId),
    userId: String(ticket.userId),
    ticket: ticket.ticket,
  });
  const response = await request.get(`/api${path}?${params.toString()}`);
  return (await response.json()) as Envelope<T>;
}

/** Uploads a picture (/base/uploadPhoto); its address. */
export async function uploadPicture(request: APIRequestContext, company: EstateCompany): Promise<string> {
  const uploaded = await request.post('/api/base/uploadPhoto', {
    headers: company.credentials,
    multipart: { file: { name: '外景.png', mimeType: 'image/png', buffer: strokePng(40, 30) } },
  });
  const body = (await uploaded.json()) as Envelope<string | { url: string }>;
  expect(body.code, body.message).toBe(200);
  return typeof body.data === 'string' ? body.data : body.data.url;
}
