import { describe, expect, it } from 'vitest';
import {
  clampDate,
  createQueryThrottle,
  createThrottle,
  inputMaxLength,
  pickerBounds,
  selectPlaceholder,
} from '../../src/ui/input-rules';

describe('the shared input rules (000 sections 5, 8 and 9)', () => {
  it('limits text inputs to 140 characters unless the field sets its own limit', () => {
    expect(inputMaxLength(undefined, undefined)).toBe(140);
    expect(inputMaxLength('text', undefined)).toBe(140);
    expect(inputMaxLength('password', undefined)).toBe(140);
    expect(inputMaxLength('text', 11)).toBe(11);
    expect(inputMaxLength('number', undefined)).toBeUndefined();
    expect(inputMaxLength('date', undefined)).toBeUndefined();
  });

  it('names an empty choice -请选择-', () => {
    expect(selectPlaceholder).toBe('-请选择-');
  });

  it('bounds a date picker 150 years each way from today', () => {
    expect(pickerBounds(new Date(2026, 10, 25))).toEqual({ min: '1876-11-25', max: '2176-11-25' });
  });

  it('moves a date outside its bounds onto the nearer bound and leaves the rest alone', () => {
    expect(clampDate('0202-01-01', '1876-11-25', '2176-11-25')).toBe('1876-11-25');
    expect(clampDate('9999-12-31', '1876-11-25', '2176-11-25')).toBe('2176-11-25');
    expect(clampDate('2026-03-01', '1876-11-25', '2176-11-25')).toBe('2026-03-01');
    expect(clampDate('2026-03-01', '2026-04-01', undefined)).toBe('2026-04-01');
    expect(clampDate('', '1876-11-25', '2176-11-25')).toBe('');
  });

  it('lets a button act once per 500 ms however often it is pressed', () => {
    let time = 1_000;
    const mayAct = createThrottle(500, () => time);
    expect(mayAct()).toBe(true);
    time += 120;
    expect(mayAct()).toBe(false);
    time += 379;
    expect(mayAct()).toBe(false);
    time += 1;
    expect(mayAct()).toBe(true);
    expect(mayAct()).toBe(false);
  });

  it('lets a search button run the same query once per 500 ms, and a changed query at once', () => {
    let time = 1_000;
    const mayRun = createQueryThrottle(500, () => time);
    expect(mayRun('["张"]')).toBe(true);
    time += 100;
    expect(mayRun('["张"]')).toBe(false);
    expect(mayRun('["李"]')).toBe(true);
    time += 100;
    expect(mayRun('["张"]')).toBe(true);
    time += 499;
    expect(mayRun('["张"]')).toBe(false);
    time += 1;
    expect(mayRun('["张"]')).toBe(true);
  });
});
