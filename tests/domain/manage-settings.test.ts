import { describe, expect, it } from 'vitest';
import {
  defaultManageSetting,
  describeWeekdays,
  isLoginAllowedAt,
  loginWindowMessage,
  manageSettingProblem,
  watermarkText,
  weekdayNames,
  type ManageSetting,
} from '../../domain/manage-settings';

const setting = (overrides: Partial<ManageSetting> = {}): ManageSetting => ({
  ...defaultManageSetting,
  ...overrides,
});
const window = (
  overrides: Partial<ManageSetting['loginTimeLimit']> = {},
): ManageSetting['loginTimeLimit'] => ({
  selected: 1,
  startTime: '09:00',
  endTime: '18:00',
  weekdays: [1, 2, 3, 4, 5],
  ...overrides,
});
const user = { name: '张三', mobile: '13800001234', companyName: '房客地产' };

describe('management settings (管理设置)', () => {
  it('a new company approves joins, not added staff, allows several devices, no login window and no watermark', () => {
    expect(defaultManageSetting).toEqual({
      joinApprove: 1,
      addStaffApprove: 0,
      singleDeviceLogin: 0,
      loginTimeLimit: { selected: 0, startTime: '08:00', endTime: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      watermark: { selected: 0, contentType: 1, text: '' },
    });
    expect(manageSettingProblem(defaultManageSetting)).toBeNull();
    expect(weekdayNames).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
  });

  it('a login window that is on needs a day and a start before its end', () => {
    expect(manageSettingProblem(setting({ loginTimeLimit: window({ weekdays: [] }) }))).toBe(
      '请选择允许登录的星期（loginTimeLimit.weekdays）',
    );
    expect(manageSettingProblem(setting({ loginTimeLimit: window({ startTime: '18:00' }) }))).toBe(
      '登录时段的开始时间须早于结束时间（loginTimeLimit.startTime）',
    );
    expect(manageSettingProblem(setting({ loginTimeLimit: window({ startTime: '19:00' }) }))).toBe(
      '登录时段的开始时间须早于结束时间（loginTimeLimit.startTime）',
    );
    expect(manageSettingProblem(setting({ loginTimeLimit: window({ startTime: '17:59' }) }))).toBeNull();
    // A window that is off is not checked.
    expect(
      manageSettingProblem(
        setting({ loginTimeLimit: window({ selected: 0, weekdays: [], startTime: '19:00' }) }),
      ),
    ).toBeNull();
  });

  it('a custom watermark that is on needs its text; the other kinds and an off watermark do not', () => {
    const problem = '请输入自定义水印文字（watermark.text）';
    expect(manageSettingProblem(setting({ watermark: { selected: 1, contentType: 3, text: '  ' } }))).toBe(
      problem,
    );
    expect(
      manageSettingProblem(setting({ watermark: { selected: 1, contentType: 3, text: ' 内部 ' } })),
    ).toBeNull();
    expect(
      manageSettingProblem(setting({ watermark: { selected: 0, contentType: 3, text: '' } })),
    ).toBeNull();
    expect(
      manageSettingProblem(setting({ watermark: { selected: 1, contentType: 2, text: '' } })),
    ).toBeNull();
  });

  it('says the allowed days as a reader does: every day, a run of three or more, or a list', () => {
    expect(describeWeekdays([7, 6, 5, 4, 3, 2, 1])).toBe('每天');
    expect(describeWeekdays([1, 2, 3, 4, 5])).toBe('周一至周五');
    expect(describeWeekdays([5, 3, 4, 4])).toBe('周三至周五');
    expect(describeWeekdays([1, 2])).toBe('周一、周二');
    expect(describeWeekdays([1, 2, 4])).toBe('周一、周二、周四');
    expect(describeWeekdays([1, 3, 4])).toBe('周一、周三、周四');
    expect(describeWeekdays([6, 1, 3])).toBe('周一、周三、周六');
    expect(describeWeekdays([0, 1, 2, 8, 7])).toBe('周一、周二、周日');
    expect(describeWeekdays([1, 2, 3, 4, 5, 6, 7, 7])).toBe('每天');
    expect(describeWeekdays([])).toBe('');
  });

  it('lets a non-manager log in inside the window on an allowed day, always when the window is off', () => {
    const limit = window();
    expect(isLoginAllowedAt(limit, 1, '09:00')).toBe(true);
    expect(isLoginAllowedAt(limit, 5, '17:59')).toBe(true);
    expect(isLoginAllowedAt(limit, 5, '18:00')).toBe(false);
    expect(isLoginAllowedAt(limit, 3, '08:59')).toBe(false);
    expect(isLoginAllowedAt(limit, 6, '10:00')).toBe(false);
    expect(isLoginAllowedAt(window({ selected: 0 }), 6, '23:00')).toBe(true);
  });

  it('tells a refused login when it may log in', () => {
    expect(loginWindowMessage(window())).toBe('当前时段不允许登录，允许登录时间为周一至周五 09:00-18:00');
  });

  it('marks the page with the user and the last four digits of the mobile, the company, or the custom text', () => {
    expect(watermarkText({ selected: 0, contentType: 1, text: '' }, user)).toBeNull();
    expect(watermarkText({ selected: 1, contentType: 1, text: '' }, user)).toBe('张三 1234');
    expect(watermarkText({ selected: 1, contentType: 2, text: '' }, user)).toBe('房客地产');
    expect(watermarkText({ selected: 1, contentType: 3, text: ' 内部资料 ' }, user)).toBe('内部资料');
    expect(watermarkText({ selected: 1, contentType: 3, text: '  ' }, user)).toBeNull();
  });
});
