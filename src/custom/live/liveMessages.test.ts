import { describe, expect, it } from 'vitest';
import {
  applyLiveMessage,
  type LiveMessage,
  type LiveState,
  MAX_LIVE_BUILDS,
  MAX_LIVE_LINES,
  parseLiveMessage,
} from './liveMessages';

const empty: LiveState = new Map();
const progress = (fw_id: number, data: unknown): LiveMessage => ({ fw_id, type: 'progress_build', data });
const log = (fw_id: number, seq: number, data: unknown = `line ${seq}`): LiveMessage => ({
  fw_id,
  type: 'log_build',
  data,
  seq,
});
const run = (messages: LiveMessage[], state: LiveState = empty) =>
  messages.reduce((s, m) => applyLiveMessage(s, m).state, state);

describe('parseLiveMessage', () => {
  it('reads the socket text {fw_id, type, data, seq}', () => {
    expect(parseLiveMessage('{"fw_id":7,"type":"progress_build","data":42,"seq":3}')).toEqual({
      fw_id: 7,
      type: 'progress_build',
      data: 42,
      seq: 3,
    });
    expect(parseLiveMessage({ fw_id: '8', type: 'log_build', data: 'x', seq: '9' })).toMatchObject({
      fw_id: 8,
      seq: 9,
    });
  });

  it('ignores what is not one of ours', () => {
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage('[1,2]')).toBeNull();
    expect(parseLiveMessage({ fw_id: 1, type: 'hello' })).toBeNull();
    expect(parseLiveMessage({ type: 'log_build', data: 'x' })).toBeNull();
  });
});

describe('applyLiveMessage', () => {
  it('progress_build sets the build progress, clamped to 0–100', () => {
    const state = run([progress(1, 10), progress(1, '55'), progress(2, { progress: 140 })]);
    expect(state.get(1)?.progress).toBe(55);
    expect(state.get(2)?.progress).toBe(100);
  });

  it('says finished once, when a build first reaches 100', () => {
    let state = run([progress(1, 90)]);
    const first = applyLiveMessage(state, progress(1, 100));
    expect(first.finished).toBe(true);
    state = first.state;
    expect(applyLiveMessage(state, progress(1, 100)).finished).toBe(false);
    expect(applyLiveMessage(empty, progress(3, 50)).finished).toBe(false);
  });

  it('log_build appends the line to that build only, once per sequence number, in order', () => {
    const state = run([
      log(1, 1),
      log(1, 2),
      log(2, 1, { line: 'other', at: '2025-01-01T00:00:00Z' }),
      log(1, 2),
      log(1, 4),
      log(1, 3),
    ]);
    expect(state.get(1)?.lines.map((l) => l.seq)).toEqual([1, 2, 3, 4]);
    expect(state.get(2)?.lines).toEqual([{ seq: 1, line: 'other', at: '2025-01-01T00:00:00Z' }]);
  });

  it('returns the same state for messages that change nothing', () => {
    const state = run([progress(1, 20), log(1, 1)]);
    expect(applyLiveMessage(state, progress(1, 20)).state).toBe(state);
    expect(applyLiveMessage(state, log(1, 1)).state).toBe(state);
    expect(applyLiveMessage(state, { fw_id: 1, type: 'log_build', data: 'no seq' }).state).toBe(state);
    expect(applyLiveMessage(state, progress(1, 'abc')).state).toBe(state);
  });

  it('keeps progress and lines of a build together', () => {
    const state = run([progress(5, 30), log(5, 1), progress(5, 40)]);
    expect(state.get(5)).toEqual({ progress: 40, lines: [{ seq: 1, line: 'line 1' }] });
  });

  it('bounds the lines per build and the builds followed', () => {
    const many = Array.from({ length: MAX_LIVE_LINES + 5 }, (_, i) => log(1, i + 1));
    const lines = run(many).get(1)?.lines ?? [];
    expect(lines).toHaveLength(MAX_LIVE_LINES);
    expect(lines[0].seq).toBe(6);
    const builds = run(Array.from({ length: MAX_LIVE_BUILDS + 3 }, (_, i) => progress(i + 1, 5)));
    expect(builds.size).toBe(MAX_LIVE_BUILDS);
    expect(builds.has(1)).toBe(false);
    expect(builds.has(MAX_LIVE_BUILDS + 3)).toBe(true);
  });
});
