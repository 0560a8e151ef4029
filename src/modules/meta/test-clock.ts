// The test clock (CONTRACT 0) only moves forward. Its offset is also written to the database so
// a restarted process resumes at the same service time rather than jumping back.
import type { AppContext } from '../../context.ts';
import { getOrCreateSetting, setSetting } from '../../db/settings.ts';
import { ApiError } from '../../lib/errors.ts';

export const CLOCK_SETTING = 'test_clock_offset_ms';

export async function advanceTestClock(
  ctx: AppContext,
  body: { advance_seconds?: number; now?: string },
): Promise<Date> {
  if ((body.advance_seconds === undefined) === (body.now === undefined)) {
    throw new ApiError('invalid_request', 'Send exactly one of advance_seconds or now.', {
      errors: [{ path: '(root)', message: 'exactly one of advance_seconds, now' }],
    });
  }
  const current = ctx.clock.now();
  const target =
    body.advance_seconds !== undefined
      ? new Date(current.getTime() + body.advance_seconds * 1000)
      : new Date(body.now!);
  if (target.getTime() < current.getTime()) {
    throw new ApiError('invalid_request', 'The test clock only moves forward.', {
      errors: [{ path: 'now', message: `is before the current service time ${current.toISOString()}` }],
    });
  }
  const moved = ctx.clock.advanceTo(target);
  await setSetting(ctx.db, CLOCK_SETTING, String(moved.getTime() - Date.now()), moved);
  return moved;
}

export async function loadTestClockOffset(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const { value } = await getOrCreateSetting(ctx.db, CLOCK_SETTING, () => '0', now);
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
