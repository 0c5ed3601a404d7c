// The check-ins kept on the device: each leaves the queue once the portal answered it, and waits while there is no
// connection (issue 28).
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { enqueueCheckin, flushCheckins, pendingCheckins, type QueuedCheckin } from './checkin-queue';

const DOOR = 40;
const checkin = (key: string, id_user: number, by = DOOR): QueuedCheckin => ({
  id_game: 7,
  by,
  key,
  id_user,
  role: 'helper',
  member_name: `Member ${id_user}`,
});
const offline = () => Promise.reject(new ApiError(0, 'The portal could not be reached.', 'network'));

beforeEach(() => localStorage.clear());

describe('the check-in queue', () => {
  it('keeps every check-in while the portal cannot be reached, and sends them in order once it can', async () => {
    enqueueCheckin(checkin('key-aaaa-1', 1));
    enqueueCheckin(checkin('key-bbbb-2', 2));
    expect(await flushCheckins(DOOR, offline)).toEqual({ sent: 0, refused: [] });
    expect(pendingCheckins(DOOR).map((c) => c.key)).toEqual(['key-aaaa-1', 'key-bbbb-2']);

    const sent: string[] = [];
    expect(await flushCheckins(DOOR, async (c) => sent.push(c.key))).toEqual({ sent: 2, refused: [] });
    expect(sent).toEqual(['key-aaaa-1', 'key-bbbb-2']);
    expect(pendingCheckins(DOOR)).toEqual([]);
  });

  it('drops a check-in the portal refused for good, and reports it', async () => {
    enqueueCheckin(checkin('key-cccc-3', 3));
    const refused = () => Promise.reject(new ApiError(403, 'Only the storyteller may check members in.'));
    expect(await flushCheckins(DOOR, refused)).toEqual({ sent: 0, refused: [expect.objectContaining({ key: 'key-cccc-3' })] });
    expect(pendingCheckins(DOOR)).toEqual([]);
  });

  it('sends one round at a time: a second flush while one runs sends nothing twice', async () => {
    enqueueCheckin(checkin('key-dddd-4', 4));
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
    };
    await Promise.all([flushCheckins(DOOR, slow), flushCheckins(DOOR, slow)]);
    expect(calls).toBe(1);
  });

  it('is sent only by the member who made it: another signed in on the device neither sends nor sees it', async () => {
    enqueueCheckin(checkin('key-ffff-6', 6));
    const sent: string[] = [];
    expect(await flushCheckins(DOOR + 1, async (c) => sent.push(c.key))).toEqual({ sent: 0, refused: [] });
    expect(sent).toEqual([]);
    expect(pendingCheckins(DOOR + 1)).toEqual([]);
    expect(await flushCheckins(DOOR, async (c) => sent.push(c.key))).toEqual({ sent: 1, refused: [] });
    expect(sent).toEqual(['key-ffff-6']);
  });

  it('keeps a check-in queued twice with the same key once', () => {
    enqueueCheckin(checkin('key-eeee-5', 5));
    enqueueCheckin(checkin('key-eeee-5', 5));
    expect(pendingCheckins(DOOR)).toHaveLength(1);
  });
});
